/**
 * The master-data context's calls the warehouse screens make: the sources of their remote selects, the name
 * of one row of such a source, and what a scanned code names.
 */
import type { ScanAnswer } from '@contract/master-data';
import type { ProductUnitRow } from '@contract/units';
import { fetchJson } from './crud';

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

/** The name of one row of a select source (e.g. a carrier by id), null when unknown. */
export async function fetchPartyName(url: string, id: number): Promise<string | null> {
  try {
    const data = await fetchJson<{ list?: Array<{ id: number; name?: string }> }>(url, { select: true, initKey: 'id', initValue: id, limit: 1 }, { showErrorMessage: false });
    const hit = (data?.list ?? []).find((r) => String(r.id) === String(id));
    return hit ? String(hit.name ?? '') : null;
  } catch {
    return null;
  }
}

export const SCAN_URL = '/admin/wms.Scan/resolve';

/** What a scanned code names, looked up in one warehouse when given (a code may name shelves in several). */
export function resolveCode(code: string, warehouseId: number | null): Promise<ScanAnswer> {
  return fetchJson<ScanAnswer>(SCAN_URL, { code, warehouse_id: warehouseId ?? undefined }, { showErrorMessage: false });
}

/** The units of measure of products (`wms.ProductUnit`). */
export const PRODUCT_UNIT_API = '/admin/wms.ProductUnit';

/** A product's units (pallet, case …) by factor; [] when none or when the admin may not list them. */
export async function fetchProductUnits(productId: number): Promise<ProductUnitRow[]> {
  try {
    const data = await fetchJson<{ list?: ProductUnitRow[] }>(`${PRODUCT_UNIT_API}/index`, { product_id: productId, limit: 100, order: 'factor,asc' }, { showErrorMessage: false });
    return (data?.list ?? []).map((u) => ({ id: Number(u.id), product_id: Number(u.product_id), name: String(u.name), factor: Number(u.factor), bar_code: u.bar_code ?? null }));
  } catch {
    return [];
  }
}

/** The units of many products in one request (a count sheet's), grouped by product; missing products have none. */
export async function fetchUnitsOf(productIds: readonly number[]): Promise<Map<number, ProductUnitRow[]>> {
  const grouped = new Map<number, ProductUnitRow[]>(productIds.map((id) => [id, []]));
  if (!productIds.length) return grouped;
  try {
    const params = { 'search[0][field]': 'product_id', 'search[0][operator]': 'IN', 'search[0][val]': productIds.join(','), limit: 1000, order: 'factor,asc' };
    const data = await fetchJson<{ list?: ProductUnitRow[] }>(`${PRODUCT_UNIT_API}/index`, params, { showErrorMessage: false });
    for (const u of data?.list ?? []) grouped.get(Number(u.product_id))?.push({ id: Number(u.id), product_id: Number(u.product_id), name: String(u.name), factor: Number(u.factor), bar_code: u.bar_code ?? null });
  } catch {
    // no units shown: counting in the product's own unit still works
  }
  return grouped;
}
