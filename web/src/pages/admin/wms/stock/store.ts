/**
 * The stock page's state: the list (one row per product and shelf) and its filters — warehouse, area,
 * shelf, product, "low stock only", and "as of" a past day (answered from the ledger, same rows).
 */
import { makeAutoObservable } from 'mobx';
import { CrudTableStore, type CrudColumn, type CrudRoot } from '@/components/crud';
import { createCrudApi, type CrudApi } from '@/api/crud';
import { STOCK_API } from '@/api/inventory';

export interface StockFilters {
  warehouse_id: number | null;
  warehouse_area_id: number | null;
  warehouse_shelf_id: number | null;
  product_id: number | null;
  low: boolean;
  /** only streams with stock left to reserve (storage shelves, quantity above what is reserved) */
  available: boolean;
  /** YYYY-MM-DD: stock at the end of that day */
  asof: string | null;
  /** a lot number (exact) */
  lot_no: string;
  /** all stock, lots expiring within the site's warning days (not yet expired), or expired lots */
  view: StockView;
}

export type StockView = 'all' | 'expiring' | 'expired';

/** The site's warning days until the server has answered them. */
export const DEFAULT_WARNING_DAYS = 30;

export const EMPTY_FILTERS: StockFilters = {
  warehouse_id: null,
  warehouse_area_id: null,
  warehouse_shelf_id: null,
  product_id: null,
  low: false,
  available: false,
  asof: null,
  lot_no: '',
  view: 'all',
};

/** Row key: the ledger view has no ids, a product, a shelf and a lot name a row. */
export function stockKey(row: Record<string, any>): string {
  return `${row.product_id}-${row.warehouse_shelf_id}-${row.lot_no ?? ''}`;
}

/** A product below its safety stock (only when a safety stock is set and the total is known). */
export function isLowStock(row: Record<string, any>): boolean {
  const p = row.product;
  if (!p || p.safety_stock_num === undefined || p.total_stock_num === undefined) return false;
  const safety = Number(p.safety_stock_num);
  return safety > 0 && Number(p.total_stock_num) < safety;
}

/** The query parameters of the filters (the as-of view knows no area, low, lot or expiry filter). */
export function filterParams(f: StockFilters, warningDays = DEFAULT_WARNING_DAYS): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (f.warehouse_id) out.warehouse_id = f.warehouse_id;
  if (f.warehouse_shelf_id) out.warehouse_shelf_id = f.warehouse_shelf_id;
  if (f.product_id) out.product_id = f.product_id;
  if (f.asof) out.asof = f.asof;
  else {
    if (f.warehouse_area_id) out.warehouse_area_id = f.warehouse_area_id;
    if (f.low) out.low = 1;
    if (f.available) out.available = 1;
    if (f.lot_no.trim()) out.lot_no = f.lot_no.trim().toUpperCase();
    if (f.view === 'expiring') out.expiring_within = warningDays;
    if (f.view === 'expired') out.expired = 1;
  }
  return out;
}

/** The stock client: rows get a `_key` (product-shelf) since the as-of rows have no id. */
function stockClient(): CrudApi {
  const api = createCrudApi(STOCK_API);
  return {
    ...api,
    async index(params) {
      const data = await api.index(params);
      const list = Array.isArray(data?.list) ? data.list.map((row: Record<string, any>) => ({ ...row, _key: stockKey(row) })) : [];
      return { ...data, list };
    },
  };
}

export class StockPageStore {
  filters: StockFilters = { ...EMPTY_FILTERS };
  readonly table: CrudTableStore;
  /** end of the as-of day as answered by the server (Unix seconds) */
  asofUntil: number | null = null;

  constructor(root: CrudRoot, columns: CrudColumn[]) {
    this.table = new CrudTableStore(root, {
      api: STOCK_API,
      pk: '_key',
      columns,
      quickSearchFields: ['wms.stock.productName', 'wms.stock.productNo', 'wms.stock.barCode', 'wms.stock.shelf', 'lots.lotNo'],
      extraParams: () => filterParams(this.filters, this.warningDays),
      client: stockClient(),
      limit: 20,
    });
    makeAutoObservable(this, { table: false });
  }

  /** The site setting `expiry_warning_days`, as the last answer gave it. */
  get warningDays(): number {
    const days = Number((this.table.answer as Record<string, unknown> | null)?.expiry_warning_days);
    return Number.isInteger(days) && days >= 0 ? days : DEFAULT_WARNING_DAYS;
  }

  get asofMode(): boolean {
    return !!this.filters.asof;
  }

  setFilter<K extends keyof StockFilters>(key: K, value: StockFilters[K]): void {
    const next = { ...this.filters, [key]: value };
    // narrower places belong to the wider one
    if (key === 'warehouse_id') {
      next.warehouse_area_id = null;
      next.warehouse_shelf_id = null;
    }
    if (key === 'warehouse_area_id') next.warehouse_shelf_id = null;
    this.filters = next;
    // the expiry views show what expires first at the top (a click on a column header still re-sorts)
    if (key === 'view') this.table.setOrder(value === 'all' ? null : { field: 'expiry_date', dir: 'asc' });
    else this.table.submitSearch();
  }

  resetFilters(): void {
    this.filters = { ...EMPTY_FILTERS };
    this.table.submitSearch();
  }

  get activeFilterCount(): number {
    return Object.keys(filterParams(this.filters)).length;
  }
}
