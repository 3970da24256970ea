/** Ten failed sign-ins lock an account for 24 hours from the last failure (CONTRACT.md §3). */
export const MAX_LOGIN_FAILURES = 10;
export const LOCK_SECONDS = 86400;

export interface LoginAttemptState {
  login_failure: number;
  lastlogintime: number | null;
}

export function isLockedOut(account: LoginAttemptState, now: number): boolean {
  return account.login_failure >= MAX_LOGIN_FAILURES && now - (account.lastlogintime ?? 0) < LOCK_SECONDS;
}
