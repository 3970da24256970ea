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
  /**
   * The stream's version when the line was last counted: the counted quantity is what the shelf held at that
   * version. null until counted (and for lines counted before versions were kept).
   */
  counted_version: number | null;
  /** At post: the book at the counted version (book at start + net movements of the stream up to it). */
  expected_quantity: number | null;
  /** At post: counted − expected. */
  variance: number | null;
  /** A serial-tracked stream (§14): its serials on the shelf at the counted version, and those counted (null: none, not counted). */
  book_serials?: string[] | null;
  counted_serials?: string[] | null;
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

/** A blind count shows neither book quantities nor variances, on screen or on its sheet, until it is posted. */
export function figuresHidden(stocktake: Pick<Stocktake, 'blind' | 'status'>): boolean {
  return Boolean(stocktake.blind) && stocktake.status !== StocktakeStatus.posted;
}

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
    counted_version: null,
    expected_quantity: null,
    variance: null,
    price: priceOf(s.product_id),
    found: 0,
    count_admin_id: 0,
    counttime: null,
  }));
}

/** Counted in a unit (§14): converted by the command before the rule, so `counted_quantity` is base units here. */
interface CountedInUnit {
  unit_id?: number;
  unit_quantity?: number;
}

export interface CountOfLine extends CountedInUnit {
  id: number;
  counted_quantity: number;
  /** A serial-tracked line: the serials scanned (its counted quantity is how many). */
  serials?: string[];
}

export interface CountOfFound extends CountedInUnit {
  product_id: number;
  warehouse_shelf_id: number;
  lot_no: string;
  counted_quantity: number;
  serials?: string[];
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

/** What the ledger says of a count's streams, as the variance needs it. */
export interface CountBooks {
  /** Each stream's stock and version now, keyed by `streamKeyOf` (absent: no stock row). */
  now: ReadonlyMap<string, { quantity: number; version: number }>;
  /** The ledger's balance of a line's stream at a version (`balanceKeyOf`); version 0 is the empty stream. */
  balances: ReadonlyMap<string, number>;
}

/** `<product>@<shelf>#<lot>@v<version>`: a line's stream at one of its versions. */
export const balanceKeyOf = (line: Pick<StocktakeLine, 'product_id' | 'warehouse_shelf_id' | 'lot_no'>, version: number) => `${streamKeyOf(line)}@v${version}`;

/**
 * The stream version a counted line's variance is taken at: the version its stream had when the line was
 * last counted (a recount moves it on). A line counted before versions were kept is taken at its stream now.
 * null for a line not counted yet.
 */
export function countedVersionOf(line: StocktakeLine, now: CountBooks['now']): number | null {
  if (line.counted_quantity === null) return null;
  return line.counted_version ?? now.get(streamKeyOf(line))?.version ?? 0;
}

/**
 * The balances a count's variances need from the ledger: each counted line's stream at its counted version,
 * unless nothing moved on it between the start and the count (its book at start is that balance).
 */
export function balancesToRead(lines: readonly StocktakeLine[], now: CountBooks['now']): Array<{ line: StocktakeLine; version: number }> {
  return lines.flatMap((line) => {
    const version = countedVersionOf(line, now);
    return version === null || version === line.book_version || version === 0 ? [] : [{ line, version }];
  });
}

/**
 * A line's expected quantity and variance, the one rule the review and the post share. Counted: the book at
 * the counted version (book at start + net movements of the stream up to it) and counted − that, so goods
 * that moved after the line was counted are neither a gain nor a loss (count 100, ship 7 → variance 0). Not
 * counted yet: the stock now and no variance.
 */
export function lineFigures(line: StocktakeLine, books: CountBooks): { expected_quantity: number; variance: number | null } {
  const version = countedVersionOf(line, books.now);
  if (version === null) return { expected_quantity: books.now.get(streamKeyOf(line))?.quantity ?? 0, variance: null };
  const expected = version === line.book_version ? line.book_quantity : version === 0 ? 0 : books.balances.get(balanceKeyOf(line, version));
  if (expected === undefined) throw new Error(`the ledger holds no event at version ${version} of the stream of count line ${line.id}`);
  return { expected_quantity: expected, variance: line.counted_quantity! - expected };
}

/**
 * post (counting → posted; every line counted): each line's variance against the book at the version it was
 * counted at (`lineFigures`). Answers every line's figures; the non-zero variances are the count's stock events.
 */
export function postStocktake(stocktake: Pick<Stocktake, 'status'>, lines: StocktakeLine[], books: CountBooks): PostedLine[] {
  refuseUnless(stocktake, StocktakeStatus.counting);
  const uncounted = lines.filter((line) => line.counted_quantity === null).length;
  if (uncounted) throw new StocktakeRuleError('uncounted_lines', { count: uncounted });
  return lines.map((line) => {
    const { expected_quantity, variance } = lineFigures(line, books);
    return { id: line.id, expected_quantity, variance: variance! };
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
