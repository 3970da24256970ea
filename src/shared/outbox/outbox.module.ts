import { Global, Module } from '@nestjs/common';
import { Outbox } from './outbox';

/** The transactional outbox, for the transition runner, the ledger and any command that reports an event. */
@Global()
@Module({ providers: [Outbox], exports: [Outbox] })
export class OutboxModule {}
