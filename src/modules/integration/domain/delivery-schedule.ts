/*
 * When a failed delivery is tried again: exponential backoff from a first pause (10 s by default), doubling
 * per attempt, each pause at most an hour, until 24 hours after the first attempt; then the delivery has
 * failed and its webhook is marked failing.
 */

export const GIVE_UP_AFTER = 24 * 3600;
export const LONGEST_PAUSE = 3600;

/** The pause after the `attempts`-th failed attempt (1 → the first pause). */
export function retryPause(attempts: number, firstPause: number): number {
  return Math.min(LONGEST_PAUSE, firstPause * 2 ** Math.max(0, Math.min(attempts - 1, 20)));
}

export type AttemptOutcome = { delivered: true } | { delivered: false; retryAt: number; deadline: number } | { delivered: false; gaveUp: true; deadline: number };

/**
 * What follows an attempt at `now`: delivered, retried later, or given up. `deadline` is 0 before the first
 * attempt (it is set by it); `attempts` counts this attempt.
 */
export function afterAttempt(ok: boolean, attempts: number, deadline: number, now: number, firstPause: number): AttemptOutcome {
  if (ok) return { delivered: true };
  const until = deadline || now + GIVE_UP_AFTER;
  const retryAt = now + retryPause(attempts, firstPause);
  return retryAt > until ? { delivered: false, gaveUp: true, deadline: until } : { delivered: false, retryAt, deadline: until };
}
