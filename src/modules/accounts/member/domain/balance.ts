/**
 * A member's balance (cents) and score (points) change only through a log row carrying the change and the
 * value before and after it. Neither may go below zero.
 */
export type LedgerKind = 'money' | 'score';

/** The largest balance or score the ledger keeps (well inside exact integer arithmetic). */
export const MAX_LEDGER_VALUE = 10 ** 13;

export class NegativeBalanceError extends Error {
  constructor(
    readonly kind: LedgerKind,
    readonly current: number,
    readonly change: number,
  ) {
    super(`${kind} would go below zero: ${current} + (${change})`);
  }
}

export class LedgerOverflowError extends Error {
  constructor(readonly kind: LedgerKind) {
    super(`${kind} would exceed the largest value kept`);
  }
}

/** The value after `change`; refuses a result below zero or beyond MAX_LEDGER_VALUE. */
export function applyChange(kind: LedgerKind, current: number, change: number): number {
  const after = current + change;
  if (after < 0) throw new NegativeBalanceError(kind, current, change);
  if (after > MAX_LEDGER_VALUE) throw new LedgerOverflowError(kind);
  return after;
}

export interface LedgerEntry {
  change: number;
  before: number;
  after: number;
}

/** Whether a member's log rows, oldest first, form an unbroken chain ending at `balance`. */
export function isUnbrokenChain(entries: LedgerEntry[], balance: number, start = 0): boolean {
  let expected = start;
  for (const entry of entries) {
    if (entry.before !== expected || entry.after !== entry.before + entry.change || entry.after < 0) return false;
    expected = entry.after;
  }
  return expected === balance;
}
