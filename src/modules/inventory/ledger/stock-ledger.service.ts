import { Injectable, Optional } from '@nestjs/common';
import { EventBus } from '@nestjs/cqrs';
import { EntityManager } from 'typeorm';
import { chunk, forUpdate, insertMany, isDuplicateKey, isMysql, updateById, upsertAdding } from '../../../shared/database/sql-dialect';
import { afterCommitGathering } from '../../../shared/database/transaction-runner';
import { AppError } from '../../../shared/http/app-error';
import { Outbox } from '../../../shared/outbox';
import { SiteConfigService } from '../../platform';
import { KnownMasterData, MasterDataReader, ProductSnapshot, ProductStockTotals, ShelfSnapshot, StockSnapshotFields } from '../../master-data';
import { dailyStatDeltas, historyRowOf, lineTotal, lotQuantityDeltas, monthlyStatDeltas, StockEventMetadata, StockEventPayload, StoredStockEvent } from '../domain/projection';
import { EventChain } from './event-chain.service';
import { ProductTotalsChangedEvent } from '../events/inventory.events';
import { siteDayOf } from '../../../shared/time/site-day';
import { Allocation } from '../domain/lots';
import { TAKES_AVAILABLE_STOCK } from '../domain/availability';
import { LotReceipt, lotKeyOf, MovementRequest, pairKeyOf, planPosting, postingKeys, StreamRow, StreamWrite } from '../domain/posting';
import { LotFacts, lotOfPayload, shelfLocation, StreamState, streamIdOf } from '../domain/stock-movement';
import { checkSerialCounts, planSerials, SerialShelfNames } from '../domain/serials';
import { SerialProjection } from './serial-projection';

export type { MovementRequest } from '../domain/posting';

export interface RecordContext extends StockEventMetadata {
  occurredAt: number;
}

/** What a posting did: its events, and per request the lots it took or put, in request order. */
export interface PostedMovements {
  events: StoredStockEvent[];
  allocations: Allocation[][];
}

const STREAMS_PER_QUERY = 200;

/**
 * The only way stock changes: appends events to the ledger and updates every projection (stock, lots,
 * product totals, history, daily statistics) in the caller's transaction, so an order and its stock never
 * disagree. Every stream of each (product, shelf) involved — all its lots — is locked in canonical (product,
 * shelf, lot) order before anything about stock is read, then the lots' registry rows; the pure
 * `planPosting` then decides (lots, allocation, versions, balances) and everything is written.
 */
@Injectable()
export class StockLedger {
  constructor(
    private readonly siteConfig: SiteConfigService,
    private readonly catalogue: MasterDataReader,
    private readonly totals: ProductStockTotals,
    private readonly chain: EventChain,
    private readonly outbox: Outbox,
    private readonly serials: SerialProjection,
    @Optional() private readonly events?: EventBus,
  ) {}

  /** `known`: products and shelves the caller read in this transaction already (not read again). */
  async record(manager: EntityManager, requests: MovementRequest[], context: RecordContext, known: KnownMasterData = {}): Promise<StoredStockEvent[]> {
    return (await this.post(manager, requests, context, known)).events;
  }

