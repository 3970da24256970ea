import { fromCents, toCents } from '../../../shared/database/money';
import { AppError, MessageArgs } from '../../../shared/http/app-error';
import { STOCKTAKE_STATUS } from '../../../../contract/enums';
import type { Stocktake, StocktakeLineFacts } from '../../../../contract/stocktake';

/** A refused count action: code 0 with a message that says why. */
export class StocktakeRuleError extends AppError {
  constructor(key: string, args: MessageArgs = {}) {
    super(`stocktake.${key}`, args);
  }
}

/** The count's status numbers (0 draft, 1 counting, 2 posted, 3 cancelled), as the wire carries them. */
export const StocktakeStatus = STOCKTAKE_STATUS;

export type { Stocktake } from '../../../../contract/stocktake';

/** One stock stream of the count: what every answer shows, the book at start, and at post what was expected and the variance. */
export interface StocktakeLine extends StocktakeLineFacts {
  /** Stock of the stream when the count started (0 for a found item). */
  book_quantity: number;
  /** The stream's version when the count started: later events are movements during the count. */
  book_version: number;
  /** At post: book at start + net movements of the stream since start. */
  expected_quantity: number | null;
  /** At post: counted − expected. */
  variance: number | null;
}

/** `<product>@<shelf>#<lot>`: a stock stream as the count names it. */
export const streamKeyOf = (line: Pick<StocktakeLine, 'product_id' | 'warehouse_shelf_id' | 'lot_no'>) => `${line.product_id}@${line.warehouse_shelf_id}#${line.lot_no}`;

export interface ShelfPlace {
  id: number;
  warehouse_id: number;
  warehouse_area_id: number;
}

/** Whether a shelf lies in the count's scope (its warehouse, and its area or shelf when it names one). */
export function shelfInScope(stocktake: Pick<Stocktake, 'warehouse_id' | 'warehouse_area_id' | 'warehouse_shelf_id'>, shelf: ShelfPlace | undefined): boolean {
  if (!shelf || shelf.warehouse_id !== stocktake.warehouse_id) return false;
  if (stocktake.warehouse_area_id && shelf.warehouse_area_id !== stocktake.warehouse_area_id) return false;
  return !stocktake.warehouse_shelf_id || shelf.id === stocktake.warehouse_shelf_id;
}

/** The scope itself must hold together: the area in the warehouse, the shelf in both. */
export function checkScope(scope: Pick<Stocktake, 'warehouse_id' | 'warehouse_area_id' | 'warehouse_shelf_id'>, area: { warehouse_id: number } | undefined, shelf: ShelfPlace | undefined): void {
  if (scope.warehouse_area_id && (!area || area.warehouse_id !== scope.warehouse_id)) throw new StocktakeRuleError('area_not_in_warehouse');
  if (scope.warehouse_shelf_id && !shelfInScope({ ...scope, warehouse_shelf_id: 0 }, shelf)) throw new StocktakeRuleError('shelf_not_in_scope');
}

const STATUS_KEYS: Record<number, string> = { 0: 'not_started', 2: 'already_posted', 3: 'already_cancelled' };
const refuseUnless = (stocktake: Pick<Stocktake, 'status'>, ...allowed: number[]) => {
  if (!allowed.includes(stocktake.status)) throw new StocktakeRuleError(STATUS_KEYS[stocktake.status] ?? 'already_started');
};

/** `edit` while a draft only. */
export function assertStocktakeEditable(stocktake: Pick<Stocktake, 'status'>): void {
  refuseUnless(stocktake, StocktakeStatus.draft);
}

/** `del` of a draft or a cancelled count: a count that started and was posted stays. */
export function assertStocktakeDeletable(stocktake: Pick<Stocktake, 'status'>): void {
  if (stocktake.status !== StocktakeStatus.draft && stocktake.status !== StocktakeStatus.cancelled) throw new StocktakeRuleError('delete_only_draft_or_cancelled');
}

export interface BookStream {
  product_id: number;
  warehouse_shelf_id: number;
  lot_no: string;
  quantity: number;
  version: number;
}

