/**
 * Lots and expiry in the browser: the same rules the server applies (it decides; these only guide the
 * forms), and how days left are shown.
 */
import type { LineAllocation } from '@contract/orders';

/** Letters, digits and `. _ / -`, at most LOT_NO_MAX_LENGTH characters; kept upper-case (contract/lots.ts). */
export { LOT_NO_MAX_LENGTH, LOT_NO_PATTERN as LOT_PATTERN } from '@contract/lots';

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

/** One lot a line took or put (contract/orders.ts `LineAllocation`). */
export type Allocation = LineAllocation;

/** What a line says of its lots: the lot named or received, what its moves took, and whether its product is kept per lot. */
export interface LotFacts {
  lot_no?: string;
  allocations?: readonly Allocation[] | null;
  product?: { lot_tracked?: number | boolean } | null;
}

/** The allocations of a line as the server answers them (anything else: none). */
export function allocationsOf(line: LotFacts | null | undefined): Allocation[] {
  const list: unknown = line?.allocations;
  return Array.isArray(list) ? list.filter((a): a is Allocation => !!a && typeof a.quantity === 'number').map((a) => ({ lot_no: String(a.lot_no ?? ''), quantity: a.quantity })) : [];
}

/** One lot of a product on a shelf, as the stock list answers it. */
export interface ShelfLot {
  lot_no: string;
  expiry_date: string;
  days_left: number | null;
  quantity: number;
  lot_received_at: number;
  /** Blocked (a recall, a quality hold): the server takes nothing of it, named or not. */
  blocked?: boolean;
}

/** Expired: its expiry day is before today (a lot is still good on its expiry day), as the server decides. */
export const isExpired = (expiry: string, today: string) => expiry !== '' && expiry < today;

/**
 * A shelf's lots in the order first-expiry-first-out takes them, exactly as the server sorts them: the
 * earliest expiry first, lots without expiry last, ties by the earliest first receipt, then lot number.
 */
export function fefoOrder<L extends Pick<ShelfLot, 'lot_no' | 'expiry_date' | 'lot_received_at'>>(lots: readonly L[]): L[] {
  return [...lots].sort(
    (a, b) =>
      Number(a.expiry_date === '') - Number(b.expiry_date === '') ||
      a.expiry_date.localeCompare(b.expiry_date) ||
      a.lot_received_at - b.lot_received_at ||
      a.lot_no.localeCompare(b.lot_no),
  );
}

export interface TakePreview {
  /** What the move will take, lot by lot. */
  allocations: Allocation[];
  /** How much of the quantity the lots that may be taken cannot cover (> 0: the server will refuse the move). */
  short: number;
}

/**
 * The lots a move (or an outbound audit) will take from a shelf, previewed from the stock list: the lot
 * named takes exactly that lot (expired or not); no lot named allocates first-expiry-first-out over the
 * lots that have not expired. The server decides; this shows what it will decide on the stock seen.
 */
export function previewTake(lots: readonly ShelfLot[], quantity: number, today: string, namedLot = ''): TakePreview {
  if (!(quantity > 0)) return { allocations: [], short: 0 };
  if (namedLot) {
    const named = lots.find((l) => l.lot_no === namedLot);
    const held = named && !named.blocked ? named.quantity : 0;
    return { allocations: held > 0 ? [{ lot_no: namedLot, quantity: Math.min(quantity, held) }] : [], short: Math.max(0, quantity - held) };
  }
  const allocations: Allocation[] = [];
  let left = quantity;
  for (const lot of fefoOrder(lots.filter((l) => l.quantity > 0 && !l.blocked && !isExpired(l.expiry_date, today)))) {
    if (left === 0) break;
    const take = Math.min(left, lot.quantity);
    allocations.push({ lot_no: lot.lot_no, quantity: take });
    left -= take;
  }
  return { allocations, short: left };
}

/**
 * What a line may take from a shelf, as its audit will count it: a product not kept per lot everything on the
 * shelf; a lot named exactly that lot; no lot named what first-expiry-first-out may take (the lots not expired).
 */
export function availableToTake(lots: readonly Pick<ShelfLot, 'lot_no' | 'expiry_date' | 'quantity' | 'blocked'>[], today: string, lotTracked: boolean, namedLot = ''): number {
  const held = lots.filter((l) => l.quantity > 0 && !l.blocked);
  if (!lotTracked) return held.reduce((sum, l) => sum + l.quantity, 0);
  if (namedLot) return held.find((l) => l.lot_no === namedLot)?.quantity ?? 0;
  return held.filter((l) => !isExpired(l.expiry_date, today)).reduce((sum, l) => sum + l.quantity, 0);
}

/** Whether an order line is about lots: a lot-tracked product, or a lot named, received or taken. */
export function isLotLine(line: LotFacts | null | undefined): boolean {
  return Number(line?.product?.lot_tracked) === 1 || !!line?.lot_no || allocationsOf(line).some((a) => a.lot_no);
}
