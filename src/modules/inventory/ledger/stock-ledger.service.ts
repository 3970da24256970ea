import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { chunk, forUpdate, insertMany, isDuplicateKey, upsertAdding } from '../../../shared/database/sql-dialect';
import { AppError } from '../../../shared/http/app-error';
import { SiteConfigService } from '../../platform';
import { MasterDataReader, ProductStockTotals } from '../../master-data';
import { dailyStatDeltas, historyRowOf, lineTotal, StockEventMetadata, StockEventPayload, StoredStockEvent } from '../domain/projection';
import { EventChain } from './event-chain.service';
import { siteDayOf } from '../../../shared/time/site-day';
import { FormTypeValue, placeMovements, StockEventTypeValue, StockMovement, StockSnapshot, StreamState, streamIdOf } from '../domain/stock-movement';

export interface MovementRequest {
  type: StockEventTypeValue;
  formType: FormTypeValue;
  productId: number;
  shelfId: number;
  /** Signed: positive into the shelf, negative out of it. */
  quantity: number;
  price: string;
}

export interface RecordContext extends StockEventMetadata {
  occurredAt: number;
}

interface StockRow {
  id: number;
  product_id: number;
  warehouse_shelf_id: number;
  quantity: number;
  version: number;
}

const STREAMS_PER_QUERY = 200;

/**
 * The only way stock changes: appends events to the ledger and updates every projection (stock, product
 * totals, history, daily statistics) in the caller's transaction, so an order and its stock never disagree.
 * Stock rows are locked in canonical (product, shelf) order before anything is written.
 */
@Injectable()
export class StockLedger {
  constructor(
    private readonly siteConfig: SiteConfigService,
    private readonly catalogue: MasterDataReader,
    private readonly totals: ProductStockTotals,
    private readonly chain: EventChain,
  ) {}

  async record(manager: EntityManager, requests: MovementRequest[], context: RecordContext): Promise<StoredStockEvent[]> {
    if (!requests.length) return [];
    const snapshots = await this.catalogue.stockSnapshots(
      manager,
      requests.map((r) => ({ productId: r.productId, shelfId: r.shelfId })),
    );
    const movements: StockMovement[] = requests.map((r) => {
      const snapshot = snapshots.get(`${r.productId}:${r.shelfId}`);
      if (!snapshot) throw new AppError('inventory.unknown_product_or_shelf', { product: r.productId, shelf: r.shelfId });
      return { type: r.type, formType: r.formType, quantity: r.quantity, price: r.price, snapshot };
    });

    const current = await this.lockStreams(manager, movements.map((m) => m.snapshot));
    const { placed, after } = placeMovements(movements, new Map([...current].map(([id, row]) => [id, { quantity: row.quantity, version: row.version }])));
    await this.writeStock(manager, current, after, movements, context.occurredAt);

    const metadata = JSON.stringify({
      order_type: context.order_type,
      order_id: context.order_id,
      order_no: context.order_no,
      admin_id: context.admin_id,
      operator: context.operator,
      command_id: context.command_id,
    } satisfies StockEventMetadata);
    const payloads = placed.map<StockEventPayload>((m) => ({ ...m.snapshot, quantity: m.quantity, price: m.price, total_price: lineTotal(m.quantity, m.price), form_type: m.formType, balance: m.balance }));
    const rows = placed.map((m, i) => ({ stream_id: m.streamId, stream_version: m.version, type: m.type, payload: JSON.stringify(payloads[i]), metadata, occurred_at: context.occurredAt }));
    await insertMany(manager, 'inventory_event', await this.chain.link(manager, rows)).catch((error: unknown) => {
      // Appends to a stream are serialised by its stock row's lock, so a version already in the ledger means
      // the stock row is behind it (an interrupted import or a restored projection): never a lost race.
      if (isDuplicateKey(error)) throw new AppError('inventory.projection_behind');
      throw error;
    });
    const ids = await this.eventIds(manager, placed);
    const events: StoredStockEvent[] = placed.map((m, i) => ({
      id: ids.get(`${m.streamId}#${m.version}`)!,
      stream_id: m.streamId,
      stream_version: m.version,
      type: m.type,
      payload: payloads[i],
      metadata: JSON.parse(metadata),
      occurred_at: context.occurredAt,
    }));
    await this.project(manager, events);
    const totals = new Map<number, number>();
    for (const r of requests) totals.set(r.productId, (totals.get(r.productId) ?? 0) + r.quantity);
    await this.totals.addToTotals(manager, totals);
    return events;
  }

