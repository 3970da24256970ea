import { Injectable } from '@nestjs/common';
import type { AuditPage, TraceRow } from '../../../../../contract/audit';
import { EntityManager } from 'typeorm';
import { TransactionRunner } from '../../../../shared/database/transaction-runner';
import { toMoneyString } from '../../../../shared/database/money';
import { AUDIT_COUNT_CAP, Paging, TraceFilters } from './audit-filters';
import { historyMovement } from './history-movement';

/** One movement of a trace (contract/audit.ts): the history row (the snapshot taken when it happened) with its running balances. */
export type { TraceRow };

/** Where a trace stands between two pages: the last movement read and both balances right after it. */
interface TraceCursor {
  eventId: number;
  scopeBalance: number;
  productBalance: number;
}

const COLUMNS =
  'id, event_id, createtime, order_type, order_id, order_no, form_type, product_id, product_no, product_name, spec, unit, warehouse_id, warehouse_shelf_id, shelf_location, lot_no, expiry_date, quantity, price, total_price, balance, operator';

/**
 * A product's (or a lot's) movement trace, in ledger order (event id), from the inventory history: every row
 * carries the snapshot taken when it happened and the id of the order it came from. Running balances:
 * `scope_balance` sums the movements the lot / warehouse / shelf filters select from the very first one
 * (a period only hides rows: the balance at its first row counts everything before it); `product_balance`
 * sums every movement of the product. Both come from signed quantities, so they agree with the stock the
 * ledger folds to (a spec checks it against the stock list).
 *
 * Cost: a page opens with one SUM per balance over the product's earlier rows (index product_id, event_id)
 * and, when a filter narrows the scope, reads the product's other movements between the page's first and
 * last row (event id and quantity only). An export carries both balances from page to page instead.
 */
@Injectable()
export class MovementTraceReader {
  constructor(private readonly transactions: TransactionRunner) {}

  async page(filters: TraceFilters, paging: Paging): Promise<AuditPage<TraceRow>> {
    const manager = this.transactions.manager;
    const { where, params } = conditions(filters, true);
    const [{ n }] = await manager.query(`SELECT COUNT(*) AS n FROM (SELECT 1 FROM inventory_history WHERE ${where} LIMIT ${AUDIT_COUNT_CAP + 1}) counted`, params);
    const total = Number(n);
    const rows = await manager.query(`SELECT ${COLUMNS} FROM inventory_history WHERE ${where} ORDER BY event_id LIMIT ${paging.limit} OFFSET ${(paging.page - 1) * paging.limit}`, params);
    const list = await this.annotate(manager, filters, rows, null);
    return total > AUDIT_COUNT_CAP ? { list, total: AUDIT_COUNT_CAP, total_capped: true } : { list, total };
  }

  /** Every row of the trace, page after page by event id, for an export (memory holds one page). */
  async *scan(filters: TraceFilters, chunkSize = 500): AsyncGenerator<TraceRow[]> {
    const manager = this.transactions.manager;
    const { where, params } = conditions(filters, true);
    let cursor: TraceCursor | null = null;
    for (;;) {
      const after: number = cursor ? cursor.eventId : 0;
      const rows = await manager.query(`SELECT ${COLUMNS} FROM inventory_history WHERE ${where} AND event_id > ? ORDER BY event_id LIMIT ${chunkSize}`, [...params, after]);
      if (!rows.length) return;
      const annotated = await this.annotate(manager, filters, rows, cursor);
      const last = annotated[annotated.length - 1];
      cursor = { eventId: last.event_id, scopeBalance: last.scope_balance, productBalance: last.product_balance };
      yield annotated;
      if (rows.length < chunkSize) return;
    }
  }

  /** The running balances of rows in event order, from a cursor (the balances right before them) or the database. */
  private async annotate(manager: EntityManager, filters: TraceFilters, raw: Array<Record<string, unknown>>, cursor: TraceCursor | null): Promise<TraceRow[]> {
    if (!raw.length) return [];
    const rows = raw.map(toRow);
    const first = rows[0].event_id;
    const last = rows[rows.length - 1].event_id;
    const scoped = filters.lotNo !== null || filters.warehouseId !== null || filters.shelfId !== null;
    let scope = cursor ? cursor.scopeBalance : await sumBefore(manager, conditions(filters, false), first);
    if (!scoped) {
      for (const row of rows) {
        scope += row.quantity;
        row.scope_balance = scope;
        row.product_balance = scope;
      }
      return rows;
    }
    // the product's other movements between the rows move its balance too
    const from = cursor ? cursor.eventId : first - 1;
    let product = cursor ? cursor.productBalance : await sumBefore(manager, conditions({ productId: filters.productId, lotNo: null, warehouseId: null, shelfId: null, period: { from: null, to: null, since: null, until: null } }, false), first);
    const moves: Array<{ event_id: unknown; quantity: unknown }> = await manager.query('SELECT event_id, quantity FROM inventory_history WHERE product_id = ? AND event_id > ? AND event_id <= ? ORDER BY event_id', [filters.productId, from, last]);
    let m = 0;
    for (const row of rows) {
      while (m < moves.length && Number(moves[m].event_id) <= row.event_id) product += Number(moves[m++].quantity);
      scope += row.quantity;
      row.scope_balance = scope;
      row.product_balance = product;
    }
    return rows;
  }
}

function toRow(r: Record<string, unknown>): TraceRow {
  return {
    ...historyMovement(r),
    order_type: String(r.order_type),
    order_id: Number(r.order_id),
    warehouse_id: Number(r.warehouse_id),
    warehouse_shelf_id: Number(r.warehouse_shelf_id),
    expiry_date: String(r.expiry_date ?? ''),
    total_price: toMoneyString(r.total_price ?? 0),
    balance: Number(r.balance),
    scope_balance: 0,
    product_balance: 0,
  };
}

/** The WHERE of a trace from allow-listed columns and bound values; `withPeriod` false for the balances. */
function conditions(f: TraceFilters, withPeriod: boolean): { where: string; params: unknown[] } {
  const parts = ['product_id = ?'];
  const params: unknown[] = [f.productId];
  if (f.lotNo !== null) parts.push('lot_no = ?') && params.push(f.lotNo);
  if (f.warehouseId !== null) parts.push('warehouse_id = ?') && params.push(f.warehouseId);
  if (f.shelfId !== null) parts.push('warehouse_shelf_id = ?') && params.push(f.shelfId);
  if (withPeriod && f.period.since !== null) parts.push('createtime >= ?') && params.push(f.period.since);
  if (withPeriod && f.period.until !== null) parts.push('createtime <= ?') && params.push(f.period.until);
  return { where: parts.join(' AND '), params };
}

async function sumBefore(manager: EntityManager, c: { where: string; params: unknown[] }, eventId: number): Promise<number> {
  const [{ total }] = await manager.query(`SELECT COALESCE(SUM(quantity), 0) AS total FROM inventory_history WHERE ${c.where} AND event_id < ?`, [...c.params, eventId]);
  return Number(total);
}
