import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { AccountsModule } from '../accounts';
import { MasterDataModule } from '../master-data';
import { OrdersModule } from '../orders';
import { PlatformModule } from '../platform';
import { DemoSeeder } from './demo.seeder';

/**
 * The demo warehouse (SEED_DEMO). It owns no tables: it drives the other contexts through
 * their public services and commands, exactly as an administrator would.
 */
@Module({
  imports: [CqrsModule, AccountsModule, MasterDataModule, OrdersModule, PlatformModule],
  providers: [DemoSeeder],
  exports: [DemoSeeder],
})
export class DemoModule {}
