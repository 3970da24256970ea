import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { toMoneyString } from '../../../../shared/database/money';
import { forUpdate } from '../../../../shared/database/sql-dialect';
import { OrderMovementTotalsReader } from '../../../inventory';
import { AUDIT_STATUS } from '../../../../../contract/enums';
import { Returnable, returnables, returnKeyOf } from '../../domain/customer-return';

/** The outbound order a return is made against, as a return needs it. */
export interface ReturnedOutbound {
  id: number;
  outbound_no: string;
  customer_id: number;
  audit_status: number;
}

/**
 * What may still be returned of a shipped outbound order, per (product, lot): what the ledger took out under
 * the order (every allocation, whatever shelf: the ledger is the truth of what left) less what audited returns
 * took back, with the price each product was shipped at.
 */
@Injectable()
export class ReturnablesReader {
  constructor(private readonly movements: OrderMovementTotalsReader) {}

  /**
   * The outbound order (null when there is none). With `lock`, a locking read: every return audit of the order
   * locks it first, so two audits against one shipment take turns and the second sees what the first took back.
   */
  async outbound(manager: EntityManager, id: number, lock = false): Promise<ReturnedOutbound | null> {
    const [row] = await manager.query(`SELECT id, outbound_no, customer_id, audit_status FROM outbound_order WHERE id = ?${lock ? forUpdate(manager) : ''}`, [id]);
    return row ? { id: Number(row.id), outbound_no: String(row.outbound_no), customer_id: Number(row.customer_id), audit_status: Number(row.audit_status) } : null;
  }

  /**
   * The serials still returnable of a shipment, by product: those its outbound events took out (the serial
   * projection's movements) less those the audited returns against it brought back, each as often as it went.
   */
  async serials(manager: EntityManager, outboundId: number): Promise<Map<number, Set<string>>> {
    const moved = (where: string, join = '') =>
      manager.query(`SELECT m.product_id, m.serial_no FROM stock_serial_movement m JOIN inventory_history h ON h.event_id = m.event_id ${join} WHERE ${where}`, [outboundId]) as Promise<Array<Record<string, unknown>>>;
    const [out, back] = await Promise.all([
      moved("h.order_type = 'outbound' AND h.order_id = ? AND h.quantity < 0"),
      moved(`h.order_type = 'return' AND h.quantity > 0 AND o.outbound_id = ? AND o.audit_status = ${AUDIT_STATUS.audited}`, 'JOIN return_order o ON o.id = h.order_id'),
    ]);
    const times = new Map<string, number>();
    const key = (r: Record<string, unknown>) => `${Number(r.product_id)}\u0000${String(r.serial_no)}`;
    for (const r of out) times.set(key(r), (times.get(key(r)) ?? 0) + 1);
    for (const r of back) times.set(key(r), (times.get(key(r)) ?? 0) - 1);
    const left = new Map<number, Set<string>>();
    for (const [k, n] of times) {
      if (n <= 0) continue;
      const [productId, serial] = k.split('\u0000');
      if (!left.has(Number(productId))) left.set(Number(productId), new Set());
      left.get(Number(productId))!.add(serial);
    }
    return left;
  }

  async of(manager: EntityManager, outboundId: number): Promise<Returnable[]> {
    const shipped = new Map<string, number>();
    for (const m of await this.movements.ofOrders(manager, 'outbound', outboundId, outboundId)) {
      const key = returnKeyOf(m.product_id, m.lot_no);
      shipped.set(key, (shipped.get(key) ?? 0) - m.quantity);
    }
    const returned = new Map<string, number>();
    const back: Array<Record<string, unknown>> = await manager.query(
      'SELECT l.product_id, l.lot_no, SUM(l.quantity) AS quantity FROM return_order_line l JOIN return_order o ON o.id = l.return_order_id WHERE o.outbound_id = ? AND o.audit_status = ? GROUP BY l.product_id, l.lot_no',
      [outboundId, AUDIT_STATUS.audited],
    );
    for (const r of back) {
      const key = returnKeyOf(Number(r.product_id), String(r.lot_no ?? ''));
      returned.set(key, (returned.get(key) ?? 0) + Number(r.quantity));
    }
    const prices = new Map<number, string>();
    const lines: Array<Record<string, unknown>> = await manager.query('SELECT product_id, price FROM outbound_order_line WHERE outbound_order_id = ? ORDER BY id', [outboundId]);
    for (const l of lines) if (!prices.has(Number(l.product_id))) prices.set(Number(l.product_id), toMoneyString(l.price));
    return returnables(shipped, returned, prices);
  }
}
