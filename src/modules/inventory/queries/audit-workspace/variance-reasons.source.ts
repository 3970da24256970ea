import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';

/** Why an adjustment order's line changed stock: its order, product and shelf, and the line's reason key. */
export interface AdjustmentLineReason {
  order_id: number;
  product_id: number;
  warehouse_shelf_id: number;
  reason: string;
}

export type AdjustmentReasonReader = (manager: EntityManager, orderIds: readonly number[]) => Promise<AdjustmentLineReason[]>;

/**
 * The variance list's port for adjustment reasons: the orders context owns the adjustment lines and plugs its
 * query in here when it starts (orders imports inventory, so inventory cannot import orders back). Without a
 * reader (inventory alone) no row has a reason.
 */
@Injectable()
export class VarianceReasonsSource {
  private reader: AdjustmentReasonReader | null = null;

  use(reader: AdjustmentReasonReader): void {
    this.reader = reader;
  }

  /**
   * The reasons of these adjustment orders' lines, keyed `order:product:shelf` (a line without a lot may have
   * taken several lots; several lines of one product on one shelf: their reasons joined).
   */
  async of(manager: EntityManager, orderIds: readonly number[]): Promise<Map<string, string>> {
    const reasons = new Map<string, string[]>();
    if (!this.reader || !orderIds.length) return new Map();
    for (const line of await this.reader(manager, [...new Set(orderIds)])) {
      const key = reasonKey(line.order_id, line.product_id, line.warehouse_shelf_id);
      const known = reasons.get(key) ?? [];
      if (!known.includes(line.reason)) known.push(line.reason);
      reasons.set(key, known);
    }
    return new Map([...reasons].map(([key, list]) => [key, list.join(',')]));
  }
}

export const reasonKey = (orderId: number, productId: number, shelfId: number) => `${orderId}:${productId}:${shelfId}`;
