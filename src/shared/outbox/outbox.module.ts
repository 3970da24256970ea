import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Outbox } from './outbox';
import { OutboxEntity } from './outbox.entity';

/** The transactional outbox, for the transition runner, the ledger and any command that reports an event. */
@Global()
@Module({ imports: [TypeOrmModule.forFeature([OutboxEntity])], providers: [Outbox], exports: [Outbox] })
export class OutboxModule {}
