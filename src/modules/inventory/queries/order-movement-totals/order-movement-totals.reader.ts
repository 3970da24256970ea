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

/** What the ledger recorded of one lot under one order and form type. */
export interface LotMovementTotal {
  order_type: string;
  order_id: number;
  order_no: string;
  form_type: number;
  /** Signed, summed over the order's events of that form type. */
  quantity: number;
  first_at: number;
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

  /**
   * Everything the ledger recorded of one lot of a product, summed per (order, form type): what each order put
   * on (positive) or took off (negative) the warehouse in that lot, with its first time; in ledger order.
   */
  async ofLot(manager: EntityManager, productId: number, lotNo: string): Promise<LotMovementTotal[]> {
    const rows: Array<Record<string, unknown>> = await manager.query(
      `SELECT order_type, order_id, order_no, form_type, SUM(quantity) AS quantity, MIN(createtime) AS first_at, MIN(id) AS first_id FROM inventory_history
       WHERE product_id = ? AND lot_no = ? GROUP BY order_type, order_id, order_no, form_type ORDER BY first_id`,
      [productId, lotNo],
    );
    return rows.map((r) => ({ order_type: String(r.order_type), order_id: Number(r.order_id), order_no: String(r.order_no ?? ''), form_type: Number(r.form_type), quantity: Number(r.quantity), first_at: Number(r.first_at ?? 0) }));
  }

  /** The highest order id the ledger names for an order type (0 when none). */
  async lastOrderId(manager: EntityManager, orderType: string): Promise<number> {
    const [row] = await manager.query('SELECT MAX(order_id) AS id FROM inventory_history WHERE order_type = ?', [orderType]);
    return Number(row?.id ?? 0);
  }
}
