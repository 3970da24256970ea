import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { databaseSettings, dataSourceOptions } from '../../../ormconfig';
import { RowShapeCheck } from './rows';
import { TransactionRunner } from './transaction-runner';

@Global()
@Module({
  imports: [
    TypeOrmModule.forRootAsync({
      useFactory: () => ({ ...dataSourceOptions(databaseSettings()), autoLoadEntities: true }),
    }),
  ],
  providers: [TransactionRunner, RowShapeCheck],
  exports: [TransactionRunner],
})
export class DatabaseModule {}
