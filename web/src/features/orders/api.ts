/**
 * The warehouse-operation endpoints (docs/API.md), on the one request instance: the three order controllers
 * with their transitions, the stock list and the inventory history (list and CSV export URL).
 */
import request from '@/api/request';
import { actionUrl, createCrudApi, fetchJson, type CrudApi } from '@/components/crud';
import { directUrl } from '@/features/documents/directUrl';
import type { OrderKind } from './states';

export const ORDER_API: Record<OrderKind, string> = {
  inbound: '/admin/wms.Inbound',
  outbound: '/admin/wms.Outbound',
  relocation: '/admin/wms.Relocation',
  adjustment: '/admin/wms.Adjustment',
};

export const STOCK_API = '/admin/wms.Stock';
export const HISTORY_API = '/admin/wms.InventoryHistory';

/** Remote-select sources of the forms and filters. */
export const SELECT_URL = {
  supplier: '/admin/wms.Supplier/index',
  customer: '/admin/wms.Customer/index',
  carrier: '/admin/wms.Carrier/index',
  product: '/admin/wms.Product/index',
  warehouse: '/admin/wms.Warehouse/index',
  area: '/admin/wms.WarehouseArea/index',
  shelf: '/admin/wms.Shelf/index',
} as const;

export interface ShipInput {
  carrier_id: number;
  courier_number: string;
  /** Unix seconds; left out: now. */
  shipment_time?: number;
}

/** The transitions that move stock or change an order's state; each sends the `Idempotency-Key` given. */
export interface OrderApi extends CrudApi {
  audit(id: number, key: string): Promise<Record<string, any>>;
  ship(id: number, input: ShipInput, key: string): Promise<Record<string, any>>;
  move(id: number, lines: Array<{ id: number; quantity: number }>, key: string): Promise<Record<string, any>>;
  cancel(id: number, key: string): Promise<Record<string, any>>;
}

export function createOrderApi(kind: OrderKind): OrderApi {
  const crud = createCrudApi(ORDER_API[kind]);
  const transition = async (action: string, data: Record<string, unknown>, key: string) => {
    const res = await request({ url: actionUrl(crud.base, action), method: 'post', data, headers: { 'Idempotency-Key': key } }, { showSuccessMessage: true });
    return res.data;
  };
  return {
    ...crud,
    audit: (id, key) => transition('audit', { id }, key),
    ship: (id, input, key) => transition('ship', { id, ...input }, key),
    move: (id, lines, key) => transition('move', { id, lines }, key),
    cancel: (id, key) => transition('cancel', { id }, key),
  };
}

/** The history rows of one order (its number), oldest first; quiet when the admin may not read the history. */
export async function fetchOrderHistory(orderNo: string): Promise<{ list: Array<Record<string, any>>; total: number }> {
  const data = await fetchJson<{ list?: Array<Record<string, any>>; total?: number }>(
    `${HISTORY_API}/index`,
    { order_no: orderNo, limit: 1000, order: 'id,asc' },
    { showErrorMessage: false },
  );
  return { list: Array.isArray(data?.list) ? data.list : [], total: Number(data?.total ?? 0) };
}

/** The name of one row of a select source (e.g. a carrier by id), null when unknown. */
export async function fetchPartyName(url: string, id: number): Promise<string | null> {
  try {
    const data = await fetchJson<{ list?: Array<Record<string, any>> }>(url, { select: true, initKey: 'id', initValue: id, limit: 1 }, { showErrorMessage: false });
    const hit = (data?.list ?? []).find((r) => String(r.id) === String(id));
    return hit ? String(hit.name ?? '') : null;
  } catch {
    return null;
  }
}

/** On-hand stock of one product per shelf (shelf id → quantity), for the line editor's hints. */
export async function fetchProductStock(productId: number): Promise<Map<number, number>> {
  const data = await fetchJson<{ list?: Array<Record<string, any>> }>(`${STOCK_API}/index`, { product_id: productId, limit: 1000 }, { showErrorMessage: false });
  const out = new Map<number, number>();
  for (const row of data?.list ?? []) out.set(Number(row.warehouse_shelf_id), Number(row.quantity) || 0);
  return out;
}

/**
 * The URL of a CSV export a browser downloads directly: the list's filters (no paging), with the token,
 * `server=1` and the language (for the headers) in the query.
 */
export function exportUrl(base: string, indexParams: Record<string, unknown>, token: string, lang: string): string {
  const { page: _page, limit: _limit, ...params } = indexParams;
  return directUrl(`${base}/export`, params, token, lang);
}

/** The lots of one product on one shelf (stock above 0), the site's day and its expiry warning days. */
export interface ShelfLots {
  lots: Array<{ lot_no: string; expiry_date: string; days_left: number | null; quantity: number; lot_received_at: number }>;
  today: string;
  warningDays: number;
}

/** Reads a shelf's lots of a product from the stock list (quiet: the admin may not read stock). */
export async function fetchShelfLots(productId: number, shelfId: number): Promise<ShelfLots> {
  const data = await fetchJson<{ list?: Array<Record<string, any>>; today?: string; expiry_warning_days?: number }>(
    `${STOCK_API}/index`,
    { product_id: productId, warehouse_shelf_id: shelfId, limit: 100, order: 'expiry_date,asc' },
    { showErrorMessage: false },
  );
  return {
    lots: (data?.list ?? []).map((row) => ({
      lot_no: String(row.lot_no ?? ''),
      expiry_date: String(row.expiry_date ?? ''),
      days_left: typeof row.days_left === 'number' ? row.days_left : null,
      quantity: Number(row.quantity) || 0,
      lot_received_at: Number(row.lot_received_at) || 0,
    })),
    today: String(data?.today ?? ''),
    warningDays: Number(data?.expiry_warning_days ?? 30),
  };
}