  /**
   * Each stream's quantity and version by stream id (a stream without a stock row is absent). With `lock`
   * (the default) the stock rows are locked in canonical order, as `record` locks them: for commands that
   * decide on stock before they record (a count's post), what this answers holds until the transaction ends.
   */
  async streams(manager: EntityManager, streams: ReadonlyArray<{ productId: number; shelfId: number }>, lock = true): Promise<Map<string, StreamState>> {
    if (!streams.length) return new Map();
    const rows = await this.lockStreams(
      manager,
      streams.map((s) => ({ product_id: s.productId, warehouse_shelf_id: s.shelfId })),
      lock,
    );
    return new Map([...rows].map(([id, row]) => [id, { quantity: row.quantity, version: row.version }]));
  }

  /** History rows and daily statistics of events (used live and by the rebuild). */
  async project(manager: EntityManager, events: StoredStockEvent[]): Promise<void> {
    await insertMany(manager, 'inventory_history', events.map(historyRowOf));
    const dayOf = siteDayOf(await this.siteConfig.timeZone(manager));
    await upsertAdding(manager, 'inventory_daily_stat', ['day', 'form_type'], ['quantity', 'amount'], [], dailyStatDeltas(events, dayOf) as unknown as Array<Record<string, unknown>>);
  }

  private async lockStreams(manager: EntityManager, snapshots: Array<Pick<StockSnapshot, 'product_id' | 'warehouse_shelf_id'>>, lock = true): Promise<Map<string, StockRow>> {
    const pairs = [...new Map(snapshots.map((s) => [streamIdOf(s.product_id, s.warehouse_shelf_id), [s.product_id, s.warehouse_shelf_id] as const])).values()].sort(
      (a, b) => a[0] - b[0] || a[1] - b[1],
    );
    const rows = new Map<string, StockRow>();
    for (const part of chunk(pairs, STREAMS_PER_QUERY)) {
      const found: StockRow[] = await manager.query(
        `SELECT id, product_id, warehouse_shelf_id, quantity, version FROM stock WHERE ${part.map(() => '(product_id = ? AND warehouse_shelf_id = ?)').join(' OR ')} ORDER BY product_id, warehouse_shelf_id${lock ? forUpdate(manager) : ''}`,
        part.flat(),
      );
      for (const row of found) rows.set(streamIdOf(Number(row.product_id), Number(row.warehouse_shelf_id)), { ...row, id: Number(row.id), quantity: Number(row.quantity), version: Number(row.version) });
    }
    return rows;
  }

  private async writeStock(manager: EntityManager, current: Map<string, StockRow>, after: Map<string, StreamState>, movements: StockMovement[], now: number): Promise<void> {
    const existing = [...after].filter(([id]) => current.has(id)).map(([id, state]) => ({ id: current.get(id)!.id, ...state }));
    for (const part of chunk(existing)) {
      const byId = `CASE id ${part.map(() => 'WHEN ? THEN ?').join(' ')} END`;
      await manager.query(
        `UPDATE stock SET quantity = ${byId}, version = ${byId}, updatetime = ? WHERE id IN (${part.map(() => '?').join(',')})`,
        [...part.flatMap((r) => [r.id, r.quantity]), ...part.flatMap((r) => [r.id, r.version]), now, ...part.map((r) => r.id)],
      );
    }
    const created = [...after].filter(([id]) => !current.has(id));
    const snapshotOf = new Map(movements.map((m) => [streamIdOf(m.snapshot.product_id, m.snapshot.warehouse_shelf_id), m.snapshot]));
    await insertMany(
      manager,
      'stock',
      created.map(([id, state]) => ({ product_id: snapshotOf.get(id)!.product_id, warehouse_shelf_id: snapshotOf.get(id)!.warehouse_shelf_id, quantity: state.quantity, version: state.version, updatetime: now })),
    );
  }

  private async eventIds(manager: EntityManager, placed: Array<{ streamId: string; version: number }>): Promise<Map<string, number>> {
    const first = new Map<string, number>();
    for (const m of placed) first.set(m.streamId, Math.min(first.get(m.streamId) ?? m.version, m.version));
    const ids = new Map<string, number>();
    for (const part of chunk([...first], STREAMS_PER_QUERY)) {
      const rows: Array<{ id: number | string; stream_id: string; stream_version: number }> = await manager.query(
        `SELECT id, stream_id, stream_version FROM inventory_event WHERE ${part.map(() => '(stream_id = ? AND stream_version >= ?)').join(' OR ')}`,
        part.flat(),
      );
      for (const row of rows) ids.set(`${row.stream_id}#${Number(row.stream_version)}`, Number(row.id));
    }
    return ids;
  }
}
