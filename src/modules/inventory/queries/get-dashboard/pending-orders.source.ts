import { Injectable } from '@nestjs/common';

export interface PendingOrderFigures {
  inbound_orders: number;
  outbound_orders: number;
}

export type PendingOrderCounter = () => Promise<PendingOrderFigures>;

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

  count(): Promise<PendingOrderFigures> {
    return this.counter ? this.counter() : Promise.resolve({ inbound_orders: 0, outbound_orders: 0 });
  }
}
