import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { fromCents, toCents, toMoneyString } from '../../../shared/database/money';
import { insertMany, isMysql } from '../../../shared/database/sql-dialect';
import { TransactionRunner } from '../../../shared/database/transaction-runner';
import { siteDayOf } from '../../../shared/time/site-day';
import { MASTER_DATA_TABLES, ProductStockTotals } from '../../master-data';
import { SiteConfigService } from '../../platform';
import { dailyStatDeltas, historyRowOf, lotQuantityDeltas, monthlyStatDeltas, StoredStockEvent } from '../domain/projection';
import { LotFacts, lotOfPayload, nextStreamState, streamIdOf } from '../domain/stock-movement';
import { serialChanges, SerialState } from '../domain/serials';

export interface Fingerprints {
  stock: string;
  lots: string;
  history: string;
  daily: string;
  monthly: string;
  totals: string;
  /** Where each serial is (`stock_serial`) and each serial's movements (`stock_serial_movement`). */
  serials: string;
  serialMovements: string;
}

export interface RebuildReport {
  events: number;
  streams: number;
  matched: boolean;
  differing: Array<keyof Fingerprints>;
  /** Events whose stream version or recorded balance does not follow from the events before them. */
  ledgerProblems: string[];
  /** Reservation rows summed onto the rebuilt streams. */
  reservations: number;
  /** Streams whose reservations break `0 ≤ reserved ≤ quantity`, and reservations of streams the ledger does not know. */
  reservationProblems: string[];
  seconds: number;
}

const EVENTS_PER_READ = 5000;
const CONCURRENT_WRITES = 2;
/** Every stock row's warehouse and area from its shelf (the shelf table's name comes from master data). */
const STOCK_LOCATION_FROM_SHELVES = ['warehouse_id', 'warehouse_area_id']
  .map((column) => `${column} = COALESCE((SELECT ${column} FROM ${MASTER_DATA_TABLES.shelf} WHERE ${MASTER_DATA_TABLES.shelf}.id = stock.warehouse_shelf_id), 0)`)
  .reduce((sql, set, i) => `${sql}${i ? ', ' : ''}${set}`, 'UPDATE stock SET ');

const PROJECTION_TABLES = ['stock', 'stock_lot', 'inventory_history', 'inventory_daily_stat', 'inventory_monthly_stat', 'stock_serial', 'stock_serial_movement'];
/** Each stream's reserved quantity: the sum of its reservation rows (commitments are rows, not events). */
const RESERVED_FROM_ROWS =
  'UPDATE stock SET reserved_quantity = COALESCE((SELECT SUM(r.quantity) FROM stock_reservation r WHERE r.product_id = stock.product_id AND r.warehouse_shelf_id = stock.warehouse_shelf_id AND r.lot_no = stock.lot_no), 0)';

/**
 * `npm run projections:rebuild`: empties the projections, replays the ledger from its first event, and says
 * whether the result equals what was there (compared by fingerprints of every projection). Run it while the
 * app is stopped: on MySQL the projections are emptied with TRUNCATE and refilled chunk by chunk.
 */
@Injectable()
export class ProjectionRebuilder {
  constructor(
    private readonly transactions: TransactionRunner,
    private readonly totals: ProductStockTotals,
    private readonly siteConfig: SiteConfigService,
  ) {}

