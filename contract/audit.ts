/**
 * The auditor's workspace as the API answers it: the movement trace (`audit.Trace/index`), the count and
 * adjustment variances (`audit.Variance/index`), and one order as audited (`audit.Trace/order`). Every row is a
 * history row: the movement with the names, place and price of its moment. Money two decimals as a string.
 */
import type { ListAnswer, PageAnswer } from './envelope';
import type { OrderView } from './orders';
import type { InventoryHistoryRow, VarianceTotals } from './stock';
import type { StocktakeView } from './stocktake';

/** The order types a movement comes from. */
export type MovedOrderType = InventoryHistoryRow['order_type'];

/** The columns every auditor's view shares. */
export interface HistoryMovement {
  id: number;
  event_id: number;
  /** Unix seconds. */
  createtime: number;
  order_no: string;
  form_type: number;
  product_id: number;
  product_no: string;
  product_name: string;
  spec: string;
  unit: string;
  shelf_location: string;
  lot_no: string;
  /** Signed. */
  quantity: number;
  price: string;
  operator: string;
}

/** One movement of a trace with its running balances. */
export interface TraceRow extends HistoryMovement {
  order_type: string;
  order_id: number;
  warehouse_id: number;
  warehouse_shelf_id: number;
  expiry_date: string;
  total_price: string;
  /** The (product, shelf, lot) stream's balance right after the movement. */
  balance: number;
  /** The balance of what the trace's lot / warehouse / shelf filters select right after the movement. */
  scope_balance: number;
  /** The product's balance over every warehouse, shelf and lot right after the movement. */
  product_balance: number;
}

/** One posted count line or adjustment line that changed stock: its signed variance and what it is worth. */
export interface VarianceRow extends HistoryMovement {
  order_type: string;
  order_id: number;
  warehouse_id: number;
  /** quantity × the unit price the movement was posted at, exact, signed. */
  value: string;
  /** Why: an adjustment line's reason key (`damaged`, `lost`, `found`, `expired`, `correction`; several joined by commas), `count` for a count's variance. */
  reason: string;
}

/** A page of an auditor's list: `total` stops at the cap (`total_capped`). */
export type AuditPage<Row> = PageAnswer<Row> & Pick<ListAnswer<Row>, 'total_capped'>;

/** `GET audit.Variance/index`: the page, and the totals of everything the filters select. */
export type VarianceAnswer = AuditPage<VarianceRow> & { totals: VarianceTotals };

/** One movement of an order as the ledger recorded it. */
export interface OrderMovement extends HistoryMovement {
  expiry_date: string;
  total_price: string;
  balance: number;
}

/** `GET audit.Trace/order`: an order as audited. */
export interface OrderSnapshot {
  order: { order_type: MovedOrderType; order_id: number; order_no: string; operator: string; first_at: number; last_at: number };
  /** The order with its lines as its own detail shows them (null when the order row is gone). */
  row: OrderView | StocktakeView | null;
  movements: OrderMovement[];
}
