/**
 * Product page helpers: status enumeration, the remote selects of the catalogues a product refers to, the
 * images field (comma-separated on the server, one per line in the form) and the low-stock check.
 */
import { PRODUCT_STATUS } from '@contract/enums';
import { URL_REGEX, type CrudOption, type CrudRemote } from '@/components/crud';

export const PRODUCT_API = '/admin/wms.Product';

/** product.status (contract/enums.ts). */
export const PRODUCT_STATUS_OPTIONS: CrudOption[] = [
  { value: PRODUCT_STATUS.onShelf, label: 'wms.product.statusOnShelf', color: 'green' },
  { value: PRODUCT_STATUS.offShelf, label: 'wms.product.statusOffShelf', color: 'gray' },
];

export const BRAND_REMOTE: CrudRemote = { url: '/admin/wms.Brand/index', labelField: 'name' };
export const UNIT_REMOTE: CrudRemote = { url: '/admin/wms.Unit/index', labelField: 'name' };
/** a tree controller: `select=true` answers the rows depth-first with pid and an indented name. */
export const CATEGORY_REMOTE: CrudRemote = { url: '/admin/wms.Category/index', labelField: 'name' };

/** "a.png,b.png" (or an array) → the list of paths. */
export function imageList(value: unknown): string[] {
  const items = Array.isArray(value) ? value : typeof value === 'string' ? value.split(/[\n,]/) : [];
  return items.map((s) => String(s).trim()).filter(Boolean);
}

/** Server value → textarea text, one path per line. */
export const imagesToForm = (value: unknown): string => imageList(value).join('\n');

/** Textarea text → the comma-separated list the server stores. */
export const imagesToServer = (value: unknown): string => imageList(value).join(',');

/** Every line is a URL or a site path. */
export function validImageList(value: unknown): boolean {
  return imageList(value).every((s) => URL_REGEX.test(s));
}

/** Below the safety stock (a safety stock of 0 never warns). */
export function isLowStock(row: { total_stock_num?: unknown; safety_stock_num?: unknown }): boolean {
  const safety = Number(row.safety_stock_num ?? 0);
  return safety > 0 && Number(row.total_stock_num ?? 0) < safety;
}
