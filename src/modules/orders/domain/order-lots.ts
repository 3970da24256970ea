import { AppError } from '../../../shared/http/app-error';
import { expiryOf, isCalendarDay, LOT_NO_MAX_LENGTH, normalizeLotNo, streamIdOf } from '../../inventory';
import { OrderRuleError } from './order-errors';

/** A product as the lot rules need it. */
export interface LotProduct {
  name: string;
  product_no: string;
  lot_tracked: boolean;
  effective_day: number;
}

/** The lot fields of a line as entered (any of them may be missing). */
export interface EnteredLot {
  product_id: number;
  lot_no?: unknown;
  production_date?: unknown;
  expiry_date?: unknown;
}

export interface LineLot {
  lot_no: string;
  production_date: string;
  expiry_date: string;
}

/** One lot taken or put by a line: `[{lot_no, quantity}]` on the order's lines. */
export type { LineAllocation } from '../../../../contract/orders';
import type { LineAllocation } from '../../../../contract/orders';

const productName = (p: LotProduct) => `${p.name} (${p.product_no})`;

function day(value: unknown, line: number): string {
  if (value === undefined || value === null || value === '') return '';
  if (typeof value !== 'string' || !isCalendarDay(value.trim())) throw new AppError('lots.bad_date', { line });
  return value.trim();
}

/**
 * The lot of an inbound line: a lot-tracked product needs a lot number, any other product must have none
 * (and keeps no dates); the expiry is the one given, else production date + the product's shelf life; an
 * expiry before the production date is refused. `line` is 1-based, for the message.
 */
export function receiptLot(entered: EnteredLot, product: LotProduct, line: number): LineLot {
  const lotNo = normalizeLotNo(entered.lot_no);
  if (lotNo === null) throw new AppError('lots.bad_lot_no_on_line', { line, max: LOT_NO_MAX_LENGTH });
  if (!product.lot_tracked) {
    if (lotNo) throw new AppError('lots.lot_not_tracked', { line, product: productName(product) });
    return { lot_no: '', production_date: '', expiry_date: '' };
  }
  if (!lotNo) throw new AppError('lots.lot_required', { line, product: productName(product) });
  const production = day(entered.production_date, line);
  const expiry = expiryOf(production, day(entered.expiry_date, line), product.effective_day);
  if (production && expiry && expiry < production) throw new AppError('lots.expiry_before_production', { line, production, expiry });
  return { lot_no: lotNo, production_date: production, expiry_date: expiry };
}

/**
 * The lot named on an outbound or relocation line: optional, and only for a lot-tracked product ('' means
 * "allocate first-expiry-first-out when stock moves").
 */
export function namedLot(entered: EnteredLot, product: LotProduct, line: number): string {
  const lotNo = normalizeLotNo(entered.lot_no);
  if (lotNo === null) throw new AppError('lots.bad_lot_no_on_line', { line, max: LOT_NO_MAX_LENGTH });
  if (lotNo && !product.lot_tracked) throw new AppError('lots.lot_not_tracked', { line, product: productName(product) });
  return lotNo;
}

/**
 * The lots named on outbound or relocation lines, checked again on the products as they are now (one may
 * have stopped being lot-tracked since the save): the rule of `namedLot`, line by line. `position` is the
 * line's 1-based place in its order, for the message.
 */
export function namedLotsOf(lines: ReadonlyArray<{ line: EnteredLot; position: number }>, products: ReadonlyMap<number, LotProduct>): string[] {
  return lines.map(({ line, position }) => {
    const product = products.get(line.product_id);
    if (!product) throw new OrderRuleError('unknown_product', { line: position });
    return namedLot(line, product, position);
  });
}

/** A line that takes stock from a shelf, with the lot it names ('' for none). */
export interface LotTakenFrom {
  position: number;
  productId: number;
  shelfId: number;
  lotNo: string;
}

/**
 * A named lot must be on the shelf it is taken from: a stock stream of that (product, shelf, lot) holding
 * more than 0. `streams` are the shelf's streams as the ledger answers them (by stream id). Lines naming no
 * lot are left to first-expiry-first-out allocation.
 */
export function assertNamedLotsOnShelves(
  lines: readonly LotTakenFrom[],
  streams: ReadonlyMap<string, { quantity: number }>,
  products: ReadonlyMap<number, LotProduct>,
  shelfName: (shelfId: number) => string,
): void {
  for (const line of lines) {
    if (!line.lotNo) continue;
    if ((streams.get(streamIdOf(line.productId, line.shelfId, line.lotNo))?.quantity ?? 0) > 0) continue;
    const product = products.get(line.productId);
    throw new AppError('lots.lot_not_on_shelf', { line: line.position, lot: line.lotNo, product: product ? productName(product) : `#${line.productId}`, shelf: shelfName(line.shelfId) });
  }
}

/** Allocations as stored (JSON text) → the list; a line that moved nothing has none. */
export function parseAllocations(stored: unknown): LineAllocation[] {
  if (Array.isArray(stored)) return stored as LineAllocation[];
  if (typeof stored !== 'string' || !stored) return [];
  try {
    const parsed: unknown = JSON.parse(stored);
    return Array.isArray(parsed) ? (parsed as LineAllocation[]) : [];
  } catch {
    return [];
  }
}

/** Adds allocations per lot (a relocation line moved in several steps), in first-taken order. */
export function mergeAllocations(before: readonly LineAllocation[], added: readonly LineAllocation[]): LineAllocation[] {
  const merged = new Map<string, number>();
  for (const a of [...before, ...added]) merged.set(a.lot_no, (merged.get(a.lot_no) ?? 0) + a.quantity);
  return [...merged].map(([lot_no, quantity]) => ({ lot_no, quantity }));
}

/** The lots of lines (named or moved): the (product, lot) pairs whose dates a printed relocation shows. */
export function lotsOfLines(lines: ReadonlyArray<{ product_id: number; lot_no?: string; allocations?: unknown }>): Array<{ productId: number; lotNo: string }> {
  return lines.flatMap((line) => [line.lot_no ?? '', ...parseAllocations(line.allocations).map((a) => a.lot_no)].filter(Boolean).map((lotNo) => ({ productId: line.product_id, lotNo })));
}

/** A line's stored serials (JSON text): [] when none. */
export function parseSerials(stored: unknown): string[] {
  if (Array.isArray(stored)) return stored.map(String);
  if (typeof stored !== 'string' || !stored) return [];
  try {
    const parsed: unknown = JSON.parse(stored);
    return Array.isArray(parsed) ? parsed.map(String) : [];
  } catch {
    return [];
  }
}
