import { Injectable } from '@nestjs/common';
import { TransactionRunner } from '../../../../shared/database/transaction-runner';
import { quickSearchKeyword } from '../../../../shared/crud';
import { AppError } from '../../../../shared/http/app-error';
import { endOfSiteDay } from '../../../../shared/time/site-day';
import { SiteConfigService } from '../../../platform';
import { StockEventPayload } from '../../domain/projection';
import { fromCents, toCents } from '../../../../shared/database/money';
import { lotOfPayload } from '../../domain/stock-movement';

const MAX_PAGE_SIZE = 1000;

/**
 * Stock as it stood at the end of a past day, computed from the ledger itself: the last event of each
 * stream up to that moment carries the balance after it (and the names as they were then). Its value is first
 * in, first out at the prices the ledger carries: the balance is what its latest movements in (receipts,
 * moves, gains) brought, each valued at its own price, in cents. The answer's `totals` sum the quantities
 * and values of every row the filters select, not of the page.
 */
@Injectable()
export class StockAsOfReader {
  constructor(
    private readonly transactions: TransactionRunner,
    private readonly siteConfig: SiteConfigService,
  ) {}

  async execute(query: Record<string, unknown>) {
    const { rows: stock, until } = await this.rows(query);
    const limit = Math.min(Math.max(Number(query.limit) || 10, 1), MAX_PAGE_SIZE);
    const page = Math.max(Number(query.page) || 1, 1);
    const totals = { quantity: stock.reduce((sum, row) => sum + row.quantity, 0), value: fromCents(stock.reduce((sum, row) => sum + toCents(row.value), 0n)) };
    return { list: stock.slice((page - 1) * limit, page * limit), total: stock.length, remark: '', asof: until, totals };
  }

  /**
   * Every row the filters select at the end of the day `asof` (the stock page's as-of mode pages them; the
   * auditor's workspace pages and exports them), with the end of that day as Unix seconds.
   */
  async rows(query: Record<string, unknown>) {
    const until = endOfSiteDay(String(query.asof), await this.siteConfig.timeZone());
    if (until === null) throw new AppError('inventory.bad_date');
    const rows: Array<{ stream_id: string; payload: string; occurred_at: number }> = await this.transactions.manager.query(
      `SELECT e.stream_id, e.payload, e.occurred_at FROM inventory_event e
         JOIN (SELECT stream_id, MAX(stream_version) AS version FROM inventory_event WHERE occurred_at <= ? GROUP BY stream_id) last
           ON last.stream_id = e.stream_id AND last.version = e.stream_version`,
      [until],
    );
    // first in, first out: what is on a shelf is what came onto it last. Each stream's movements in, newest
    // first, with the running sum of their quantities, as far as they cover the stream's balance at that moment
    const layers: Array<{ product_id: number; warehouse_shelf_id: number; lot_no: string | null; quantity: number; price: string; cum: number; balance: number }> = await this.transactions.manager.query(
      `SELECT ins.product_id, ins.warehouse_shelf_id, ins.lot_no, ins.quantity, ins.price, ins.cum, bal.balance
         FROM (SELECT product_id, warehouse_shelf_id, lot_no, quantity, price,
                      SUM(quantity) OVER (PARTITION BY product_id, warehouse_shelf_id, lot_no ORDER BY event_id DESC ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW) AS cum
                 FROM inventory_history WHERE quantity > 0 AND createtime <= ?) ins
         JOIN (SELECT h.product_id, h.warehouse_shelf_id, h.lot_no, h.balance FROM inventory_history h
                 JOIN (SELECT MAX(event_id) AS event_id FROM inventory_history WHERE createtime <= ? GROUP BY product_id, warehouse_shelf_id, lot_no) l ON l.event_id = h.event_id) bal
           ON bal.product_id = ins.product_id AND bal.warehouse_shelf_id = ins.warehouse_shelf_id AND bal.lot_no = ins.lot_no
        WHERE ins.cum - ins.quantity < bal.balance`,
      [until, until],
    );
    const valueOf = new Map<string, bigint>();
    for (const layer of layers) {
      const key = `${Number(layer.product_id)}:${Number(layer.warehouse_shelf_id)}:${String(layer.lot_no ?? '')}`;
      const taken = Math.min(Number(layer.quantity), Number(layer.balance) - (Number(layer.cum) - Number(layer.quantity)));
      valueOf.set(key, (valueOf.get(key) ?? 0n) + BigInt(taken) * toCents(String(layer.price)));
    }
    const productId = Number(query.product_id) || 0;
    const shelfId = Number(query.warehouse_shelf_id) || 0;
    const warehouseId = Number(query.warehouse_id) || 0;
    const keyword = quickSearchKeyword(query).toLowerCase();
    const stock = rows
      .map((row) => ({ payload: JSON.parse(row.payload) as StockEventPayload, occurred_at: Number(row.occurred_at) }))
      .filter(({ payload: p }) => p.balance > 0)
      .filter(({ payload: p }) => (!productId || p.product_id === productId) && (!shelfId || p.warehouse_shelf_id === shelfId) && (!warehouseId || p.warehouse_id === warehouseId))
      .filter(({ payload: p }) => !keyword || [p.product_name, p.product_no, p.shelf_name].some((text) => text.toLowerCase().includes(keyword)))
      .sort((a, b) => a.payload.product_id - b.payload.product_id || a.payload.warehouse_shelf_id - b.payload.warehouse_shelf_id || (a.payload.lot_no ?? '').localeCompare(b.payload.lot_no ?? ''))
      .map(({ payload: p, occurred_at }) => ({
        product_id: p.product_id,
        warehouse_shelf_id: p.warehouse_shelf_id,
        lot_no: lotOfPayload(p).lot_no,
        production_date: lotOfPayload(p).production_date,
        expiry_date: lotOfPayload(p).expiry_date,
        quantity: p.balance,
        value: fromCents(valueOf.get(`${p.product_id}:${p.warehouse_shelf_id}:${lotOfPayload(p).lot_no}`) ?? 0n),
        updatetime: occurred_at,
        product: { id: p.product_id, name: p.product_name, product_no: p.product_no, spec: p.spec },
        shelf: { id: p.warehouse_shelf_id, name: p.shelf_name, serial_no: p.shelf_serial_no, warehouse_id: p.warehouse_id, warehouse_area_id: p.warehouse_area_id },
        warehouse: { id: p.warehouse_id, name: p.warehouse_name },
        area: { id: p.warehouse_area_id, name: p.area_name },
      }));
    return { rows: stock, until };
  }
}
