/**
 * Orders as the API answers them (`GET edit`, and every transition): the header, the lines, and the names
 * of what they refer to. The server's order rules decide on the same header and line types.
 */
import type { PackageView } from './directed';
import type { OrderKind } from './enums';
import type { LineUnitFields } from './units';

/** What every order carries. Times are Unix seconds. */
export interface OrderHeader {
  id: number;
  /** The external reference the user typed. */
  order_sn: string;
  admin_id: number;
  audit_status: number;
  audittime: number | null;
  audit_admin_id: number;
  remark: string;
  createtime: number | null;
  updatetime: number | null;
}

export interface InboundOrder extends OrderHeader {
  receipt_no: string;
  supplier_id: number;
  type: number;
  /** The warehouse it is received into (0: none named; every line then names its shelf). Lines without a shelf are received on its dock and put away by tasks. */
  warehouse_id: number;
}

export interface OutboundOrder extends OrderHeader {
  outbound_no: string;
  customer_id: number;
  type: number;
  shipment_status: number;
  courier_number: string;
  carrier_id: number;
  shipment_time: number | null;
  /** The warehouse it is fulfilled from (0: none named; every line then names its shelf). */
  warehouse_id: number;
  /** `FULFILMENT_STATUS`: 0 none, 1 reserved, 2 in wave, 3 picked, 4 packed, 5 shipped. */
  fulfilment_status: number;
  /** The open wave it is in (0: none). */
  wave_id: number;
  /** The order whose unpicked rest this one delivers (0: not a backorder). */
  backorder_of: number;
}

/** What an outbound line holds reserved on one stream. */
export interface LineReservation {
  warehouse_shelf_id: number;
  lot_no: string;
  quantity: number;
}

export interface RelocationOrder extends OrderHeader {
  relocation_no: string;
  customer_id: number;
  status: number;
}

/** One line of an inbound or outbound order (as written: no id yet). */
export interface GoodsLine extends Partial<LineUnitFields> {
  id?: number;
  product_id: number;
  detail_code: string;
  plan_quantity: number;
  actual_quantity: number;
  /** Money: two decimals. */
  price: string;
  /** 0: none chosen yet. */
  warehouse_shelf_id: number;
  /** Inbound: the lot received ('' for a product not kept per lot). Outbound: the lot named, '' to allocate first-expiry-first-out. */
  lot_no?: string;
  /** Inbound, `YYYY-MM-DD` or '': the lot's dates (the expiry derived from the shelf life when not given). */
  production_date?: string;
  expiry_date?: string;
  /** A serial-tracked product: one serial per unit (trimmed, upper-case; §14). [] for other products. */
  serials?: string[];
}

/** An outbound line as stored: in a wave, what its pick tasks moved to staging and what could not be found. */
export interface StoredOutboundLine extends StoredGoodsLine {
  picked_quantity: number;
  backorder_quantity: number;
}

/** One lot a line took or put (`allocations` of a line). */
export interface LineAllocation {
  lot_no: string;
  quantity: number;
  /** The shelf it was taken from, when not the line's own (an outbound line reserved over several shelves). */
  warehouse_shelf_id?: number;
}

/** A stored goods line: its id, and its total (actual quantity × price) once audited. */
export interface StoredGoodsLine extends GoodsLine {
  id: number;
  total_price: string;
  /** What the audit took or put, per lot ([] before). */
  allocations?: LineAllocation[];
}

export interface RelocationLine extends Partial<LineUnitFields> {
  id: number;
  product_id: number;
  source_warehouse_shelf_id: number;
  target_warehouse_shelf_id: number;
  plan_quantity: number;
  /** Moved so far. */
  actual_quantity: number;
  /** The lot named, '' to allocate first-expiry-first-out at each move. */
  lot_no?: string;
  /** What the moves took so far, per lot. */
  allocations?: LineAllocation[];
  /** A serial-tracked product: the serials moved so far (each move names its own). */
  serials?: string[];
}

export interface AdjustmentOrder extends OrderHeader {
  adjustment_no: string;
}

/** One line of an adjustment: a signed quantity with its reason. */
export interface AdjustmentLine extends Partial<LineUnitFields> {
  id: number;
  product_id: number;
  warehouse_shelf_id: number;
  lot_no: string;
  /** Signed, never 0: positive into the shelf (form type 100), negative out of it (110). */
  quantity: number;
  reason: string;
  /** The product's price when audited (the value of the change). */
  price: string;
  total_price: string;
  /** A serial-tracked product: one serial per unit (trimmed, upper-case; §14). [] for other products. */
  serials?: string[];
}

