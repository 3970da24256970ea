/**
 * Ten failed sign-ins lock an account for 24 hours from the last failure — for the
 * address they came from only, so that nobody can lock the owner out from somewhere else.
 * Across addresses, budgets slow guessing down instead (ACCOUNT_BUDGET, ADDRESS_BUDGET).
 */
export const MAX_LOGIN_FAILURES = 10;
export const LOCK_SECONDS = 86400;

/** The failures of one account from one address. */
export interface FailureRecord {
  failures: number;
  lasttime: number;
}

export function isLockedOut(record: FailureRecord | null | undefined, now: number): boolean {
  return !!record && record.failures >= MAX_LOGIN_FAILURES && now - record.lasttime < LOCK_SECONDS;
}

/**
 * Whom the failures count against: the account when the name found one, else the name as typed. An
 * unknown name locks after the same ten failures, so the lock message does not tell which names exist.
 */
export function lockKey(accountId: number | null, typedName: string): string {
  return accountId !== null ? `#${accountId}` : `?${typedName.trim().toLowerCase()}`.slice(0, 120);
}

/**
 * Failed sign-ins of one account (or unknown name) from any addresses: the first ten within a day cost
 * nothing; from then on each attempt waits before it is checked — a minute, then two, four, eight, at most
 * fifteen — so forty guesses from forty addresses no longer get through, and the owner, never locked out,
 * waits at most fifteen minutes. (The shape of platform's BudgetPolicy; domain/ imports no module.)
 */
export const ACCOUNT_BUDGET = { free: MAX_LOGIN_FAILURES, firstWait: 60, maxWait: 900, window: LOCK_SECONDS } as const;

/** Failed sign-ins from one address for any names (a guess of one password at many names): thirty a day, then the same waits. */
export const ADDRESS_BUDGET = { free: 30, firstWait: 60, maxWait: 900, window: LOCK_SECONDS } as const;

/** Whose budget an attempt spends: the account (or the name) and the address, per kind of account. */
export function budgetSubjects(scope: 'admin' | 'user', key: string, ip: string): { account: string; address: string } {
  return { account: `${scope}${key}`, address: `${scope}@${ip}` };
}

