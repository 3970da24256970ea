/**
 * Exact money arithmetic for the order forms. Prices travel as decimal strings with up to 2 decimals
 * ("12.50", docs/API.md); every sum and product is done on integer cents (BigInt, so a large quantity times a
 * large price never loses a cent) and only formatted back to text at the end. No floating point anywhere.
 */

/** What the server accepts as a price: up to 12 integer digits and 2 decimals, not negative. */
export const MONEY_PATTERN = /^\d{1,12}(\.\d{1,2})?$/;

/** "12.5" → 1250n; "" / invalid / negative → null. Numbers are read through their decimal text. */
export function parseCents(value: unknown): bigint | null {
  if (value === null || value === undefined) return null;
  let text: string;
  if (typeof value === 'number') {
    if (!Number.isFinite(value) || value < 0) return null;
    // a number such as 12.5 prints as "12.5"; more than 2 decimals is not money
    text = String(value);
  } else if (typeof value === 'string') text = value.trim();
  else if (typeof value === 'bigint') return value >= 0n ? value * 100n : null;
  else return null;
  if (!MONEY_PATTERN.test(text)) return null;
  const [whole, fraction = ''] = text.split('.');
  return BigInt(whole) * 100n + BigInt((fraction + '00').slice(0, 2));
}

/** True when the text is a valid price (what the server's validation accepts). */
export function isMoney(value: unknown): boolean {
  return parseCents(value) !== null;
}

/** 123456n → "1234.56" (or "1,234.56" with `group`); negative amounts keep their sign. */
export function formatCents(cents: bigint, options: { group?: boolean } = {}): string {
  const negative = cents < 0n;
  const abs = negative ? -cents : cents;
  let whole = (abs / 100n).toString();
  const fraction = (abs % 100n).toString().padStart(2, '0');
  if (options.group) whole = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${negative ? '-' : ''}${whole}.${fraction}`;
}

/**
 * A money value from the server ("12.50", 12.5, "-125.00") shown with 2 decimals and thousands separators;
 * empty values give '-'.
 */
export function formatMoney(value: unknown, options: { group?: boolean } = { group: true }): string {
  if (value === null || value === undefined || value === '') return '-';
  const text = typeof value === 'number' ? String(value) : String(value).trim();
  const negative = text.startsWith('-');
  const cents = parseCents(negative ? text.slice(1) : text);
  if (cents === null) return text;
  return formatCents(negative ? -cents : cents, options);
}

/** A whole, non-negative quantity, or null. Accepts numbers and digit strings. */
export function parseQuantity(value: unknown): number | null {
  if (typeof value === 'number') return Number.isSafeInteger(value) && value >= 0 ? value : null;
  if (typeof value === 'string' && /^\d{1,15}$/.test(value.trim())) return Number(value.trim());
  return null;
}

/** quantity × price in cents; a missing quantity or price counts as 0. */
export function lineTotalCents(quantity: unknown, price: unknown): bigint {
  const q = parseQuantity(quantity);
  const p = parseCents(price);
  if (q === null || p === null) return 0n;
  return BigInt(q) * p;
}

/** quantity × price as money text ("125.00"). */
export function lineTotal(quantity: unknown, price: unknown): string {
  return formatCents(lineTotalCents(quantity, price));
}

export interface PricedLine {
  plan_quantity?: unknown;
  actual_quantity?: unknown;
  price?: unknown;
}

export interface OrderTotals {
  /** sum of the planned quantities */
  plan: number;
  /** sum of the actual quantities */
  actual: number;
  /** sum of actual × price, in cents */
  amountCents: bigint;
  /** the same as money text, e.g. "1250.00" */
  amount: string;
}

/** Totals of an order's lines: quantities and the amount (actual × price, summed in cents). */
export function orderTotals(lines: PricedLine[]): OrderTotals {
  let plan = 0;
  let actual = 0;
  let amountCents = 0n;
  for (const line of lines) {
    plan += parseQuantity(line.plan_quantity) ?? 0;
    actual += parseQuantity(line.actual_quantity) ?? 0;
    amountCents += lineTotalCents(line.actual_quantity, line.price);
  }
  return { plan, actual, amountCents, amount: formatCents(amountCents) };
}

/** The price text as the server wants it ("12.5" → "12.50"); invalid text is returned unchanged. */
export function normalizeMoney(value: unknown): string {
  const cents = parseCents(value);
  return cents === null ? String(value ?? '') : formatCents(cents);
}
