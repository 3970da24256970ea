/** Stock, history and dashboard answers. */

/** A row of `wms.InventoryHistory/index`: one ledger event. `quantity` is signed; money as strings. */
export type InventoryHistoryRow = {
  event_id: number;
  order_no: string;
  order_type: 'inbound' | 'outbound' | 'relocation' | 'stocktake' | 'adjustment' | 'wave' | 'task' | 'return';
  order_id: number;
  admin_id: number;
  operator: string;
  form_type: number;
  quantity: number;
  price: string;
  total_price: string;
  /** The shelf's quantity right after this event. */
  balance: number;
  product_id: number;
  product_name: string;
  product_no: string;
  unit: string;
  /** The unit the quantity was entered in and its factor (base units in one): the product's own unit and 1 unless a line named another. */
  unit_name: string;
  factor: number;
  spec: string;
  warehouse_id: number;
  warehouse_area_id: number;
  warehouse_shelf_id: number;
  /** "warehouse / area / shelf". */
  shelf_location: string;
  /** The lot ('' for products not kept per lot) and its expiry (`YYYY-MM-DD`, '' for none). */
  lot_no: string;
  expiry_date: string;
  createtime: number;
};

export interface TodayFigures {
  inbound_quantity: number;
  outbound_quantity: number;
}

/** Unaudited orders. */
export interface PendingOrderFigures {
  inbound_orders: number;
  outbound_orders: number;
}

export interface MonthlyFigures {
  year: number;
  /** `YYYY-01` … `YYYY-12`. */
  months: string[];
  inbound_quantity: number[];
  outbound_quantity: number[];
  /** Yuan, exact, two decimals. */
  inbound_amount: string[];
  outbound_amount: string[];
}

/** `GET dashboard/index?year=`. */
export interface DashboardAnswer {
  remark: string;
  today: TodayFigures;
  pending: PendingOrderFigures;
  monthly: MonthlyFigures;
  /** Stock in lots expiring within the site setting `expiry_warning_days` (default 30), or already expired. */
  expiring: { lots: number; quantity: number };
}

/** `totals` of `audit.Variance/index`: the gains and losses of the variances the filters select, values exact. */
export type VarianceTotals = {
  gain_lines: number;
  gain_quantity: number;
  gain_value: string;
  loss_lines: number;
  /** positive: how many units were lost */
  loss_quantity: number;
  /** negative, as the rows' values */
  loss_value: string;
  net_quantity: number;
  net_value: string;
};
