import { AppError } from '../../../shared/http/app-error';
import { MAX_SERIALS_PER_LINE, normalizeSerials, SERIAL_NO_MAX_LENGTH } from '../../../../contract/serials';
import type { MovementRequest } from './posting';

/**
 * Serial numbers in the ledger: a serial-tracked product's movements carry one serial per unit;
 * each event keeps the serials it moved in its payload (hash-chained like the rest), and a projection says
 * where each (product, serial) is. The rules, as pure functions of what the ledger read under its locks:
 * - a movement of a serial-tracked product names exactly as many distinct serials as units; another product's none;
 * - a receipt never takes in a serial that is in stock (anywhere) for that product;
 * - everything that takes stock off a shelf takes serials that are on that shelf (and lot, when one is named).
 */

/** `<product>:<serial>`: how serial states are keyed. */
export const serialKeyOf = (productId: number, serial: string) => `${productId}:${serial}`;

/** Where a serial is, as the projection holds it. */
export interface SerialState {
  product_id: number;
  serial_no: string;
  warehouse_id: number;
  warehouse_shelf_id: number;
  lot_no: string;
  /** 1 on the shelf; 0 gone (or registered by a receipt not yet committed). */
  in_stock: number;
  last_event_id: number;
}

export const serialLabel = (product: { name: string; product_no: string }) => `${product.name} (${product.product_no})`;

/**
 * Each request's serials normalized (trimmed), checked against its product: a serial-tracked product's
 * movement names as many distinct serials as its quantity, another product's names none. Answers the requests
 * with their normalized serials (none for products without serials).
 */
export function checkSerialCounts(requests: readonly MovementRequest[], products: ReadonlyMap<number, { name: string; product_no: string; serial_tracked?: boolean }>): MovementRequest[] {
  return requests.map((r) => {
    const product = products.get(r.productId);
    const given = r.serials ?? [];
    if (!product) return r;
    const label = serialLabel(product);
    if (!product.serial_tracked) {
      if (given.length) throw new AppError('serials.not_tracked', { product: label });
      return r;
    }
    const serials = normalizedSerials(given, label);
    if (serials.length !== Math.abs(r.quantity)) throw new AppError(serials.length ? 'serials.count_mismatch' : 'serials.required', { product: label, quantity: Math.abs(r.quantity), count: serials.length });
    return { ...r, serials };
  });
}

/** Serials trimmed, bounded and distinct, else the translated refusal naming the product. */
export function normalizedSerials(given: readonly unknown[], label: string, line?: number): string[] {
  if (given.length > MAX_SERIALS_PER_LINE) throw new AppError('serials.too_many', { product: label, max: MAX_SERIALS_PER_LINE });
  const result = normalizeSerials(given);
  if ('problem' in result) {
    const where = { product: label, line: line ?? '-' };
    if (result.problem.kind === 'duplicate') throw new AppError('serials.duplicate', { ...where, serial: result.problem.serial });
    if (result.problem.kind === 'too_long') throw new AppError('serials.too_long', { ...where, serial: result.problem.serial, max: SERIAL_NO_MAX_LENGTH });
    throw new AppError('serials.empty', where);
  }
  return result.serials;
}

/** Where a shelf is, for the messages. */
export interface SerialShelfNames {
  location(shelfId: number): string;
  product(productId: number): string;
  warehouseOf(shelfId: number): number;
}

/**
 * The requests as the serials decide them, in order, against where each serial is (`current`, read under lock):
 * a receipt refuses a serial in stock; a take (out of a shelf, or a move's source) refuses a serial not on that
 * shelf (or not in the lot named). A take of serials without a named lot takes the serials' own lots: the
 * request is split into one per lot (`origin` says which request each came from). Requests without serials
 * pass unchanged.
 */
export function planSerials(requests: readonly MovementRequest[], current: ReadonlyMap<string, SerialState>, names: SerialShelfNames): { requests: MovementRequest[]; origin: number[] } {
  const working = new Map<string, { shelfId: number; lot: string; inStock: boolean }>();
  const stateOf = (key: string) => {
    const known = working.get(key);
    if (known) return known;
    const row = current.get(key);
    return row ? { shelfId: row.warehouse_shelf_id, lot: row.lot_no, inStock: row.in_stock === 1 } : { shelfId: 0, lot: '', inStock: false };
  };
  const planned: MovementRequest[] = [];
  const origin: number[] = [];
  requests.forEach((r, index) => {
    const serials = r.serials ?? [];
    if (!serials.length) {
      planned.push(r);
      origin.push(index);
      return;
    }
    const product = names.product(r.productId);
    if (r.quantity > 0) {
      const lot = (r.lotNo ?? '').trim().toUpperCase();
      for (const serial of serials) {
        const key = serialKeyOf(r.productId, serial);
        const state = stateOf(key);
        if (state.inStock) throw new AppError('serials.already_in_stock', { product, serial, shelf: names.location(state.shelfId) });
        working.set(key, { shelfId: r.shelfId, lot, inStock: true });
      }
      planned.push(r);
      origin.push(index);
      return;
    }
    const named = r.lotNo === undefined ? null : r.lotNo.trim().toUpperCase();
    const byLot = new Map<string, string[]>();
    for (const serial of serials) {
      const key = serialKeyOf(r.productId, serial);
      const state = stateOf(key);
      if (!state.inStock || state.shelfId !== r.shelfId || (named !== null && state.lot !== named)) {
        throw new AppError('serials.not_on_shelf', { product, serial, shelf: names.location(r.shelfId) });
      }
      if (!byLot.has(state.lot)) byLot.set(state.lot, []);
      byLot.get(state.lot)!.push(serial);
      working.set(key, r.to ? { shelfId: r.to.shelfId, lot: state.lot, inStock: true } : { shelfId: r.shelfId, lot: state.lot, inStock: false });
    }
    for (const [lot, taken] of byLot) {
      planned.push({ ...r, lotNo: lot, quantity: -taken.length, serials: taken });
      origin.push(index);
    }
  });
  return { requests: planned, origin };
}

/** A ledger event as the serial projection needs it. */
export interface SerialEvent {
  id: number;
  payload: { product_id: number; warehouse_id: number; warehouse_shelf_id: number; quantity: number; lot_no?: string; serials?: string[] };
}

/**
 * What events do to the serial projection, in ledger order: each serial's state after the last event that
 * moved it, and one movement row per (event, serial). Used live (the events of one posting) and by the rebuild.
 */
export function serialChanges(events: readonly SerialEvent[], into: Map<string, SerialState> = new Map()): { states: Map<string, SerialState>; movements: Array<{ product_id: number; serial_no: string; event_id: number }> } {
  const movements: Array<{ product_id: number; serial_no: string; event_id: number }> = [];
  for (const event of events) {
    const p = event.payload;
    if (!p.serials?.length) continue;
    for (const serial of p.serials) {
      into.set(serialKeyOf(p.product_id, serial), {
        product_id: p.product_id,
        serial_no: serial,
        warehouse_id: p.warehouse_id,
        warehouse_shelf_id: p.warehouse_shelf_id,
        lot_no: p.lot_no ?? '',
        in_stock: p.quantity > 0 ? 1 : 0,
        last_event_id: event.id,
      });
      movements.push({ product_id: p.product_id, serial_no: serial, event_id: event.id });
    }
  }
  return { states: into, movements };
}
