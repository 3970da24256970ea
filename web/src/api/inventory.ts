/**
 * The inventory context's calls (docs/API.md): the stock list and the inventory history (what the order
 * screens read of them), the dashboard, the auditor's views (trace, stock as of a day, variances) and the
 * ledger's integrity (digests and the streamed verification).
 */
import type { DigestFile } from '@contract/ledger';
import type { DashboardAnswer, InventoryHistoryRow } from '@contract/stock';
import type { SerialView } from '@contract/serials';
import { actionUrl, fetchJson, listAt, type CrudApi } from './crud';
import request, { directUrl } from './request';

export const STOCK_API = '/admin/wms.Stock';
export const HISTORY_API = '/admin/wms.InventoryHistory';

/** A product's stock on one shelf and lot, as the stock list answers it. */
interface StockLotRow {
  warehouse_shelf_id: number;
  quantity: number;
  lot_no: string;
  expiry_date: string;
  days_left: number | null;
  lot_received_at: number;
  /** 1: the lot is blocked (a recall, a quality hold): nothing of it may be taken. */
  blocked?: number;
}

/** The history rows of one order (its number), oldest first; quiet when the admin may not read the history. */
export async function fetchOrderHistory(orderNo: string): Promise<InventoryHistoryRow[]> {
  const data = await fetchJson<{ list?: InventoryHistoryRow[] }>(actionUrl(HISTORY_API, 'index'), { order_no: orderNo, limit: 1000, order: 'id,asc' }, { showErrorMessage: false });
  return Array.isArray(data?.list) ? data.list : [];
}

/** One lot of a product on a shelf (lot '' for a product not kept per lot). */
export type StockLot = Pick<StockLotRow, 'lot_no' | 'expiry_date' | 'days_left' | 'quantity' | 'lot_received_at'> & { blocked?: boolean };

/** On-hand stock of one product: its lots per shelf (shelf id → lots) and the site's day, for the line editor's hints. */
export interface ProductStock {
  today: string;
  shelves: Map<number, StockLot[]>;
}

function stockLot(row: Partial<StockLotRow>): StockLot {
  return {
    lot_no: String(row.lot_no ?? ''),
    expiry_date: String(row.expiry_date ?? ''),
    days_left: typeof row.days_left === 'number' ? row.days_left : null,
    quantity: Number(row.quantity) || 0,
    lot_received_at: Number(row.lot_received_at) || 0,
    blocked: Number(row.blocked) === 1,
  };
}

export async function fetchProductStock(productId: number): Promise<ProductStock> {
  const data = await fetchJson<{ list?: Array<Partial<StockLotRow>>; today?: string }>(actionUrl(STOCK_API, 'index'), { product_id: productId, limit: 1000 }, { showErrorMessage: false });
  const shelves = new Map<number, StockLot[]>();
  for (const row of data?.list ?? []) {
    const shelf = Number(row.warehouse_shelf_id);
    shelves.set(shelf, [...(shelves.get(shelf) ?? []), stockLot(row)]);
  }
  return { today: String(data?.today ?? ''), shelves };
}

/** The lots of one product on one shelf (stock above 0), the site's day and its expiry warning days. */
export interface ShelfLots {
  lots: StockLot[];
  today: string;
  warningDays: number;
}

/** Reads a shelf's lots of a product from the stock list (quiet: the admin may not read stock). */
export async function fetchShelfLots(productId: number, shelfId: number): Promise<ShelfLots> {
  const data = await fetchJson<{ list?: Array<Partial<StockLotRow>>; today?: string; expiry_warning_days?: number }>(
    actionUrl(STOCK_API, 'index'),
    { product_id: productId, warehouse_shelf_id: shelfId, limit: 100, order: 'expiry_date,asc' },
    { showErrorMessage: false },
  );
  return {
    lots: (data?.list ?? []).map(stockLot),
    today: String(data?.today ?? ''),
    warningDays: Number(data?.expiry_warning_days ?? 30),
  };
}

/* The dashboard ---------------------------------------------------------------------------------- */

/** `GET /admin/dashboard/index?year=`. */
export function fetchDashboard(year?: number): Promise<DashboardAnswer> {
  return fetchJson<DashboardAnswer>('/admin/dashboard/index', year ? { year } : undefined);
}

/* The auditor's views ---------------------------------------------------------------------------- */

export const TRACE_API = '/admin/audit.Trace';
export const AUDIT_STOCK_API = '/admin/audit.Stock';
export const VARIANCE_API = '/admin/audit.Variance';

/* The ledger's integrity ------------------------------------------------------------------------- */

export const LEDGER_API = '/admin/audit.Ledger';

export async function takeDigest(): Promise<DigestFile> {
  return (await request<DigestFile>({ url: actionUrl(LEDGER_API, 'take'), method: 'post' }, { showSuccessMessage: true })).data;
}

export async function publicKey(): Promise<{ public_key: string; algorithm: string }> {
  return (await request<{ public_key: string; algorithm: string }>({ url: actionUrl(LEDGER_API, 'publicKey'), method: 'get' })).data;
}

/** The verification stream; `digest`: a stored digest's id, 'latest' or 'none'. */
export function verifyUrl(digest: number | 'latest' | 'none', token: string, lang: string): string {
  return directUrl(actionUrl(LEDGER_API, 'verify'), { digest_id: digest }, token, lang);
}

export const digestDownloadUrl = (id: number, token: string, lang: string) => directUrl(actionUrl(LEDGER_API, 'download'), { id }, token, lang);
export const publicKeyUrl = (token: string, lang: string) => directUrl(actionUrl(LEDGER_API, 'publicKey'), { download: 1 }, token, lang);
export const ledgerExportUrl = (what: 'digests' | 'runs', format: 'csv' | 'xlsx', token: string, lang: string) => directUrl(actionUrl(LEDGER_API, 'export'), { what, format }, token, lang);

/** The verification runs list: the ledger's CRUD client with its index at `runs`. */
export function verificationRuns(): CrudApi {
  return listAt(LEDGER_API, 'runs');
}

export const SERIAL_API = '/admin/wms.Serial';

/** `wms.Serial/index`: where serials are and their movements (docs/SERIALS.md). */
export function fetchSerials(params: { serial_no?: string; product_id?: number; in_stock?: number; page?: number; limit?: number }): Promise<{ list: SerialView[]; total: number }> {
  return fetchJson<{ list: SerialView[]; total: number }>(actionUrl(SERIAL_API, 'index'), params);
}
