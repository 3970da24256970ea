/**
 * Lots and expiry in the browser: the same rules the server applies (it decides; these only guide the
 * forms), and how days left are shown.
 */

/** Letters, digits and `. _ / -`, at most 32 characters; kept upper-case. */
export const LOT_PATTERN = /^[A-Z0-9][A-Z0-9._/-]{0,31}$/;

export function normalizeLot(value: string): string {
  return value.trim().toUpperCase();
}

/** `YYYY-MM-DD` `days` after `day`. */
export function addDays(day: string, days: number): string {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** The expiry a receipt line will get: the one typed, else production date + shelf life (days > 0), else none. */
export function expiryPreview(productionDate: string, expiryDate: string, effectiveDays: number | undefined): string {
  if (expiryDate) return expiryDate;
  if (productionDate && effectiveDays && effectiveDays > 0) return addDays(productionDate, effectiveDays);
  return '';
}

/** Whole days from `today` to `expiry` (0 on the expiry day, negative once expired); null without expiry. */
export function daysBetween(today: string, expiry: string): number | null {
  if (!expiry || !today) return null;
  return Math.round((Date.parse(`${expiry}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000);
}

export type ExpiryLevel = 'expired' | 'soon' | 'ok' | 'none';

/** Expired (red), within the warning days (orange), later (green), no expiry (grey). */
export function expiryLevel(daysLeft: number | null | undefined, warningDays: number): ExpiryLevel {
  if (daysLeft === null || daysLeft === undefined) return 'none';
  if (daysLeft < 0) return 'expired';
  if (daysLeft <= warningDays) return 'soon';
  return 'ok';
}

export interface Allocation {
  lot_no: string;
  quantity: number;
}

/** The allocations of a line as the server answers them (anything else: none). */
export function allocationsOf(line: Record<string, any> | null | undefined): Allocation[] {
  const list = line?.allocations;
  return Array.isArray(list) ? list.filter((a) => a && typeof a.quantity === 'number').map((a) => ({ lot_no: String(a.lot_no ?? ''), quantity: a.quantity })) : [];
}