/** A customer return against a shipped outbound order (its customer copied). */
export interface ReturnOrder extends OrderHeader {
  return_no: string;
  outbound_id: number;
  customer_id: number;
  /** The audited adjustment that took the scrapped lines out again (0: none). */
  scrap_adjustment_id: number;
}

/** One line of a return: a product and lot back from the customer, and what becomes of it. */
export interface ReturnLine extends Partial<LineUnitFields> {
  id: number;
  product_id: number;
  lot_no: string;
  quantity: number;
  /** `RETURN_DISPOSITION`: 1 restock (a storage shelf), 2 hold (a hold shelf), 3 scrap. */
  disposition: number;
  warehouse_shelf_id: number;
  reason: string;
  /** The price it was shipped at (the value of the return). */
  price: string;
  total_price: string;
  /** A serial-tracked product: one serial per unit (trimmed, upper-case; §14). [] for other products. */
  serials?: string[];
}

/** What may still be returned of one (product, lot) of a shipped order. */
export interface Returnable {
  product_id: number;
  lot_no: string;
  shipped: number;
  returned: number;
  returnable: number;
  price: string;
}

interface Orders {
  inbound: { order: InboundOrder; line: StoredGoodsLine; party: 'supplier' };
  outbound: { order: OutboundOrder; line: StoredOutboundLine; party: 'customer' };
  relocation: { order: RelocationOrder; line: RelocationLine; party: 'customer' };
  adjustment: { order: AdjustmentOrder; line: AdjustmentLine; party: null };
  return: { order: ReturnOrder; line: ReturnLine; party: 'customer' };
}

export type OrderOf<K extends OrderKind> = Orders[K]['order'];
export type LineOf<K extends OrderKind> = Orders[K]['line'];

/** The product of a line as an order shows it. */
export interface OrderProductView {
  id: number;
  name: string;
  product_no: string;
  spec: string;
  unit_name: string;
  price: string;
  /** 1: kept per lot. */
  lot_tracked: number;
  /** 1: one serial per unit (§14). */
  serial_tracked?: number;
  /** Shelf life in days (0: none). */
  effective_day: number;
}

/** A shelf as an order shows it; `location` is "warehouse / area / shelf". */
export interface OrderShelfView {
  id: number;
  name: string;
  serial_no: string;
  warehouse_id: number;
  warehouse_area_id: number;
  location: string;
}

/** The supplier or customer of an order (`deleted`: soft-deleted since). */
export interface OrderPartyView {
  id: number;
  name: string;
  deleted: boolean;
}

/** A line with the names it refers to: `shelf` on goods lines, `source_shelf` and `target_shelf` on relocation lines. */
export type OrderLineView<K extends OrderKind> = LineOf<K> & {
  product: OrderProductView | null;
  shelf?: OrderShelfView | null;
  source_shelf?: OrderShelfView | null;
  target_shelf?: OrderShelfView | null;
  /** Outbound lines of a reserved order: what each holds, per stream, and what it could not get (`short`). */
  reservations?: LineReservation[];
  short?: number;
};

/** An order as every answer shows it. */
export type OrderView<K extends OrderKind = OrderKind> = OrderOf<K> & {
  supplier?: OrderPartyView | null;
  customer?: OrderPartyView | null;
  /** Display names of the creating and the auditing admin ('' when none). */
  operator: string;
  auditor: string;
  lines: Array<OrderLineView<K>>;
  /** An outbound order picked in a wave: its packages (cartons, pallets) with their contents, in order. */
  packages?: PackageView[];
  /** A return: the number of the outbound order it is against, and what may still be returned of it. */
  outbound_no?: string;
  returnable?: Returnable[];
};

/** An order as its list shows it (`GET index`): the header with the names joined (no lines). */
export type OrderListRow<K extends OrderKind = OrderKind> = OrderOf<K> & {
  supplier?: { name: string } | null;
  customer?: { name: string } | null;
  carrier?: { name: string } | null;
  /** The admin who created it. */
  admin?: { username: string; nickname: string } | null;
};

/** `POST ship`. */
export interface ShipInput {
  carrier_id: number;
  courier_number: string;
  /** Unix seconds; left out: now. */
  shipment_time?: number;
}

/** `POST move`: quantities to move now, by line id. */
export interface MoveLineInput {
  id: number;
  quantity: number;
  /** A serial-tracked product (§14): the serials of the units moved now, one per unit. */
  serials?: string[];
}