  async rebuild(progress: (done: number, total: number) => void = () => undefined): Promise<RebuildReport> {
    const started = Date.now();
    const manager = this.transactions.manager;
    const before = await this.fingerprints(manager);
    const [{ n }] = await manager.query('SELECT COUNT(*) AS n FROM inventory_event');
    const total = Number(n);
    await this.empty(manager);

    const dayOf = siteDayOf(await this.siteConfig.timeZone());
    const streams = new Map<string, LotFacts & { product_id: number; warehouse_shelf_id: number; quantity: number; version: number }>();
    // Each (product, lot) as its first event registered it (lot '' is not registered).
    const lots = new Map<string, { product_id: number; lot_no: string; production_date: string; expiry_date: string; received_at: number }>();
    const daily = new Map<string, { day: string; form_type: number; quantity: number; cents: bigint }>();
    const ledgerProblems: string[] = [];
    // where each serial is after the events so far (`domain/serials.ts`, as the ledger writes it live)
    const serials = new Map<string, SerialState>();
    let done = 0;
    const writes = new Set<Promise<void>>();
    const failure: { error?: unknown } = {};
    const read = (after: number): Promise<Array<Record<string, any>>> => manager.query('SELECT * FROM inventory_event WHERE id > ? ORDER BY id LIMIT ?', [after, EVENTS_PER_READ]);
    for (let next = read(0); ; ) {
      const rows = await next;
      if (!rows.length) break;
      next = read(Number(rows[rows.length - 1].id)); // the next page is read while this one is written
      const events: StoredStockEvent[] = rows.map((r) => ({ id: Number(r.id), stream_id: r.stream_id, stream_version: Number(r.stream_version), type: r.type, payload: JSON.parse(r.payload), metadata: JSON.parse(r.metadata), occurred_at: Number(r.occurred_at) }));
      for (const event of events) {
        const lot = lotOfPayload(event.payload);
        const before = streams.get(event.stream_id) ?? { product_id: event.payload.product_id, warehouse_shelf_id: event.payload.warehouse_shelf_id, ...lot, quantity: 0, version: 0 };
        const lotKey = `${event.payload.product_id}:${lot.lot_no}`;
        if (lot.lot_no && !lots.has(lotKey)) {
          lots.set(lotKey, { product_id: event.payload.product_id, lot_no: lot.lot_no, production_date: lot.production_date, expiry_date: lot.expiry_date, received_at: lot.lot_received_at });
        }
        const state = { ...before, ...nextStreamState(before, event.payload.quantity) };
        if (event.stream_version !== state.version) ledgerProblems.push(`event ${event.id}: version ${event.stream_version}, expected ${state.version}`);
        if (event.payload.balance !== state.quantity) ledgerProblems.push(`event ${event.id}: balance ${event.payload.balance}, replay gives ${state.quantity}`);
        streams.set(event.stream_id, state);
      }
      for (const delta of dailyStatDeltas(events, dayOf)) {
        const key = `${delta.day}|${delta.form_type}`;
        const sum = daily.get(key) ?? { day: delta.day, form_type: delta.form_type, quantity: 0, cents: 0n };
        sum.quantity += delta.quantity;
        sum.cents += toCents(delta.amount);
        daily.set(key, sum);
      }
      // History ids are given in event order, so pages may be written by two connections at once.
      const history = events.map((event, i) => ({ id: done + i + 1, ...historyRowOf(event) }));
      const { movements } = serialChanges(events, serials);
      while (writes.size >= CONCURRENT_WRITES) await Promise.race(writes);
      if (failure.error) throw failure.error;
      const write: Promise<void> = this.transactions
        .run(async (m) => {
          await insertMany(m, 'inventory_history', history);
          await insertMany(m, 'stock_serial_movement', movements);
        })
        .catch((error: unknown) => void (failure.error ??= error))
        .finally(() => writes.delete(write));
      writes.add(write);
      done += events.length;
      progress(done, total);
    }
    await Promise.all(writes);
    if (failure.error) throw failure.error;

    await this.transactions.run(async (m) => {
      const now = Math.floor(Date.now() / 1000);
      await insertMany(
        m,
        'stock',
        [...streams.values()].map((s) => ({
          product_id: s.product_id,
          warehouse_shelf_id: s.warehouse_shelf_id,
          lot_no: s.lot_no,
          production_date: s.production_date,
          expiry_date: s.expiry_date,
          lot_received_at: s.lot_received_at,
          quantity: s.quantity,
          version: s.version,
          updatetime: now,
        })),
      );
      // each stock row's location is its shelf's, now (a shelf moved keeps its rows with it)
      await m.query(STOCK_LOCATION_FROM_SHELVES);
      await m.query(RESERVED_FROM_ROWS);
      // each lot's stock over all its shelves, from the rebuilt streams
      const lotStock = new Map(lotQuantityDeltas([...streams.values()].map((s) => ({ product_id: s.product_id, lot_no: s.lot_no, before: 0, after: s.quantity }))).map((d) => [`${d.product_id}:${d.lot_no}`, d.quantity]));
      await insertMany(m, 'stock_lot', [...lots.values()].map((lot) => ({ ...lot, quantity: lotStock.get(`${lot.product_id}:${lot.lot_no}`) ?? 0 })));
      await insertMany(m, 'stock_serial', [...serials.values()].map((s) => ({ ...s, updatetime: now })));
      const days = [...daily.values()].map((d) => ({ day: d.day, form_type: d.form_type, quantity: d.quantity, amount: fromCents(d.cents) }));
      await insertMany(m, 'inventory_daily_stat', days);
      await insertMany(m, 'inventory_monthly_stat', monthlyStatDeltas(days).map((d) => ({ ...d })));
      const byProduct = new Map<number, number>();
      for (const s of streams.values()) byProduct.set(s.product_id, (byProduct.get(s.product_id) ?? 0) + s.quantity);
      await this.totals.resetAll(m);
      await this.totals.setProductTotals(m, [...byProduct].sort((a, b) => a[0] - b[0]));
    });

    const afterPrints = await this.fingerprints(manager);
    const differing = (Object.keys(before) as Array<keyof Fingerprints>).filter((key) => before[key] !== afterPrints[key]);
    const { reservations, reservationProblems } = await this.checkReservations(manager);
    return { events: done, streams: streams.size, matched: differing.length === 0, differing, ledgerProblems: ledgerProblems.slice(0, 100), reservations, reservationProblems, seconds: (Date.now() - started) / 1000 };
  }

