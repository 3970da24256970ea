import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { chunk, forUpdate, insertMany, isDuplicateKey, isMysql, updateById, upsertAdding } from '../../../shared/database/sql-dialect';
import { AppError } from '../../../shared/http/app-error';
import { SiteConfigService } from '../../platform';
import { KnownMasterData, MasterDataReader, ProductStockTotals } from '../../master-data';
import { dailyStatDeltas, historyRowOf, lineTotal, StockEventMetadata, StockEventPayload, StoredStockEvent } from '../domain/projection';
import { EventChain } from './event-chain.service';
import { siteDayOf } from '../../../shared/time/site-day';
import { Allocation, allocateFefo, InsufficientUnexpiredStockError, normalizeLotNo } from '../domain/lots';
import { FormTypeValue, LotFacts, lotOfPayload, NO_LOT, placeMovements, StockEventTypeValue, StockMovement, StockSnapshot, StreamState, streamIdOf } from '../domain/stock-movement';

export interface MovementRequest {
  type: StockEventTypeValue;
  formType: FormTypeValue;
  productId: number;
  shelfId: number;
  /** Signed: positive into the shelf, negative out of it. */
  quantity: number;
  price: string;
  /**
   * The lot. Into a shelf: the lot received ('' or omitted: lot ''). Out of a shelf: the lot named (exactly
   * that stream, expired or not), or omitted to allocate first-expiry-first-out over the shelf's lots of
   * the product, never from an expired lot.
   */
  lotNo?: string;
  /** Into a shelf: the lot's dates (`YYYY-MM-DD`, optional). Its first receipt fixes them; a later one must agree. */
  productionDate?: string;
  expiryDate?: string;
  /** Out of a shelf into another (a move): each lot taken goes onto this shelf as a `to.type` event. */
  to?: { shelfId: number; type: StockEventTypeValue };
}

export interface RecordContext extends StockEventMetadata {
  occurredAt: number;
}

/** What a posting did: its events, and per request the lots it took or put, in request order. */
export interface PostedMovements {
  events: StoredStockEvent[];
  allocations: Allocation[][];
}

interface StockRow extends LotFacts {
  id: number;
  product_id: number;
  warehouse_shelf_id: number;
  quantity: number;
  version: number;
}

const STREAMS_PER_QUERY = 200;
const prefixOf = (productId: number, shelfId: number) => `${productId}:${shelfId}`;

/**
 * The only way stock changes: appends events to the ledger and updates every projection (stock, lots,
 * product totals, history, daily statistics) in the caller's transaction, so an order and its stock never
 * disagree. Every stream of each (product, shelf) involved — all its lots — is locked in canonical (product,
 * shelf, lot) order before anything is read or decided, then the lots' registry rows; then lots are
 * allocated, movements placed and everything written.
 */
@Injectable()
export class StockLedger {
  constructor(
    private readonly siteConfig: SiteConfigService,
    private readonly catalogue: MasterDataReader,
    private readonly totals: ProductStockTotals,
    private readonly chain: EventChain,
  ) {}

  /** `known`: products and shelves the caller read in this transaction already (not read again). */
  async record(manager: EntityManager, requests: MovementRequest[], context: RecordContext, known: KnownMasterData = {}): Promise<StoredStockEvent[]> {
    return (await this.post(manager, requests, context, known)).events;
  }

