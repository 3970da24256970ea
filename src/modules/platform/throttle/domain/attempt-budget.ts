/*
 * A budget of failed attempts that slows down instead of locking: the first `free` failures within the
 * window cost nothing; from then on every attempt must wait before it may be made, the wait doubling with
 * each failure up to `maxWait`. Attempts are counted when they start (a claim), so attempts made at the same
 * moment cannot all slip through before the first of them fails; an attempt that turns out right is taken
 * back (`refunded`) or clears the budget. The sign-in uses one budget per account (from any address) and one
 * per address (for any names). Plain TypeScript: AttemptBudget keeps the state in the database.
 */

export interface BudgetPolicy {
  /** Failures within the window that cost no wait. */
  free: number;
  /** The wait after the first failure past the free ones, in seconds; each further failure doubles it. */
  firstWait: number;
  maxWait: number;
  /** Seconds after the last failure when the count starts again. */
  window: number;
}

/** What is kept of a budget (Unix seconds). */
export interface BudgetState {
  failures: number;
  lasttime: number;
  blocked_until: number;
}

export type Claim = { allowed: true; next: BudgetState } | { allowed: false; retryAfter: number };

/** The wait after the `failures`-th failure: none within the free ones, then firstWait, doubled each time, at most maxWait. */
export function waitAfter(failures: number, policy: BudgetPolicy): number {
  const past = failures - policy.free;
  if (past <= 0) return 0;
  return Math.min(policy.maxWait, policy.firstWait * 2 ** Math.min(past - 1, 30));
}

/** An attempt starting at `now`: refused while the wait runs, else counted (as a failure until refunded). */
export function claimAttempt(state: BudgetState | null, policy: BudgetPolicy, now: number): Claim {
  if (state && now < state.blocked_until) return { allowed: false, retryAfter: state.blocked_until - now };
  const counted = state && now - state.lasttime < policy.window ? state.failures : 0;
  const failures = counted + 1;
  const wait = waitAfter(failures, policy);
  return { allowed: true, next: { failures, lasttime: now, blocked_until: wait ? now + wait : 0 } };
}

/** An attempt that was right after all: it is not a failure (the wait it set stays). */
export function refundAttempt(state: BudgetState): BudgetState {
  return { ...state, failures: Math.max(0, state.failures - 1) };
}
