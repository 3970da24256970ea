import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { chunk, deleteByIds, forUpdate, insertMany, updateById } from '../../../shared/database/sql-dialect';
import { AppError } from '../../../shared/http/app-error';
import { siteDayOf } from '../../../shared/time/site-day';
import { MasterDataReader } from '../../master-data';
import { SiteConfigService } from '../../platform';
import { LotBlockedError, offersStock } from '../domain/availability';
import { LineReservationPlan, planReservations, ReservableStream, ReservationRequest } from '../domain/reservation';

export type { LineReservationPlan, ReservationRequest } from '../domain/reservation';

/** A reservation row: what one line of a document holds of one stream. */
export interface StoredReservation {
  id: number;
  order_type: string;
  order_id: number;
  line_id: number;
  product_id: number;
  warehouse_shelf_id: number;
  lot_no: string;
  quantity: number;
}

const CONDITIONS_PER_QUERY = 200;

export interface ReserveOptions {
  warehouseId: number;
  partial: boolean;
  now: number;
  /** streams a short pick found lacking: they offer nothing */
  exclude?: ReadonlyArray<{ productId: number; shelfId: number; lotNo: string }>;
}

const STREAM_COLUMNS = 's.id, s.product_id, s.warehouse_shelf_id, s.lot_no, s.expiry_date, s.lot_received_at, s.quantity, s.reserved_quantity, b.id AS block_id';

/**
 * Reservations: commitments of stock to document lines, kept as `stock_reservation` rows and summed on each
 * stream's stock row (`reserved_quantity`), both written under the stream's row lock in the caller's
 * transaction (the caller holds its document's lock already). Stock does not move here: the ledger refuses
 * to take reserved stock for anything else, and a document consumes its reservations by releasing them in
 * the transaction that posts its movements.
 */
@Injectable()
export class StockReservations {
  constructor(
    private readonly catalogue: MasterDataReader,
    private readonly siteConfig: SiteConfigService,
  ) {}

  /**
   * Reserves each request on its shelf (and lot), or over the storage shelves of `warehouseId` first-expiry-
   * first-out then in pick-path order. All or nothing unless `partial`: a shortfall refuses the whole request,
   * naming the product and what is short. Answers each line's plan (what it got and what it is short of).
   */
  async reserve(
    manager: EntityManager,
    document: { type: string; id: number },
    requests: readonly ReservationRequest[],
    options: ReserveOptions,
  ): Promise<LineReservationPlan[]> {
    const [plan] = await this.reserveMany(manager, [{ document, requests }], options);
    return plan;
  }

  /**
   * `reserve` for several documents at once, in the order given (a wave's release): their streams locked
   * and read once, the lines planned one after the other as if each document had been reserved in turn, the
   * stock rows and reservation rows written in one pass. Without `partial`, a shortfall of any line refuses
   * them all. Answers each document's plan.
   */
  async reserveMany(
    manager: EntityManager,
    documents: ReadonlyArray<{ document: { type: string; id: number }; requests: readonly ReservationRequest[] }>,
    options: ReserveOptions,
  ): Promise<LineReservationPlan[][]> {
    const requests = documents.flatMap((d) => d.requests);
    if (!requests.length) return documents.map(() => []);
    const today = siteDayOf(await this.siteConfig.timeZone(manager))(options.now);
    const excluded = new Set((options.exclude ?? []).map((e) => `${e.productId}:${e.shelfId}:${e.lotNo}`));
    // a stream known to lack the goods (a short pick) offers nothing, whatever the book says
    const streams = (await this.lockReservable(manager, requests, options.warehouseId)).map((s) => (excluded.has(`${s.product_id}:${s.warehouse_shelf_id}:${s.lot_no}`) ? { ...s, offers: false } : s));
    // a line naming a blocked lot is refused, naming it (unnamed, the lot simply offers nothing)
    for (const request of requests) {
      const lot = (request.lotNo ?? '').toUpperCase();
      const blocked = lot && streams.find((s) => s.blocked && s.product_id === request.productId && s.lot_no.toUpperCase() === lot && (!request.shelfId || s.warehouse_shelf_id === request.shelfId));
      if (blocked) {
        const product = (await this.catalogue.products(manager, [request.productId])).get(request.productId);
        throw new LotBlockedError(product ? `${product.name} (${product.product_no})` : `#${request.productId}`, blocked.lot_no);
      }
    }
    // the lines one after the other over the same streams: what an earlier document took, a later one cannot
    const plan = planReservations(requests, streams, today);
    const shortLine = plan.find((line) => line.short > 0);
    if (shortLine && !options.partial) {
      const product = (await this.catalogue.products(manager, [shortLine.productId])).get(shortLine.productId);
      throw new AppError('inventory.reservation_short', {
        product: product ? `${product.name} (${product.product_no})` : `#${shortLine.productId}`,
        short: shortLine.short,
        requested: shortLine.requested,
        available: shortLine.requested - shortLine.short,
      });
    }
    const taken = new Map<number, number>();
    for (const line of plan) for (const part of line.parts) taken.set(part.streamRowId, (taken.get(part.streamRowId) ?? 0) + part.quantity);
    const reservedNow = new Map(streams.map((s) => [s.id, s.reserved]));
    await updateById(manager, 'stock', new Map([...taken].map(([id, quantity]) => [id, { reserved_quantity: reservedNow.get(id)! + quantity }])));
    const plans: LineReservationPlan[][] = [];
    let next = 0;
    for (const d of documents) plans.push(plan.slice(next, (next += d.requests.length)));
    await insertMany(
      manager,
      'stock_reservation',
      documents.flatMap((d, i) =>
        plans[i].flatMap((line) =>
          line.parts.map((part) => ({ order_type: d.document.type, order_id: d.document.id, line_id: line.lineId, product_id: line.productId, warehouse_shelf_id: part.warehouse_shelf_id, lot_no: part.lot_no, quantity: part.quantity, createtime: options.now })),
        ),
      ),
    );
    return plans;
  }

