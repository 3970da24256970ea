import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { IdempotencyKeyEntity } from './idempotency-key.entity';
import { IdempotencyKeys } from './idempotency-keys';
import { TransitionRunner } from './transition-runner';
import { CreationRunner } from './creation-runner';

/** The transition runner, the creation runner and the idempotency keys, for every context with documents that have a lifecycle (the EventBus it publishes on comes from `CqrsModule.forRoot()`). */
@Global()
@Module({
  imports: [TypeOrmModule.forFeature([IdempotencyKeyEntity])],
  providers: [IdempotencyKeys, TransitionRunner, CreationRunner],
  exports: [IdempotencyKeys, TransitionRunner, CreationRunner],
})
export class TransitionsModule {}
