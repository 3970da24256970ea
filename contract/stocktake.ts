import type { LineUnitFields } from './units';
/**
 * Counts (stock take) as the API answers them (`GET edit` and every transition): the count, the names of
 * its scope, its progress and its lines in shelf-path order. The server's count rules work on the same
 * count and line types. Times are Unix seconds, money two decimals as a string.
 */
import type { OrderProductView, OrderShelfView } from './orders';

/** A count: where it looks and how far it has come. */
export interface Stocktake {
  id: number;
  stocktake_no: string;
  warehouse_id: number;
  warehouse_area_id: number;
  warehouse_shelf_id: number;
  category_id: number;
  /** 1: the counters never see the book quantity, nor the variances until posted. */
  blind: number;
  status: number;
  remark: string;
  admin_id: number;
  start_time: number | null;
  start_admin_id: number;
  post_time: number | null;
  post_admin_id: number;
  createtime: number | null;
  updatetime: number | null;
}

/** What every answer shows of a line, blind or not. */
export interface StocktakeLineFacts extends Partial<LineUnitFields> {
  id: number;
  stocktake_id: number;
  product_id: number;
  warehouse_shelf_id: number;
  lot_no: string;
  /** null until counted. */
  counted_quantity: number | null;
  /** The product's price while open, the price the variance was valued at once posted. */
  price: string;
  /** 1: added by a counter for what the book lacked. */
  found: number;
  count_admin_id: number;
  counttime: number | null;
  /** A serial-tracked line (§14): the serials counted (null until counted; absent for other products). */
  counted_serials?: string[] | null;
}

/** The figures of a line: absent while a blind count is not posted. */
export interface StocktakeLineFigures {
  /** Stock of the stream when the count started (0 for a found item). */
  book_quantity?: number;
  /** What the variance is taken against: the book when the line was counted (not counted yet: the stock now). */
  expected_quantity?: number | null;
  /** counted − expected (null until counted). */
  variance?: number | null;
  variance_amount?: string | null;
}

export type StocktakeProductView = OrderProductView & { bar_code: string | null };
export type StocktakeShelfView = OrderShelfView & { area_name: string };

export type StocktakeLineView = StocktakeLineFacts &
  StocktakeLineFigures & {
    product: StocktakeProductView | null;
    shelf: StocktakeShelfView | null;
    /** A serial-tracked line, unless the count is blind and open: the serials the shelf holds of its stream (as counted against, once posted). */
    expected_serials?: string[];
  };

/** The names of a count's scope (null where not set, unknown or deleted). */
export interface StocktakeScopeNames {
  warehouse: { id: number; name: string } | null;
  area: { id: number; name: string; warehouse_id: number } | null;
  shelf: { id: number; name: string; warehouse_id: number; warehouse_area_id: number } | null;
  category: { id: number; name: string } | null;
}

/** Progress, and (unless blind and not posted) the gains and losses. */
export interface StocktakeSummary {
  lines: number;
  counted: number;
  gain_quantity?: number;
  gain_amount?: string;
  loss_quantity?: number;
  loss_amount?: string;
  /** Signed. */
  net_amount?: string;
}

/** A count as every answer shows it. */
export type StocktakeView = Stocktake &
  StocktakeScopeNames & {
    /** Display names of who created, started and posted it ('' when none). */
    operator: string;
    starter: string;
    poster: string;
    summary: StocktakeSummary;
    lines: StocktakeLineView[];
  };