  /**
   * Reads → plan → writes. Reads: the products' and shelves' snapshots (`known`: those the caller read in this
   * transaction already, not read again), the site day, every stream of each (product, shelf) involved under
   * lock in canonical order, and the lots received (registered on their first receipt, then read under lock).
   * Plan: `planPosting`, the pure decision (lot dates, first-expiry-first-out, versions and balances). Writes:
   * the stock rows, the events (chained), the history and daily statistics, the product totals, and one
   * `stock.changed` outbox event per ledger event (written with the transaction's other outbox rows at its end).
   */
  async post(manager: EntityManager, requests: MovementRequest[], context: RecordContext, known: KnownMasterData = {}): Promise<PostedMovements> {
    if (!requests.length) return { events: [], allocations: [] };
    // the products' snapshots say which are serial-tracked (read once: the stock snapshots take them as known)
    const productIds = requests.map((r) => r.productId);
    const products = known.products && productIds.every((id) => known.products!.has(id)) ? known.products : await this.catalogue.products(manager, productIds);
    const counted = checkSerialCounts(requests, products);
    const entered = postingKeys(counted);
    const snapshots = await this.catalogue.stockSnapshots(manager, entered.pairs, { ...known, products });
    // read before the streams are locked: nothing here decides on stock
    const dayOf = siteDayOf(await this.siteConfig.timeZone(manager));
    const streams = await this.lockStreams(manager, entered.pairs);
    const registered = await this.registerLots(manager, entered.receipts, context.occurredAt);
    // serials (§14): read under lock after the streams, checked against where each is; a take without a named
    // lot takes its serials' lots (one request per lot, `origin` says whose)
    const withSerials = counted.some((r) => r.serials?.length);
    const serialPlan = withSerials ? await this.planSerials(manager, counted, snapshots, products, context.occurredAt) : { requests: counted, origin: counted.map((_, i) => i) };
    const keys = withSerials ? postingKeys(serialPlan.requests) : entered;
    const shelfKinds = await this.shelfKinds(manager, serialPlan.requests, known);

    const plan = planPosting({ requests: serialPlan.requests, keys, snapshots, streams, registered, today: dayOf(context.occurredAt), shelfKinds });

    await this.writeStock(manager, plan.streams, streams, context.occurredAt);
    const metadata = JSON.stringify({
      order_type: context.order_type,
      order_id: context.order_id,
      order_no: context.order_no,
      admin_id: context.admin_id,
      operator: context.operator,
      command_id: context.command_id,
    } satisfies StockEventMetadata);
    const payloads = plan.placed.map<StockEventPayload>((m) => ({
      ...m.snapshot,
      ...m.lot,
      quantity: m.quantity,
      price: m.price,
      total_price: lineTotal(m.quantity, m.price),
      form_type: m.formType,
      balance: m.balance,
      ...(m.unit ? { unit_name: m.unit.name, factor: m.unit.factor } : {}),
      ...(m.serials?.length ? { serials: [...m.serials] } : {}),
    }));
    const eventRows = plan.placed.map((m, i) => ({ stream_id: m.streamId, stream_version: m.version, type: m.type, payload: JSON.stringify(payloads[i]), metadata, occurred_at: context.occurredAt }));
    const previousHashes: string[] = [];
    const linked = await this.chain.link(manager, eventRows, previousHashes);
    await insertMany(manager, 'inventory_event', linked).catch((error: unknown) => {
      // Appends to a stream are serialised by its stock row's lock, so a version already in the ledger means
      // the stock row is behind it (an interrupted import or a restored projection): never a lost race.
      if (isDuplicateKey(error)) throw new AppError('inventory.projection_behind');
      throw error;
    });
    const ids = await this.eventIds(manager, plan.placed);
    const events: StoredStockEvent[] = plan.placed.map((m, i) => ({
      id: ids.get(`${m.streamId}#${m.version}`)!,
      stream_id: m.streamId,
      stream_version: m.version,
      type: m.type,
      payload: payloads[i],
      metadata: JSON.parse(metadata),
      occurred_at: context.occurredAt,
    }));
    await this.project(manager, events, dayOf);
    if (withSerials) await this.serials.apply(manager, events, context.occurredAt);
    await this.totals.addToTotals(manager, plan.totals);
    this.publishTotalsAfterCommit(manager, plan.totals);
    // one `stock.changed` per event, in this transaction: what the event says, and what a receiver needs to
    // check its chain hash (the content hashed and the hash before it in its stream); its body is only built
    // when a webhook wants it (the references are kept for the document's own event either way)
    const wanted = await this.outbox.wants(manager, 'stock.changed');
    await this.outbox.addAll(
      manager,
      events.map((event, i) => ({
        type: 'stock.changed' as const,
        occurredAt: event.occurred_at,
        data: wanted ? { ...historyRowOf(event), chain: { previous_hash: previousHashes[i], content: eventRows[i] } } : null,
        ledger: [{ event_id: event.id, stream: event.stream_id, version: event.stream_version, hash: linked[i].hash }],
      })),
    );
    const allocations: Allocation[][] = requests.map(() => []);
    plan.allocations.forEach((taken, i) => allocations[serialPlan.origin[i]].push(...taken));
    return { events, allocations };
  }