  /** `known`: products and shelves the caller read in this transaction already (not read again). */
  async post(manager: EntityManager, requests: MovementRequest[], context: RecordContext, known: KnownMasterData = {}): Promise<PostedMovements> {
    if (!requests.length) return { events: [], allocations: [] };
    const pairs = requests.flatMap((r) => [{ productId: r.productId, shelfId: r.shelfId }, ...(r.to ? [{ productId: r.productId, shelfId: r.to.shelfId }] : [])]);
    const snapshots = await this.catalogue.stockSnapshots(manager, pairs, known);
    const snapshotOf = (productId: number, shelfId: number): StockSnapshot => {
      const snapshot = snapshots.get(`${productId}:${shelfId}`);
      if (!snapshot) throw new AppError('inventory.unknown_product_or_shelf', { product: productId, shelf: shelfId });
      return snapshot;
    };
    for (const pair of pairs) snapshotOf(pair.productId, pair.shelfId);
    const lots = requests.map((r) => {
      const lot = normalizeLotNo(r.lotNo);
      if (lot === null) throw new AppError('lots.bad_lot_no', { lot: String(r.lotNo).slice(0, 40) });
      return lot;
    });

    // read before the streams are locked: nothing here decides on stock
    const dayOf = siteDayOf(await this.siteConfig.timeZone(manager));
    const today = dayOf(context.occurredAt);

    const rows = await this.lockStreams(manager, pairs);
    const registered = await this.registerLots(
      manager,
      requests.flatMap((r, i) => (r.quantity > 0 && lots[i] ? [{ request: r, lotNo: lots[i], snapshot: snapshotOf(r.productId, r.shelfId) }] : [])),
      context.occurredAt,
    );

    // The streams of each (product, shelf) as the requests see them, one after the other.
    const working = new Map<string, { facts: LotFacts; quantity: number }>();
    const byPrefix = new Map<string, Set<string>>();
    const track = (productId: number, shelfId: number, facts: LotFacts, quantity: number) => {
      const id = streamIdOf(productId, shelfId, facts.lot_no);
      if (!working.has(id)) working.set(id, { facts, quantity });
      const prefix = prefixOf(productId, shelfId);
      if (!byPrefix.has(prefix)) byPrefix.set(prefix, new Set());
      byPrefix.get(prefix)!.add(id);
      return working.get(id)!;
    };
    for (const row of rows.values()) track(row.product_id, row.warehouse_shelf_id, lotFactsOf(row), row.quantity);

    const movements: StockMovement[] = [];
    const allocations = requests.map<Allocation[]>((r, i) => {
      const snapshot = snapshotOf(r.productId, r.shelfId);
      const add = (lot: LotFacts, quantity: number) => {
        movements.push({ type: r.type, formType: r.formType, quantity, price: r.price, snapshot, lot });
        track(r.productId, r.shelfId, lot, 0).quantity += quantity;
        if (r.to) {
          movements.push({ type: r.to.type, formType: r.formType, quantity: -quantity, price: r.price, snapshot: snapshotOf(r.productId, r.to.shelfId), lot });
          track(r.productId, r.to.shelfId, lot, 0).quantity -= quantity;
        }
      };
      if (r.quantity > 0) {
        const lot = lots[i] ? registered.get(`${r.productId}:${lots[i]}`)! : NO_LOT;
        add(lot, r.quantity);
        return [{ lot_no: lot.lot_no, quantity: r.quantity }];
      }
      if (r.lotNo !== undefined) {
        const stream = working.get(streamIdOf(r.productId, r.shelfId, lots[i]));
        add(stream?.facts ?? { ...NO_LOT, lot_no: lots[i] }, r.quantity);
        return [{ lot_no: lots[i], quantity: -r.quantity }];
      }
      const onShelf = [...(byPrefix.get(prefixOf(r.productId, r.shelfId)) ?? [])].map((id) => working.get(id)!).map((s) => ({ ...s.facts, quantity: s.quantity }));
      const chosen = allocateFefo(onShelf, -r.quantity, today);
      if (!chosen) throw new InsufficientUnexpiredStockError(snapshot, onShelf, -r.quantity, today);
      for (const allocation of chosen) add(working.get(streamIdOf(r.productId, r.shelfId, allocation.lot_no))!.facts, -allocation.quantity);
      return chosen;
    });

    const current = new Map([...rows].map(([id, row]) => [id, { quantity: row.quantity, version: row.version }]));
    const { placed, after } = placeMovements(movements, current);
    await this.writeStock(manager, rows, after, movements, context.occurredAt);

    const metadata = JSON.stringify({
      order_type: context.order_type,
      order_id: context.order_id,
      order_no: context.order_no,
      admin_id: context.admin_id,
      operator: context.operator,
      command_id: context.command_id,
    } satisfies StockEventMetadata);
    const payloads = placed.map<StockEventPayload>((m) => ({ ...m.snapshot, ...m.lot, quantity: m.quantity, price: m.price, total_price: lineTotal(m.quantity, m.price), form_type: m.formType, balance: m.balance }));
    const eventRows = placed.map((m, i) => ({ stream_id: m.streamId, stream_version: m.version, type: m.type, payload: JSON.stringify(payloads[i]), metadata, occurred_at: context.occurredAt }));
    await insertMany(manager, 'inventory_event', await this.chain.link(manager, eventRows)).catch((error: unknown) => {
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
    await this.project(manager, events, dayOf);
    const totals = new Map<number, number>();
    for (const m of movements) totals.set(m.snapshot.product_id, (totals.get(m.snapshot.product_id) ?? 0) + m.quantity);
    await this.totals.addToTotals(manager, totals);
    return { events, allocations };
  }

  /**
   * Each stream's quantity and version by stream id — every lot of each (product, shelf) given (a stream
   * without a stock row is absent). With `lock` (the default) the stock rows are locked in canonical order,
   * as `record` locks them: for commands that
   * decide on stock before they record (a count's post), what this answers holds until the transaction ends.
   */
  async streams(manager: EntityManager, streams: ReadonlyArray<{ productId: number; shelfId: number }>, lock = true): Promise<Map<string, StreamState>> {
    if (!streams.length) return new Map();
    const rows = await this.lockStreams(manager, streams, lock);
    return new Map([...rows].map(([id, row]) => [id, { quantity: row.quantity, version: row.version }]));
  }

  /** History rows and daily statistics of events (used live and by the rebuild). */
  async project(manager: EntityManager, events: StoredStockEvent[], siteDay?: (unixSeconds: number) => string): Promise<void> {
    await insertMany(manager, 'inventory_history', events.map(historyRowOf));
    const dayOf = siteDay ?? siteDayOf(await this.siteConfig.timeZone(manager));
    await upsertAdding(manager, 'inventory_daily_stat', ['day', 'form_type'], ['quantity', 'amount'], [], dailyStatDeltas(events, dayOf) as unknown as Array<Record<string, unknown>>);
  }

  /** Every stream (all lots) of each (product, shelf), locked in canonical order; keyed by stream id. */
  private async lockStreams(manager: EntityManager, pairs: ReadonlyArray<{ productId: number; shelfId: number }>, lock = true): Promise<Map<string, StockRow>> {
    const sorted = [...new Map(pairs.map((p) => [prefixOf(p.productId, p.shelfId), [p.productId, p.shelfId] as const])).values()].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    const rows = new Map<string, StockRow>();
    for (const part of chunk(sorted, STREAMS_PER_QUERY)) {
      const found: Array<Record<string, unknown>> = await manager.query(
        `SELECT id, product_id, warehouse_shelf_id, lot_no, production_date, expiry_date, lot_received_at, quantity, version FROM stock WHERE ${part.map(() => '(product_id = ? AND warehouse_shelf_id = ?)').join(' OR ')} ORDER BY product_id, warehouse_shelf_id, lot_no${lock ? forUpdate(manager) : ''}`,
        part.flat(),
      );
      for (const raw of found) {
        const row: StockRow = {
          id: Number(raw.id),
          product_id: Number(raw.product_id),
          warehouse_shelf_id: Number(raw.warehouse_shelf_id),
          quantity: Number(raw.quantity),
          version: Number(raw.version),
          ...lotOfPayload(raw as Partial<LotFacts>),
        };
        rows.set(streamIdOf(row.product_id, row.warehouse_shelf_id, row.lot_no), row);
      }
    }
    return rows;
  }

  /**
   * The lots received, registered on their first receipt with its dates and time (insert-if-absent, then a
   * locking read of what is registered: a concurrent first receipt of the same lot waits for the other to
   * commit and then sees its dates). A receipt whose dates contradict the registered ones is refused.
   */
  private async registerLots(manager: EntityManager, receipts: Array<{ request: MovementRequest; lotNo: string; snapshot: StockSnapshot }>, now: number): Promise<Map<string, LotFacts>> {
    const registered = new Map<string, LotFacts>();
    if (!receipts.length) return registered;
    const first = new Map<string, (typeof receipts)[number]>();
    for (const receipt of receipts) if (!first.has(`${receipt.request.productId}:${receipt.lotNo}`)) first.set(`${receipt.request.productId}:${receipt.lotNo}`, receipt);
    const keys = [...first.values()].sort((a, b) => a.request.productId - b.request.productId || a.lotNo.localeCompare(b.lotNo));
    for (const part of chunk(keys, STREAMS_PER_QUERY)) {
      const values = part.map((r) => [r.request.productId, r.lotNo, r.request.productionDate ?? '', r.request.expiryDate ?? '', now]);
      const conflict = isMysql(manager) ? 'ON DUPLICATE KEY UPDATE id = id' : 'ON CONFLICT (product_id, lot_no) DO NOTHING';
      await manager.query(`INSERT INTO stock_lot (product_id, lot_no, production_date, expiry_date, received_at) VALUES ${part.map(() => '(?, ?, ?, ?, ?)').join(', ')} ${conflict}`, values.flat());
      const found: Array<Record<string, unknown>> = await manager.query(
        `SELECT product_id, lot_no, production_date, expiry_date, received_at FROM stock_lot WHERE ${part.map(() => '(product_id = ? AND lot_no = ?)').join(' OR ')} ORDER BY product_id, lot_no${forUpdate(manager)}`,
        part.flatMap((r) => [r.request.productId, r.lotNo]),
      );
      for (const row of found) {
        registered.set(`${Number(row.product_id)}:${String(row.lot_no).toUpperCase()}`, {
          lot_no: String(row.lot_no),
          production_date: String(row.production_date ?? ''),
          expiry_date: String(row.expiry_date ?? ''),
          lot_received_at: Number(row.received_at ?? 0),
        });
      }
    }
    for (const { request, lotNo, snapshot } of receipts) {
      const lot = registered.get(`${request.productId}:${lotNo}`)!;
      if ((request.productionDate && request.productionDate !== lot.production_date) || (request.expiryDate && request.expiryDate !== lot.expiry_date)) {
        throw new AppError('lots.dates_contradict_first_receipt', {
          product: `${snapshot.product_name} (${snapshot.product_no})`,
          lot: lotNo,
          production: lot.production_date || '-',
          expiry: lot.expiry_date || '-',
        });
      }
    }
    return registered;
  }

  private async writeStock(manager: EntityManager, current: Map<string, StockRow>, after: Map<string, StreamState>, movements: StockMovement[], now: number): Promise<void> {
    await updateById(
      manager,
      'stock',
      new Map([...after].filter(([id]) => current.has(id)).map(([id, state]) => [current.get(id)!.id, { quantity: state.quantity, version: state.version, updatetime: now }])),
    );
    const created = [...after].filter(([id]) => !current.has(id));
    const movementOf = new Map(movements.map((m) => [streamIdOf(m.snapshot.product_id, m.snapshot.warehouse_shelf_id, m.lot.lot_no), m]));
    await insertMany(
      manager,
      'stock',
      created.map(([id, state]) => {
        const { snapshot, lot } = movementOf.get(id)!;
        return { product_id: snapshot.product_id, warehouse_shelf_id: snapshot.warehouse_shelf_id, warehouse_id: snapshot.warehouse_id, warehouse_area_id: snapshot.warehouse_area_id, ...lot, quantity: state.quantity, version: state.version, updatetime: now };
      }),
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

const lotFactsOf = (row: StockRow): LotFacts => ({ lot_no: row.lot_no, production_date: row.production_date, expiry_date: row.expiry_date, lot_received_at: row.lot_received_at });