  /**
   * Releases the reservations of a document (or of some of its lines): the streams locked in canonical order,
   * their reserved quantities lowered, the rows deleted. Answers the rows released.
   */
  async release(manager: EntityManager, document: { type: string; id: number }, lineIds?: readonly number[]): Promise<StoredReservation[]> {
    const rows = (await this.of(manager, document.type, [document.id])).filter((r) => !lineIds || lineIds.includes(r.line_id));
    if (!rows.length) return [];
    const byStream = new Map<string, { product_id: number; warehouse_shelf_id: number; lot_no: string; quantity: number }>();
    for (const row of rows) {
      const key = `${row.product_id}:${row.warehouse_shelf_id}:${row.lot_no}`;
      const entry = byStream.get(key) ?? { product_id: row.product_id, warehouse_shelf_id: row.warehouse_shelf_id, lot_no: row.lot_no, quantity: 0 };
      entry.quantity += row.quantity;
      byStream.set(key, entry);
    }
    const streams = [...byStream.values()].sort((a, b) => a.product_id - b.product_id || a.warehouse_shelf_id - b.warehouse_shelf_id || a.lot_no.localeCompare(b.lot_no));
    const updates = new Map<number, Record<string, unknown>>();
    for (const part of chunk(streams, CONDITIONS_PER_QUERY)) {
      const locked: Array<Record<string, unknown>> = await manager.query(
        `SELECT id, product_id, warehouse_shelf_id, lot_no, reserved_quantity FROM stock WHERE ${part.map(() => '(product_id = ? AND warehouse_shelf_id = ? AND lot_no = ?)').join(' OR ')} ORDER BY product_id, warehouse_shelf_id, lot_no${forUpdate(manager)}`,
        part.flatMap((s) => [s.product_id, s.warehouse_shelf_id, s.lot_no]),
      );
      for (const row of locked) {
        const released = byStream.get(`${Number(row.product_id)}:${Number(row.warehouse_shelf_id)}:${String(row.lot_no)}`)?.quantity ?? 0;
        updates.set(Number(row.id), { reserved_quantity: Math.max(Number(row.reserved_quantity) - released, 0) });
      }
    }
    await updateById(manager, 'stock', updates);
    await deleteByIds(manager, 'stock_reservation', rows.map((r) => r.id));
    return rows;
  }

  /**
   * Releases part of what lines hold on one stream each (a pick moved it, or found it missing): each part's
   * quantity comes off that line's reservation rows on the stream (a row reaching 0 is deleted) and off the
   * stream's reserved quantity, under the stream's lock. A part above what the line holds there is refused.
   */
  async consume(manager: EntityManager, type: string, parts: ReadonlyArray<{ orderId: number; lineId: number; productId: number; shelfId: number; lotNo: string; quantity: number }>): Promise<void> {
    const wanted = parts.filter((p) => p.quantity > 0);
    if (!wanted.length) return;
    const streams = [...new Map(wanted.map((p) => [`${p.productId}:${p.shelfId}:${p.lotNo}`, p])).values()].sort((a, b) => a.productId - b.productId || a.shelfId - b.shelfId || a.lotNo.localeCompare(b.lotNo));
    const locked: Array<Record<string, unknown>> = await manager.query(
      `SELECT id, product_id, warehouse_shelf_id, lot_no, reserved_quantity FROM stock WHERE ${streams.map(() => '(product_id = ? AND warehouse_shelf_id = ? AND lot_no = ?)').join(' OR ')} ORDER BY product_id, warehouse_shelf_id, lot_no${forUpdate(manager)}`,
      streams.flatMap((s) => [s.productId, s.shelfId, s.lotNo]),
    );
    const rows = await this.of(manager, type, [...new Set(wanted.map((p) => p.orderId))]);
    const stockUpdates = new Map<number, Record<string, unknown>>();
    // every reservation row taken from: deleted when emptied, else its new quantity (one pass each at the end)
    const touched = new Map<number, StoredReservation>();
    for (const part of wanted) {
      let left = part.quantity;
      for (const row of rows.filter((r) => r.line_id === part.lineId && r.product_id === part.productId && r.warehouse_shelf_id === part.shelfId && r.lot_no === part.lotNo && r.quantity > 0)) {
        const take = Math.min(left, row.quantity);
        row.quantity -= take;
        left -= take;
        touched.set(row.id, row);
        if (!left) break;
      }
      if (left) throw new Error(`line ${part.lineId} holds ${part.quantity - left} of stream ${part.productId}:${part.shelfId}:${part.lotNo}, not ${part.quantity}`);
      const stock = locked.find((r) => Number(r.product_id) === part.productId && Number(r.warehouse_shelf_id) === part.shelfId && String(r.lot_no) === part.lotNo)!;
      const before = Number((stockUpdates.get(Number(stock.id))?.reserved_quantity as number | undefined) ?? stock.reserved_quantity);
      stockUpdates.set(Number(stock.id), { reserved_quantity: Math.max(before - part.quantity, 0) });
    }
    const emptied = [...touched.values()].filter((r) => r.quantity === 0).map((r) => r.id);
    await deleteByIds(manager, 'stock_reservation', emptied);
    await updateById(manager, 'stock_reservation', new Map([...touched.values()].filter((r) => r.quantity > 0).map((r) => [r.id, { quantity: r.quantity }])));
    await updateById(manager, 'stock', stockUpdates);
  }