  /** Adds to the transaction's changes of product totals, published once after its commit (ProductTotalsChangedEvent). */
  private publishTotalsAfterCommit(manager: EntityManager, deltas: ReadonlyMap<number, number>): void {
    const bus = this.events;
    if (!bus || !deltas.size) return;
    const gathered = afterCommitGathering(manager, this, () => new Map<number, number>(), (all) => bus.publish(new ProductTotalsChangedEvent(all)));
    for (const [productId, delta] of deltas) gathered?.set(productId, (gathered.get(productId) ?? 0) + delta);
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

  /**
   * The serials of the requests read under lock and decided on (`planSerials`). A serial in stock on a shelf the
   * posting does not touch is named by its location: that shelf is read only then (a refusal is coming).
   */
  private async planSerials(manager: EntityManager, requests: MovementRequest[], snapshots: Map<string, StockSnapshotFields>, products: Map<number, ProductSnapshot>, now: number) {
    const states = await this.serials.lock(manager, requests, now);
    const known = new Set([...snapshots.values()].map((s) => s.warehouse_shelf_id));
    const elsewhere = [...new Set([...states.values()].filter((s) => s.in_stock === 1 && !known.has(s.warehouse_shelf_id)).map((s) => s.warehouse_shelf_id))];
    const shelves = elsewhere.length ? await this.catalogue.shelves(manager, elsewhere) : new Map<number, ShelfSnapshot>();
    return planSerials(requests, states, serialNames(snapshots, products, shelves));
  }

  /** History rows and daily statistics of events (used live and by the rebuild). */
  async project(manager: EntityManager, events: StoredStockEvent[], siteDay?: (unixSeconds: number) => string): Promise<void> {
    await insertMany(manager, 'inventory_history', events.map(historyRowOf));
    const dayOf = siteDay ?? siteDayOf(await this.siteConfig.timeZone(manager));
    const daily = dailyStatDeltas(events, dayOf);
    await upsertAdding(manager, 'inventory_daily_stat', ['day', 'form_type'], ['quantity', 'amount'], [], daily as unknown as Array<Record<string, unknown>>);
    // the dashboard's year: kept by month beside the days (never summed per request)
    await upsertAdding(manager, 'inventory_monthly_stat', ['month', 'form_type'], ['quantity', 'amount'], [], monthlyStatDeltas(daily) as unknown as Array<Record<string, unknown>>);
  }

  /**
   * The kinds of the shelves that requests respecting availability (`TAKES_AVAILABLE_STOCK`) take from or move
   * to: read only for those (the shelves the caller read already are not read again).
   */
  private async shelfKinds(manager: EntityManager, requests: readonly MovementRequest[], known: KnownMasterData): Promise<Map<number, number>> {
    const ids = [...new Set(requests.filter((r) => r.quantity < 0 && TAKES_AVAILABLE_STOCK.has(r.formType)).flatMap((r) => [r.shelfId, ...(r.to ? [r.to.shelfId] : [])]))];
    if (!ids.length) return new Map();
    const shelves = known.shelves && ids.every((id) => known.shelves!.has(id)) ? known.shelves : await this.catalogue.shelves(manager, ids);
    return new Map(ids.map((id) => [id, Number(shelves.get(id)?.kind ?? 0)]));
  }

  /**
   * Every stream (all lots) of each (product, shelf), locked in canonical order; keyed by stream id. Each with
   * whether its lot is blocked, read in the same locking statement: a block locks the lot's stock rows before
   * it writes, so what this answers holds until the transaction ends.
   */
  private async lockStreams(manager: EntityManager, pairs: ReadonlyArray<{ productId: number; shelfId: number }>, lock = true): Promise<Map<string, StreamRow>> {
    const sorted = [...new Map(pairs.map((p) => [pairKeyOf(p.productId, p.shelfId), [p.productId, p.shelfId] as const])).values()].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    const rows = new Map<string, StreamRow>();
    for (const part of chunk(sorted, STREAMS_PER_QUERY)) {
      const found: Array<Record<string, unknown>> = await manager.query(
        `SELECT s.id, s.product_id, s.warehouse_shelf_id, s.lot_no, s.production_date, s.expiry_date, s.lot_received_at, s.quantity, s.reserved_quantity, s.version, b.id AS block_id FROM stock s LEFT JOIN lot_block b ON b.product_id = s.product_id AND b.lot_no = s.lot_no WHERE ${part.map(() => '(s.product_id = ? AND s.warehouse_shelf_id = ?)').join(' OR ')} ORDER BY s.product_id, s.warehouse_shelf_id, s.lot_no${lock ? forUpdate(manager) : ''}`,
        part.flat(),
      );
      for (const raw of found) {
        const row: StreamRow = {
          id: Number(raw.id),
          product_id: Number(raw.product_id),
          warehouse_shelf_id: Number(raw.warehouse_shelf_id),
          quantity: Number(raw.quantity),
          reserved: Number(raw.reserved_quantity ?? 0),
          blocked: raw.block_id !== null && raw.block_id !== undefined,
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
   * commit and then sees its dates). Whether a receipt's dates agree with them is the plan's to decide.
   */
  private async registerLots(manager: EntityManager, receipts: readonly LotReceipt[], now: number): Promise<Map<string, LotFacts>> {
    const registered = new Map<string, LotFacts>();
    if (!receipts.length) return registered;
    const first = new Map<string, LotReceipt>();
    for (const receipt of receipts) if (!first.has(lotKeyOf(receipt.productId, receipt.lotNo))) first.set(lotKeyOf(receipt.productId, receipt.lotNo), receipt);
    const keys = [...first.values()].sort((a, b) => a.productId - b.productId || a.lotNo.localeCompare(b.lotNo));
    for (const part of chunk(keys, STREAMS_PER_QUERY)) {
      const values = part.map((r) => [r.productId, r.lotNo, r.productionDate, r.expiryDate, now]);
      const conflict = isMysql(manager) ? 'ON DUPLICATE KEY UPDATE id = id' : 'ON CONFLICT (product_id, lot_no) DO NOTHING';
      await manager.query(`INSERT INTO stock_lot (product_id, lot_no, production_date, expiry_date, received_at) VALUES ${part.map(() => '(?, ?, ?, ?, ?)').join(', ')} ${conflict}`, values.flat());
      const found: Array<Record<string, unknown>> = await manager.query(
        `SELECT product_id, lot_no, production_date, expiry_date, received_at FROM stock_lot WHERE ${part.map(() => '(product_id = ? AND lot_no = ?)').join(' OR ')} ORDER BY product_id, lot_no${forUpdate(manager)}`,
        part.flatMap((r) => [r.productId, r.lotNo]),
      );
      for (const row of found) {
        registered.set(lotKeyOf(Number(row.product_id), String(row.lot_no).toUpperCase()), {
          lot_no: String(row.lot_no),
          production_date: String(row.production_date ?? ''),
          expiry_date: String(row.expiry_date ?? ''),
          lot_received_at: Number(row.received_at ?? 0),
        });
      }
    }
    return registered;
  }

  /** The plan's stock rows: existing ones updated (one statement per 500), new ones inserted with their place and lot. */
  /**
   * The stock rows the plan wrote, and each named lot's stock over all its shelves (`stock_lot.quantity`, what
   * the dashboard's expiring lots read): one statement for the lots whose stock changed, none for lot ''.
   * The lots' rows are locked after the streams, as the receipts' registration locks them.
   */
  private async writeStock(manager: EntityManager, streams: readonly StreamWrite[], before: ReadonlyMap<string, StreamRow>, now: number): Promise<void> {
    const lots = lotQuantityDeltas(streams.map((s) => ({ product_id: s.snapshot.product_id, lot_no: s.lot.lot_no, before: before.get(s.streamId)?.quantity ?? 0, after: s.state.quantity })));
    await this.writeStockRows(manager, streams, now);
    for (const part of chunk(lots, STREAMS_PER_QUERY)) {
      await manager.query(
        `UPDATE stock_lot SET quantity = quantity + CASE ${part.map(() => 'WHEN product_id = ? AND lot_no = ? THEN ?').join(' ')} ELSE 0 END WHERE ${part.map(() => '(product_id = ? AND lot_no = ?)').join(' OR ')}`,
        [...part.flatMap((d) => [d.product_id, d.lot_no, d.quantity]), ...part.flatMap((d) => [d.product_id, d.lot_no])],
      );
    }
  }

  private async writeStockRows(manager: EntityManager, streams: readonly StreamWrite[], now: number): Promise<void> {
    await updateById(manager, 'stock', new Map(streams.filter((s) => s.rowId !== null).map((s) => [s.rowId!, { quantity: s.state.quantity, version: s.state.version, updatetime: now }])));
    await insertMany(
      manager,
      'stock',
      streams
        .filter((s) => s.rowId === null)
        .map(({ snapshot, lot, state }) => ({ product_id: snapshot.product_id, warehouse_shelf_id: snapshot.warehouse_shelf_id, warehouse_id: snapshot.warehouse_id, warehouse_area_id: snapshot.warehouse_area_id, ...lot, quantity: state.quantity, version: state.version, updatetime: now })),
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

/** Names for the serial rules' messages: a product's name and number, a shelf's location (from the snapshots read). */
function serialNames(snapshots: ReadonlyMap<string, StockSnapshotFields>, products: ReadonlyMap<number, { name: string; product_no: string }>, others: ReadonlyMap<number, ShelfSnapshot>): SerialShelfNames {
  const shelves = new Map([...snapshots.values()].map((s) => [s.warehouse_shelf_id, s]));
  return {
    location: (shelfId) => (shelves.has(shelfId) ? shelfLocation(shelves.get(shelfId)!) : (others.get(shelfId)?.location ?? `#${shelfId}`)),
    product: (productId) => {
      const p = products.get(productId);
      return p ? `${p.name} (${p.product_no})` : `#${productId}`;
    },
    warehouseOf: (shelfId) => shelves.get(shelfId)?.warehouse_id ?? 0,
  };
}