  /** The reservations against the rebuilt streams: every stream keeps `0 ≤ reserved ≤ quantity`, every reservation has its stream. */
  async checkReservations(manager: EntityManager): Promise<{ reservations: number; reservationProblems: string[] }> {
    const [{ n }] = await manager.query('SELECT COUNT(*) AS n FROM stock_reservation');
    const over: Array<Record<string, unknown>> = await manager.query('SELECT product_id, warehouse_shelf_id, lot_no, quantity, reserved_quantity FROM stock WHERE reserved_quantity > quantity OR reserved_quantity < 0 ORDER BY id LIMIT 100');
    const orphans: Array<Record<string, unknown>> = await manager.query(
      'SELECT r.order_type, r.order_id, r.product_id, r.warehouse_shelf_id, r.lot_no FROM stock_reservation r WHERE NOT EXISTS (SELECT 1 FROM stock s WHERE s.product_id = r.product_id AND s.warehouse_shelf_id = r.warehouse_shelf_id AND s.lot_no = r.lot_no) ORDER BY r.id LIMIT 100',
    );
    return {
      reservations: Number(n),
      reservationProblems: [
        ...over.map((r) => `stream ${streamIdOf(Number(r.product_id), Number(r.warehouse_shelf_id), String(r.lot_no))}: reserved ${r.reserved_quantity}, quantity ${r.quantity}`),
        ...orphans.map((r) => `${r.order_type} ${r.order_id}: reserves stream ${streamIdOf(Number(r.product_id), Number(r.warehouse_shelf_id), String(r.lot_no))}, which the ledger does not know`),
      ],
    };
  }