  /** The reservations of documents of a type, in line and stream order. */
  async of(manager: EntityManager, type: string, ids: readonly number[]): Promise<StoredReservation[]> {
    if (!ids.length) return [];
    const found: StoredReservation[] = [];
    for (const part of chunk([...ids], 500)) {
      const rows: Array<Record<string, unknown>> = await manager.query(
        `SELECT id, order_type, order_id, line_id, product_id, warehouse_shelf_id, lot_no, quantity FROM stock_reservation WHERE order_type = ? AND order_id IN (${part.map(() => '?').join(', ')}) ORDER BY order_id, line_id, id`,
        [type, ...part],
      );
      for (const r of rows) {
        found.push({ id: Number(r.id), order_type: String(r.order_type), order_id: Number(r.order_id), line_id: Number(r.line_id), product_id: Number(r.product_id), warehouse_shelf_id: Number(r.warehouse_shelf_id), lot_no: String(r.lot_no), quantity: Number(r.quantity) });
      }
    }
    return found;
  }

  /**
   * The streams the requests may draw on, locked in canonical (product, shelf, lot) order before they are
   * read: a named shelf's streams of the product, else every stream of the product in the warehouse. Each
   * with whether its shelf offers stock (storage, enabled, not deleted) and its pick path.
   */
  private async lockReservable(manager: EntityManager, requests: readonly ReservationRequest[], warehouseId: number): Promise<ReservableStream[]> {
    const conditions = new Map<string, { sql: string; params: number[]; product: number }>();
    for (const r of requests) {
      if (r.shelfId) conditions.set(`${r.productId}@${r.shelfId}`, { sql: '(s.product_id = ? AND s.warehouse_shelf_id = ?)', params: [r.productId, r.shelfId], product: r.productId });
      else if (warehouseId) conditions.set(`${r.productId}@w`, { sql: '(s.product_id = ? AND s.warehouse_id = ?)', params: [r.productId, warehouseId], product: r.productId });
    }
    const sorted = [...conditions.values()].sort((a, b) => a.product - b.product);
    const rows: Array<Record<string, unknown>> = [];
    for (const part of chunk(sorted, CONDITIONS_PER_QUERY)) {
      rows.push(...(await manager.query(`SELECT ${STREAM_COLUMNS} FROM stock s LEFT JOIN lot_block b ON b.product_id = s.product_id AND b.lot_no = s.lot_no WHERE ${part.map((c) => c.sql).join(' OR ')} ORDER BY s.product_id, s.warehouse_shelf_id, s.lot_no${forUpdate(manager)}`, part.flatMap((c) => c.params))));
    }
    const unique = [...new Map(rows.map((r) => [Number(r.id), r])).values()];
    const shelves = await this.catalogue.shelves(manager, unique.map((r) => Number(r.warehouse_shelf_id)));
    return unique.map((r) => {
      const shelf = shelves.get(Number(r.warehouse_shelf_id));
      return {
        id: Number(r.id),
        product_id: Number(r.product_id),
        warehouse_shelf_id: Number(r.warehouse_shelf_id),
        lot_no: String(r.lot_no ?? ''),
        expiry_date: String(r.expiry_date ?? ''),
        lot_received_at: Number(r.lot_received_at ?? 0),
        quantity: Number(r.quantity),
        reserved: Number(r.reserved_quantity ?? 0),
        offers: offersStock(shelf),
        blocked: r.block_id !== null && r.block_id !== undefined,
        area_path: shelf ? shelf.area_serial_no || shelf.area_name : '',
        shelf_path: shelf ? shelf.serial_no || shelf.name : '',
      };
    });
  }
}
