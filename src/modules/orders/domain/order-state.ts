import { GoodsLine } from './order-lines';
import { LineAllocation } from './order-lots';
import { RelocationLine } from './relocation';

export type OrderKind = 'inbound' | 'outbound' | 'relocation';

/** What every order carries. */
export interface OrderHeader {
  id: number;
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
}

export interface OutboundOrder extends OrderHeader {
  outbound_no: string;
  customer_id: number;
  type: number;
  shipment_status: number;
  courier_number: string;
  carrier_id: number;
  shipment_time: number | null;
}

export interface RelocationOrder extends OrderHeader {
  relocation_no: string;
  customer_id: number;
  status: number;
}

export interface StoredGoodsLine extends GoodsLine {
  id: number;
  total_price: string;
  /** What the audit took or put, per lot ([] before). */
  allocations?: LineAllocation[];
}

interface Orders {
  inbound: { order: InboundOrder; line: StoredGoodsLine };
  outbound: { order: OutboundOrder; line: StoredGoodsLine };
  relocation: { order: RelocationOrder; line: RelocationLine };
}

export type OrderOf<K extends OrderKind> = Orders[K]['order'];
export type LineOf<K extends OrderKind> = Orders[K]['line'];

/** An order as its commands decide on it: the header and its lines in entry order. */
export interface OrderState<K extends OrderKind> {
  order: OrderOf<K>;
  lines: Array<LineOf<K>>;
}

/** The order number of any kind of order. */
export function orderNumberOf(order: InboundOrder | OutboundOrder | RelocationOrder): string {
  return 'receipt_no' in order ? order.receipt_no : 'outbound_no' in order ? order.outbound_no : order.relocation_no;
}

/** The shelves a line names: its shelf, or its source and target (0 = none chosen yet). */
export function shelfIdsOf(line: Pick<GoodsLine, 'warehouse_shelf_id'> | Pick<RelocationLine, 'source_warehouse_shelf_id' | 'target_warehouse_shelf_id'>): number[] {
  const ids = 'warehouse_shelf_id' in line ? [line.warehouse_shelf_id] : [line.source_warehouse_shelf_id, line.target_warehouse_shelf_id];
  return ids.filter((id) => id > 0);
}