  /** A hash of each projection's content, surrogate ids left out, in a canonical order. */
  async fingerprints(manager: EntityManager): Promise<Fingerprints> {
    const hash = () => createHash('sha256');
    const stock = unorderedHash();
    for await (const rows of this.pages(manager, 'SELECT id, product_id, warehouse_shelf_id, warehouse_id, warehouse_area_id, lot_no, production_date, expiry_date, lot_received_at, quantity, reserved_quantity, version FROM stock', ['id'], '(quantity <> 0 OR version <> 0)')) {
      for (const r of rows) stock.add(`${r.product_id}|${r.warehouse_shelf_id}|${r.warehouse_id}|${r.warehouse_area_id}|${r.lot_no}|${r.production_date}|${r.expiry_date}|${r.lot_received_at}|${r.quantity}|${r.reserved_quantity}|${r.version}`);
    }
    const lots = unorderedHash();
    for await (const rows of this.pages(manager, 'SELECT id, product_id, lot_no, production_date, expiry_date, received_at, quantity FROM stock_lot', ['id'])) {
      for (const r of rows) lots.add(`${r.product_id}|${r.lot_no}|${r.production_date}|${r.expiry_date}|${r.received_at}|${r.quantity}`);
    }
    const history = hash();
    for await (const rows of this.pages(manager, 'SELECT * FROM inventory_history', ['event_id'])) {
      for (const r of rows) {
        history.update(
          [r.event_id, r.order_no, r.order_type, r.order_id, r.admin_id, r.operator, r.form_type, r.quantity, toMoneyString(r.price), toMoneyString(r.total_price), r.balance, r.product_id, r.product_name, r.product_no, r.unit, r.spec, r.warehouse_id, r.warehouse_area_id, r.warehouse_shelf_id, r.shelf_location, r.lot_no, r.expiry_date, r.createtime, r.unit_name, r.factor].join('|') + '\n',
        );
      }
    }
    const daily = hash();
    for (const r of await manager.query('SELECT day, form_type, quantity, amount FROM inventory_daily_stat ORDER BY day, form_type')) daily.update(`${r.day}|${r.form_type}|${r.quantity}|${toMoneyString(r.amount)}\n`);
    const monthly = hash();
    for (const r of await manager.query('SELECT month, form_type, quantity, amount FROM inventory_monthly_stat ORDER BY month, form_type')) monthly.update(`${r.month}|${r.form_type}|${r.quantity}|${toMoneyString(r.amount)}\n`);
    const totals = hash();
    for await (const rows of this.totals.allTotals(manager)) for (const r of rows) if (r.total) totals.update(`${r.id}|${r.total}\n`);
    const serials = unorderedHash();
    for await (const rows of this.pages(manager, 'SELECT id, product_id, serial_no, warehouse_id, warehouse_shelf_id, lot_no, in_stock, last_event_id FROM stock_serial', ['id'], 'last_event_id > 0')) {
      for (const r of rows) serials.add(`${r.product_id}|${r.serial_no}|${r.warehouse_id}|${r.warehouse_shelf_id}|${r.lot_no}|${r.in_stock}|${r.last_event_id}`);
    }
    const serialMovements = unorderedHash();
    for await (const rows of this.pages(manager, 'SELECT id, product_id, serial_no, event_id FROM stock_serial_movement', ['id'])) {
      for (const r of rows) serialMovements.add(`${r.product_id}|${r.serial_no}|${r.event_id}`);
    }
    return { stock: stock.digest(), lots: lots.digest(), history: history.digest('hex'), daily: daily.digest('hex'), monthly: monthly.digest('hex'), totals: totals.digest('hex'), serials: serials.digest(), serialMovements: serialMovements.digest() };
  }

  /** Keyset pages over a projection, ordered by its natural key. */
  private async *pages(manager: EntityManager, select: string, key: string[], filter = '1 = 1'): AsyncGenerator<Array<Record<string, any>>> {
    const size = 5000;
    for (let last: number[] | null = null; ; ) {
      const after = last ? (key.length === 1 ? `${key[0]} > ?` : `(${key[0]} > ? OR (${key[0]} = ? AND ${key[1]} > ?))`) : '1 = 1';
      const params = last ? (key.length === 1 ? [last[0]] : [last[0], last[0], last[1]]) : [];
      const rows: Array<Record<string, any>> = await manager.query(`${select} WHERE ${filter} AND ${after} ORDER BY ${key.join(', ')} LIMIT ${size}`, params);
      if (!rows.length) return;
      yield rows;
      const tail = rows[rows.length - 1];
      last = key.map((k) => Number(tail[k]));
    }
  }

  private async empty(manager: EntityManager): Promise<void> {
    if (isMysql(manager)) {
      for (const table of PROJECTION_TABLES) await manager.query(`TRUNCATE TABLE ${table}`);
    } else {
      await this.transactions.run(async (m) => {
        for (const table of PROJECTION_TABLES) await m.query(`DELETE FROM ${table}`);
      });
    }
  }
}

/**
 * A digest of a set of lines whatever order they come in (the sum of their SHA-256 values modulo 2^256):
 * projection rows whose natural key includes text (a lot number) are paged by surrogate id, which a rebuild
 * renumbers.
 */
function unorderedHash() {
  let sum = 0n;
  const modulus = 1n << 256n;
  return {
    add(line: string) {
      sum = (sum + BigInt(`0x${createHash('sha256').update(line).digest('hex')}`)) % modulus;
    },
    digest: () => sum.toString(16).padStart(64, '0'),
  };
}
