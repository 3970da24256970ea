import { Injectable } from '@nestjs/common';
import type { MovedOrderType, OrderMovement } from '../../../../../contract/audit';
import { EntityManager } from 'typeorm';
import { toMoneyString } from '../../../../shared/database/money';
import { historyMovement } from './history-movement';

/** An order's movements answered at once: a 1,000-line order is far beyond any the forms let one enter. */
const ORDER_MOVEMENTS_CAP = 1000;

export type { MovedOrderType };

/**
 * One order's movements as the ledger recorded them at its audit (the history rows carry the names, places
 * and prices of that moment), in ledger order; index (order_type, order_id).
 */
@Injectable()
export class OrderMovementReader {
  async of(manager: EntityManager, orderType: MovedOrderType, orderId: number): Promise<OrderMovement[]> {
    const rows: Array<Record<string, unknown>> = await manager.query(
      `SELECT id, event_id, createtime, order_no, form_type, product_id, product_no, product_name, spec, unit, shelf_location, lot_no, expiry_date, quantity, price, total_price, balance, operator
         FROM inventory_history WHERE order_type = ? AND order_id = ? ORDER BY event_id LIMIT ${ORDER_MOVEMENTS_CAP}`,
      [orderType, orderId],
    );
    return rows.map((r) => ({
      ...historyMovement(r),
      expiry_date: String(r.expiry_date ?? ''),
      total_price: toMoneyString(r.total_price ?? 0),
      balance: Number(r.balance),
    }));
  }
}
