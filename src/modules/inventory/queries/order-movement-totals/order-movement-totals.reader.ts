import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';

export interface OrderMovementTotal {
  order_id: number;
  product_id: number;
  warehouse_shelf_id: number;
  lot_no: string;
  /** Signed: what the order's events put on (positive) or took off (negative) the shelf. */
  quantity: number;
}

/**
 * What the ledger recorded under each order, summed per (order, product, shelf, lot), for a range of order ids.
 * Read from the history projection, which holds one row per event: run right after a rebuild (as
 * `projections:rebuild` does), it is the ledger itself.
 */
@Injectable()
export class OrderMovementTotalsReader {
  async ofOrders(manager: EntityManager, orderType: string, fromId: number, toId: number): Promise<OrderMovementTotal[]> {
    const rows: Array<Record<string, unknown>> = await manager.query(
      `SELECT order_id, product_id, warehouse_shelf_id, lot_no, SUM(quantity) AS quantity FROM inventory_history
       WHERE order_type = ? AND order_id BETWEEN ? AND ? GROUP BY order_id, product_id, warehouse_shelf_id, lot_no`,
      [orderType, fromId, toId],
    );
    return rows.map((r) => ({ order_id: Number(r.order_id), product_id: Number(r.product_id), warehouse_shelf_id: Number(r.warehouse_shelf_id), lot_no: String(r.lot_no ?? ''), quantity: Number(r.quantity) }));
  }

  /** The highest order id the ledger names for an order type (0 when none). */
  async lastOrderId(manager: EntityManager, orderType: string): Promise<number> {
    const [row] = await manager.query('SELECT MAX(order_id) AS id FROM inventory_history WHERE order_type = ?', [orderType]);
    return Number(row?.id ?? 0);
  }
}
