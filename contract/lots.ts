/**
 * A lot number, everywhere one is typed or stored: letters, digits and `. _ / -`, starting with a letter or
 * digit, at most LOT_NO_MAX_LENGTH characters; compared and kept upper-case. The bound is the stock row's
 * column (`stock.lot_no`, varchar(32)), which every lot received ends up in, and it keeps a lot's stream id
 * (`stock-<product>-<shelf>-<lot>`) within its column.
 */
export const LOT_NO_MAX_LENGTH = 32;

export const LOT_NO_PATTERN = new RegExp(`^[A-Z0-9][A-Z0-9._/-]{0,${LOT_NO_MAX_LENGTH - 1}}$`);

/** '' for none; otherwise the upper-case lot number, or null when it is not a valid lot number. */
export function normalizeLotNo(value: unknown): string | null {
  if (value === undefined || value === null) return '';
  if (typeof value !== 'string') return null;
  const lot = value.trim().toUpperCase();
  return lot === '' || LOT_NO_PATTERN.test(lot) ? lot : null;
}
