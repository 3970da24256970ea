/** The auditor's workspace views (`/admin/audit.Trace`, `audit.Stock`, `audit.Variance`) on the one request instance. */
import { fetchJson } from '@/components/crud';

export const TRACE_API = '/admin/audit.Trace';
export const AUDIT_STOCK_API = '/admin/audit.Stock';
export const VARIANCE_API = '/admin/audit.Variance';

export type TracedOrderType = 'inbound' | 'outbound' | 'relocation' | 'stocktake' | 'adjustment';

export interface OrderSnapshot {
  order: { order_type: TracedOrderType; order_id: number; order_no: string; operator: string; first_at: number; last_at: number };
  /** the order with its lines as its own detail shows them (null when the order row is gone) */
  row: Record<string, any> | null;
  movements: Array<Record<string, any>>;
}

/** One order as audited: the order with its lines, and its movements as the ledger recorded them. */
export function fetchOrderSnapshot(orderType: string, orderId: number): Promise<OrderSnapshot> {
  return fetchJson<OrderSnapshot>(`${TRACE_API}/order`, { order_type: orderType, order_id: orderId });
}

/** The order page a traced movement's order opens on (`?detail=<id>` opens its detail, `?id=<id>` a count's sheet). */
export const ORDER_PAGE: Record<TracedOrderType, string> = {
  inbound: '/admin/wms/inbound',
  outbound: '/admin/wms/outbound',
  relocation: '/admin/wms/relocation',
  stocktake: '/admin/wms/stocktake',
  adjustment: '/admin/wms/adjustment',
};
