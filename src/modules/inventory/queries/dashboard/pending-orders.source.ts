import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import type { PendingOrderFigures } from '../../../../../contract/stock';

export type { PendingOrderFigures } from '../../../../../contract/stock';

/** Counts with the caller's manager: the dashboard reads from a replica when there is one. */
export type PendingOrderCounter = (manager: EntityManager) => Promise<PendingOrderFigures>;

/**
 * The dashboard's port for "orders awaiting review": the orders context owns those tables and plugs its
 * count query in here when it starts (orders imports inventory, so inventory cannot import orders back).
 * Without a counter (inventory alone, e.g. in a unit of the rebuild script) the answer is zero.
 */
@Injectable()
export class PendingOrdersSource {
  private counter: PendingOrderCounter | null = null;

  use(counter: PendingOrderCounter): void {
    this.counter = counter;
  }

  count(manager: EntityManager): Promise<PendingOrderFigures> {
    return this.counter ? this.counter(manager) : Promise.resolve({ inbound_orders: 0, outbound_orders: 0 });
  }
}
