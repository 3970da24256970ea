import type { OrderKind } from '../../../../contract/enums';
import type { AdjustmentOrder, GoodsLine, InboundOrder, LineOf, OrderOf, OutboundOrder, RelocationLine, RelocationOrder, ReturnOrder } from '../../../../contract/orders';

export type { OrderKind } from '../../../../contract/enums';
export type { AdjustmentLine, AdjustmentOrder, ReturnLine, ReturnOrder, Returnable, InboundOrder, LineOf, OrderHeader, OrderOf, OutboundOrder, RelocationLine, RelocationOrder, StoredGoodsLine, StoredOutboundLine } from '../../../../contract/orders';

/** An order as its commands decide on it: the header and its lines in entry order. */
export interface OrderState<K extends OrderKind> {
  order: OrderOf<K>;
  lines: Array<LineOf<K>>;
}

/** The order number of any kind of order. */
export function orderNumberOf(order: InboundOrder | OutboundOrder | RelocationOrder | AdjustmentOrder | ReturnOrder): string {
  if ('adjustment_no' in order) return order.adjustment_no;
  if ('return_no' in order) return order.return_no;
  return 'receipt_no' in order ? order.receipt_no : 'outbound_no' in order ? order.outbound_no : order.relocation_no;
}

/** The shelves a line names: its shelf, or its source and target (0 = none chosen yet). */
export function shelfIdsOf(line: Pick<GoodsLine, 'warehouse_shelf_id'> | Pick<RelocationLine, 'source_warehouse_shelf_id' | 'target_warehouse_shelf_id'>): number[] {
  const ids = 'warehouse_shelf_id' in line ? [line.warehouse_shelf_id] : [line.source_warehouse_shelf_id, line.target_warehouse_shelf_id];
  return ids.filter((id) => id > 0);
}
