import { CURRENCY } from './content';

/*
 * Paid content: an item with a price above zero is read in full by a member who bought it, once, with the
 * balance (currency 1, RMB) or the score (currency 2, integral).
 */

export interface Charge {
  kind: 'money' | 'score';
  /** What leaves the member's balance (cents) or score (points): a positive whole number. */
  amount: number;
}

/** Cents of a two-decimal price text (`"12.50"` → 1250). */
function cents(price: string): number {
  const [whole, fraction = ''] = price.split('.');
  return Number(whole) * 100 + Number((fraction + '00').slice(0, 2));
}

/** Null for free content; else what buying it takes. Integral prices are whole points (a fraction rounds up). */
export function chargeOf(price: string, currency: number): Charge | null {
  const total = cents(price);
  if (!Number.isSafeInteger(total) || total <= 0) return null;
  return currency === CURRENCY.integral ? { kind: 'score', amount: Math.ceil(total / 100) } : { kind: 'money', amount: total };
}

/** Whether a reader sees the whole body: free content, or paid content the member bought. */
export function mayReadInFull(price: string, bought: boolean): boolean {
  return bought || chargeOf(price, CURRENCY.rmb) === null;
}
