/**
 * Ten failed sign-ins lock an account for 24 hours from the last failure — for the
 * address they came from only, so that nobody can lock the owner out from somewhere else.
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
