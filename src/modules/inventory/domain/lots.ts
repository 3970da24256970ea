import { AppError } from '../../../shared/http/app-error';
import { shelfLocation, StockSnapshot } from './stock-movement';

/** A lot number as typed: contract/lots.ts (the web's forms check the same). */
export { LOT_NO_MAX_LENGTH, normalizeLotNo } from '../../../../contract/lots';
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True for a real calendar day written `YYYY-MM-DD`. */
export function isCalendarDay(value: string): boolean {
  const m = DAY.exec(value);
  if (!m) return false;
  const date = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return date.toISOString().slice(0, 10) === value;
}

/** The calendar day `days` after `day` (both `YYYY-MM-DD`). */
export function addDays(day: string, days: number): string {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** A lot's expiry: as given, else production date + shelf life (days, when > 0), else none (''). */
export function expiryOf(productionDate: string, expiryDate: string, effectiveDays: number): string {
  if (expiryDate) return expiryDate;
  if (productionDate && effectiveDays > 0) return addDays(productionDate, effectiveDays);
  return '';
}

/** Expired: its expiry day is before today (a lot is still good on its expiry day). */
export const isExpired = (expiryDate: string, today: string) => expiryDate !== '' && expiryDate < today;

/** One lot of a product on a shelf, as allocation sees it. */
export interface LotOnShelf {
  lot_no: string;
  expiry_date: string;
  lot_received_at: number;
  quantity: number;
  /** Blocked for this request (`takeRefusal`): never chosen. */
  blocked?: boolean;
}

export interface Allocation {
  lot_no: string;
  quantity: number;
}

/**
 * First-expiry-first-out: the earliest expiry first, lots without expiry last, ties by the earliest first
 * receipt (then lot number); expired, blocked and empty lots are never chosen. All or nothing: when the lots that
 * may be chosen hold less than `quantity`, answers null.
 */
export function allocateFefo(lots: readonly LotOnShelf[], quantity: number, today: string): Allocation[] | null {
  const usable = lots
    .filter((lot) => lot.quantity > 0 && !lot.blocked && !isExpired(lot.expiry_date, today))
    .sort(
      (a, b) =>
        Number(a.expiry_date === '') - Number(b.expiry_date === '') ||
        a.expiry_date.localeCompare(b.expiry_date) ||
        a.lot_received_at - b.lot_received_at ||
        a.lot_no.localeCompare(b.lot_no),
    );
  const allocations: Allocation[] = [];
  let left = quantity;
  for (const lot of usable) {
    if (left === 0) break;
    const take = Math.min(left, lot.quantity);
    allocations.push({ lot_no: lot.lot_no, quantity: take });
    left -= take;
  }
  return left === 0 ? allocations : null;
}

/** An outbound quantity above the shelf's non-expired stock; names the expired lots that were left alone. */
export class InsufficientUnexpiredStockError extends AppError {
  constructor(snapshot: StockSnapshot, lots: readonly LotOnShelf[], requested: number, today: string) {
    const usable = lots.filter((lot) => !lot.blocked && !isExpired(lot.expiry_date, today)).reduce((sum, lot) => sum + Math.max(lot.quantity, 0), 0);
    const expired = lots.filter((lot) => lot.quantity > 0 && isExpired(lot.expiry_date, today)).map((lot) => `${lot.lot_no} (${lot.expiry_date})`);
    super(expired.length ? 'lots.insufficient_unexpired_stock' : 'inventory.insufficient_stock', {
      product: `${snapshot.product_name} (${snapshot.product_no})`,
      shelf: shelfLocation(snapshot),
      available: usable,
      requested,
      expired: expired.join(', '),
    });
  }
}
