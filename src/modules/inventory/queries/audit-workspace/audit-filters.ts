import { AppError } from '../../../../shared/http/app-error';
import { endOfSiteDay, startOfSiteDay } from '../../../../shared/time/site-day';
import { isCalendarDay, LOT_NO_MAX_LENGTH, normalizeLotNo } from '../../domain/lots';

/** Counts stop here, as the other lists' do (`total_capped`). */
export const AUDIT_COUNT_CAP = 10_000;
export const AUDIT_MAX_PAGE_SIZE = 200;

const id = (value: unknown, key: string): number | null => {
  if (value === undefined || value === null || value === '') return null;
  if (typeof value === 'string' && /^\d{1,10}$/.test(value) && Number(value) > 0 && Number(value) <= 2_147_483_647) return Number(value);
  if (typeof value === 'number' && Number.isInteger(value) && value > 0 && value <= 2_147_483_647) return value;
  throw new AppError('ledger.audit.bad_id', { field: key });
};

/** A day `YYYY-MM-DD` of the site's calendar, or null when left out. */
const day = (value: unknown): string | null => {
  if (value === undefined || value === null || value === '') return null;
  if (typeof value !== 'string' || !isCalendarDay(value)) throw new AppError('inventory.bad_date');
  return value;
};

/** A period of site days: `from` / `to` (either may be left out), as Unix seconds inclusive. */
export interface Period {
  from: string | null;
  to: string | null;
  since: number | null;
  until: number | null;
}

export function periodOf(query: Record<string, unknown>, timeZone: string): Period {
  const from = day(query.from);
  const to = day(query.to);
  if (from && to && from > to) throw new AppError('ledger.audit.bad_period');
  return { from, to, since: from ? startOfSiteDay(from, timeZone) : null, until: to ? endOfSiteDay(to, timeZone) : null };
}

export interface Paging {
  page: number;
  limit: number;
}

export function pagingOf(query: Record<string, unknown>): Paging {
  const page = query.page === undefined || query.page === '' ? 1 : Number(query.page);
  const limit = query.limit === undefined || query.limit === '' ? 20 : Number(query.limit);
  if (!Number.isInteger(page) || page < 1 || page > 100_000) throw new AppError('ledger.audit.bad_page');
  if (!Number.isInteger(limit) || limit < 1 || limit > AUDIT_MAX_PAGE_SIZE) throw new AppError('ledger.audit.bad_limit', { max: AUDIT_MAX_PAGE_SIZE });
  return { page, limit };
}

/** What a movement trace is about: one product, optionally one lot and one warehouse or shelf, and a period. */
export interface TraceFilters {
  productId: number;
  lotNo: string | null;
  warehouseId: number | null;
  shelfId: number | null;
  period: Period;
}

export function traceFiltersOf(query: Record<string, unknown>, timeZone: string): TraceFilters {
  const productId = id(query.product_id, 'product_id');
  if (!productId) throw new AppError('ledger.audit.product_required');
  let lotNo: string | null = null;
  if (query.lot_no !== undefined && query.lot_no !== '') {
    lotNo = normalizeLotNo(query.lot_no);
    if (lotNo === null) throw new AppError('ledger.audit.bad_lot', { max: LOT_NO_MAX_LENGTH });
  }
  return { productId, lotNo, warehouseId: id(query.warehouse_id, 'warehouse_id'), shelfId: id(query.warehouse_shelf_id, 'warehouse_shelf_id'), period: periodOf(query, timeZone) };
}

/** The form types of counts and adjustments: 80 gain, 90 loss, 100 in, 110 out. */
export const VARIANCE_FORM_TYPES = [80, 90, 100, 110] as const;

export interface VarianceFilters {
  period: Period;
  warehouseId: number | null;
  formTypes: number[];
}

export function varianceFiltersOf(query: Record<string, unknown>, timeZone: string): VarianceFilters {
  let formTypes: number[] = [...VARIANCE_FORM_TYPES];
  if (query.form_type !== undefined && query.form_type !== '') {
    const wanted = (Array.isArray(query.form_type) ? query.form_type : String(query.form_type).split(',')).slice(0, 4).map((v) => Number(v));
    if (!wanted.length || wanted.some((v) => !(VARIANCE_FORM_TYPES as readonly number[]).includes(v))) throw new AppError('ledger.audit.bad_form_type');
    formTypes = [...new Set(wanted)];
  }
  return { period: periodOf(query, timeZone), warehouseId: id(query.warehouse_id, 'warehouse_id'), formTypes };
}
