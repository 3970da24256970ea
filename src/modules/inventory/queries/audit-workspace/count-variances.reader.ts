import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { TransactionRunner } from '../../../../shared/database/transaction-runner';
import { fromCents, toCents } from '../../../../shared/database/money';
import { AUDIT_COUNT_CAP, Paging, VarianceFilters } from './audit-filters';
import { historyMovement } from './history-movement';
import { reasonKey, VarianceReasonsSource } from './variance-reasons.source';
import type { VarianceAnswer, VarianceRow } from '../../../../../contract/audit';
import type { VarianceTotals } from '../../../../../contract/stock';

/** One posted count line or adjustment line that changed stock (contract/audit.ts): its signed variance and what it is worth. */
export type { VarianceRow };

const COLUMNS = 'id, event_id, createtime, order_type, order_id, order_no, form_type, product_id, product_no, product_name, spec, unit, warehouse_id, warehouse_shelf_id, shelf_location, lot_no, quantity, price, operator';

/**
 * The count and adjustment variances of a period: the ledger's movements of form types 80/90 (a count's
 * gains and losses) and 100/110 (an adjustment's lines), one per posted line and lot, from the inventory
 * history in ledger order. The value is quantity × the unit price the line was posted at — the product's
 * price when the count was posted, the adjustment line's own price — computed in cents (no float), and the
 * totals sum those cents in SQL (each value has two decimals, so ROUND(total × 100) is exact on both engines).
 */
@Injectable()
export class CountVarianceReader {
  constructor(
    private readonly transactions: TransactionRunner,
    private readonly reasons: VarianceReasonsSource,
  ) {}

  /** The rows with their adjustment line's reason (a count's rows: `count`). */
  private async withReasons(manager: EntityManager, rows: Array<Record<string, unknown>>): Promise<VarianceRow[]> {
    const adjustments = rows.filter((r) => r.order_type === 'adjustment').map((r) => Number(r.order_id));
    const reasons = await this.reasons.of(manager, adjustments);
    return rows.map((r) => ({
      ...toRow(r),
      reason: r.order_type === 'adjustment' ? (reasons.get(reasonKey(Number(r.order_id), Number(r.product_id), Number(r.warehouse_shelf_id))) ?? '') : 'count',
    }));
  }

  async page(filters: VarianceFilters, paging: Paging): Promise<VarianceAnswer> {
    const manager = this.transactions.manager;
    const { where, params } = conditions(filters);
    const [{ n }] = await manager.query(`SELECT COUNT(*) AS n FROM (SELECT 1 FROM inventory_history WHERE ${where} LIMIT ${AUDIT_COUNT_CAP + 1}) counted`, params);
    const rows = await manager.query(`SELECT ${COLUMNS} FROM inventory_history WHERE ${where} ORDER BY event_id LIMIT ${paging.limit} OFFSET ${(paging.page - 1) * paging.limit}`, params);
    const totals = await this.totals(filters);
    const total = Number(n);
    const list = await this.withReasons(manager, rows);
    return total > AUDIT_COUNT_CAP ? { list, total: AUDIT_COUNT_CAP, total_capped: true, totals } : { list, total, totals };
  }

  async totals(filters: VarianceFilters): Promise<VarianceTotals> {
    const { where, params } = conditions(filters);
    const groups: Array<{ gain: unknown; line_count: unknown; quantity: unknown; cents: unknown }> = await this.transactions.manager.query(
      `SELECT CASE WHEN quantity > 0 THEN 1 ELSE 0 END AS gain, COUNT(*) AS line_count, SUM(quantity) AS quantity, SUM(ROUND(total_price * 100)) AS cents
         FROM inventory_history WHERE ${where} GROUP BY CASE WHEN quantity > 0 THEN 1 ELSE 0 END`,
      params,
    );
    const of = (gain: number) => groups.find((g) => Number(g.gain) === gain);
    const cents = (g: { cents: unknown } | undefined) => BigInt(Math.round(Number(g?.cents ?? 0)));
    const gain = of(1);
    const loss = of(0);
    const gainQuantity = Number(gain?.quantity ?? 0);
    const lossQuantity = Number(loss?.quantity ?? 0);
    return {
      gain_lines: Number(gain?.line_count ?? 0),
      gain_quantity: gainQuantity,
      gain_value: fromCents(cents(gain)),
      loss_lines: Number(loss?.line_count ?? 0),
      loss_quantity: -lossQuantity,
      loss_value: fromCents(cents(loss)),
      net_quantity: gainQuantity + lossQuantity,
      net_value: fromCents(cents(gain) + cents(loss)),
    };
  }

  /** Every row of the period, page after page by event id, for an export (memory holds one page). */
  async *scan(filters: VarianceFilters, chunkSize = 500): AsyncGenerator<VarianceRow[]> {
    const { where, params } = conditions(filters);
    let after = 0;
    for (;;) {
      const rows = await this.transactions.manager.query(`SELECT ${COLUMNS} FROM inventory_history WHERE ${where} AND event_id > ? ORDER BY event_id LIMIT ${chunkSize}`, [...params, after]);
      if (!rows.length) return;
      const list = await this.withReasons(this.transactions.manager, rows);
      after = list[list.length - 1].event_id;
      yield list;
      if (rows.length < chunkSize) return;
    }
  }
}

function toRow(r: Record<string, unknown>): Omit<VarianceRow, 'reason'> {
  const movement = historyMovement(r);
  return {
    ...movement,
    order_type: String(r.order_type),
    order_id: Number(r.order_id),
    warehouse_id: Number(r.warehouse_id),
    value: fromCents(toCents(movement.price) * BigInt(movement.quantity)),
  };
}

/** Form types are checked against the four of counts and adjustments before they get here. */
function conditions(f: VarianceFilters): { where: string; params: unknown[] } {
  const parts = [`form_type IN (${f.formTypes.map(() => '?').join(', ')})`];
  const params: unknown[] = [...f.formTypes];
  if (f.warehouseId !== null) parts.push('warehouse_id = ?') && params.push(f.warehouseId);
  if (f.period.since !== null) parts.push('createtime >= ?') && params.push(f.period.since);
  if (f.period.until !== null) parts.push('createtime <= ?') && params.push(f.period.until);
  return { where: parts.join(' AND '), params };
}
