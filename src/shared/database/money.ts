import { ValueTransformer } from 'typeorm';

/**
 * DECIMAL money columns answer as exact strings with two decimals ("12.50") on both databases:
 * MariaDB returns DECIMAL as a string, SQLite as a number, and neither passes through a float here.
 */
export const moneyTransformer: ValueTransformer = {
  to: (value: unknown) => (value === undefined || value === null || value === '' ? value : toMoneyString(value)),
  from: (value: unknown) => (value === null || value === undefined ? value : toMoneyString(value)),
};

export function toMoneyString(value: unknown): string {
  const text = typeof value === 'number' ? value.toFixed(2) : String(value).trim();
  const match = /^(-?)(\d+)(?:\.(\d*))?$/.exec(text);
  if (!match) throw new Error(`not an amount: ${text}`);
  const [, sign, whole, fraction = ''] = match;
  return `${sign}${BigInt(whole).toString()}.${fraction.padEnd(2, '0').slice(0, 2)}`;
}

/** Amounts in cents, for exact arithmetic on money strings. */
export function toCents(value: string | number): bigint {
  const [whole, fraction] = toMoneyString(value).replace('-', '').split('.');
  const cents = BigInt(whole) * 100n + BigInt(fraction);
  return String(value).trim().startsWith('-') ? -cents : cents;
}

export function fromCents(cents: bigint): string {
  const negative = cents < 0n;
  const abs = negative ? -cents : cents;
  return `${negative ? '-' : ''}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
}
