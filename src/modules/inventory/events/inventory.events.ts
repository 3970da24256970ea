import { IEvent } from '@nestjs/cqrs';

/**
 * Published on the EventBus after the commit of a transaction that posted to the ledger: how much each
 * product's total stock changed in it (product id → delta, base units). For reactions that must never
 * decide on stock (a chat robot's "below safety stock"); stock itself never waits for them.
 */
export class ProductTotalsChangedEvent implements IEvent {
  constructor(readonly deltas: ReadonlyMap<number, number>) {}
}

/** Published after a ledger verification found the ledger not intact (a broken chain or a failed digest). */
export class LedgerVerificationFailedEvent implements IEvent {
  constructor(
    readonly problem: string,
    readonly events: number,
    readonly intactUpTo: number,
    readonly source: 'web' | 'cli',
  ) {}
}