/** start (draft → counting): one line per stock stream in scope, holding its book quantity and version. */
export function startStocktake(stocktake: Pick<Stocktake, 'status'>, book: BookStream[], priceOf: (productId: number) => string): Array<Omit<StocktakeLine, 'id' | 'stocktake_id'>> {
  refuseUnless(stocktake, StocktakeStatus.draft);
  return book.map((s) => ({
    product_id: s.product_id,
    warehouse_shelf_id: s.warehouse_shelf_id,
    lot_no: s.lot_no,
    book_quantity: s.quantity,
    book_version: s.version,
    counted_quantity: null,
    expected_quantity: null,
    variance: null,
    price: priceOf(s.product_id),
    found: 0,
    count_admin_id: 0,
    counttime: null,
  }));
}

export interface CountOfLine {
  id: number;
  counted_quantity: number;
}

export interface CountOfFound {
  product_id: number;
  warehouse_shelf_id: number;
  lot_no: string;
  counted_quantity: number;
}

export type CountRequest = CountOfLine | CountOfFound;

/**
 * count (counting; repeatable): counted quantities of the count's own lines, and found items for what the
 * book lacks (a found item that names a stream the count already has counts that line). Answers the counted
 * quantity per existing line id and the new lines to add.
 */
export function countStocktake(
  stocktake: Stocktake,
  lines: StocktakeLine[],
  requests: CountRequest[],
  shelves: ReadonlyMap<number, ShelfPlace>,
): { counted: Map<number, number>; found: CountOfFound[] } {
  refuseUnless(stocktake, StocktakeStatus.counting);
  if (!requests.length) throw new StocktakeRuleError('count_nothing');
  const byId = new Map(lines.map((line) => [line.id, line]));
  const byStream = new Map(lines.map((line) => [streamKeyOf(line), line]));
  const counted = new Map<number, number>();
  const found = new Map<string, CountOfFound>();
  for (const request of requests) {
    if (!Number.isInteger(request.counted_quantity) || request.counted_quantity < 0) throw new StocktakeRuleError('negative_count');
    if ('id' in request) {
      if (!byId.has(request.id)) throw new StocktakeRuleError('line_not_in_count', { id: request.id });
      counted.set(request.id, request.counted_quantity);
      continue;
    }
    const existing = byStream.get(streamKeyOf(request));
    if (existing) {
      counted.set(existing.id, request.counted_quantity);
      continue;
    }
    if (!shelfInScope(stocktake, shelves.get(request.warehouse_shelf_id))) throw new StocktakeRuleError('found_out_of_scope', { shelf: request.warehouse_shelf_id });
    found.set(streamKeyOf(request), request);
  }
  return { counted, found: [...found.values()] };
}

export interface PostedLine {
  id: number;
  expected_quantity: number;
  variance: number;
}

/**
 * post (counting → posted; every line counted): variance = counted − (book at start + net movements of that
 * stream since start). `current` is each stream's stock now, read under lock: the stream's book at start plus
 * every movement since, so goods issued or received while the shelf was being counted are not taken for a
 * loss or a gain. Answers every line's figures; the non-zero variances are the count's stock events.
 */
export function postStocktake(stocktake: Pick<Stocktake, 'status'>, lines: StocktakeLine[], current: ReadonlyMap<string, number>): PostedLine[] {
  refuseUnless(stocktake, StocktakeStatus.counting);
  const uncounted = lines.filter((line) => line.counted_quantity === null).length;
  if (uncounted) throw new StocktakeRuleError('uncounted_lines', { count: uncounted });
  return lines.map((line) => {
    const expected = current.get(streamKeyOf(line)) ?? 0;
    return { id: line.id, expected_quantity: expected, variance: line.counted_quantity! - expected };
  });
}

/** cancel (draft or counting → cancelled): posts nothing. */
export function cancelStocktake(stocktake: Pick<Stocktake, 'status'>): number {
  refuseUnless(stocktake, StocktakeStatus.draft, StocktakeStatus.counting);
  return StocktakeStatus.cancelled;
}

/** |variance| × price, exactly, signed like the variance. */
export function varianceAmount(variance: number, price: string): string {
  const cents = BigInt(Math.abs(variance)) * toCents(price);
  return variance < 0 ? `-${fromCents(cents)}` : fromCents(cents);
}
