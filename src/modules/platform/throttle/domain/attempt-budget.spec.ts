import { BudgetPolicy, BudgetState, claimAttempt, refundAttempt, waitAfter } from './attempt-budget';

const POLICY: BudgetPolicy = { free: 3, firstWait: 60, maxWait: 900, window: 86400 };
const NOW = 1_800_000_000;

/** Claims `count` attempts at `now`, each failing; answers the state and the claims refused. */
function fail(count: number, state: BudgetState | null = null, now = NOW) {
  let refused = 0;
  for (let i = 0; i < count; i++) {
    const claim = claimAttempt(state, POLICY, now);
    if (claim.allowed) state = claim.next;
    else refused++;
  }
  return { state: state!, refused };
}

describe('attempt budget: slows down, never locks', () => {
  it('given the free failures, then no wait; the first past them sets the first wait', () => {
    expect(fail(3).state).toEqual({ failures: 3, lasttime: NOW, blocked_until: 0 });
    expect(fail(4).state).toEqual({ failures: 4, lasttime: NOW, blocked_until: NOW + 60 });
  });

  it('given attempts at the same moment, then only the free ones and one more are made', () => {
    expect(fail(40)).toMatchObject({ refused: 36, state: { failures: 4 } });
  });

  it('when the wait is over, then one more attempt is made and the wait doubles, up to the most', () => {
    let { state } = fail(4);
    const waits: number[] = [];
    for (let i = 0; i < 6; i++) {
      const claim = claimAttempt(state, POLICY, state.blocked_until);
      if (!claim.allowed) throw new Error('refused after the wait');
      waits.push(claim.next.blocked_until - state.blocked_until);
      state = claim.next;
    }
    expect(waits).toEqual([120, 240, 480, 900, 900, 900]);
    expect(claimAttempt(state, POLICY, state.blocked_until - 1)).toEqual({ allowed: false, retryAfter: 1 });
  });

  it('when the last failure is older than the window, then the count starts again', () => {
    const { state } = fail(4);
    expect(claimAttempt(state, POLICY, NOW + 86400)).toEqual({ allowed: true, next: { failures: 1, lasttime: NOW + 86400, blocked_until: 0 } });
  });

  it('refunds a right attempt without lifting a wait it met', () => {
    expect(refundAttempt({ failures: 4, lasttime: NOW, blocked_until: NOW + 60 })).toEqual({ failures: 3, lasttime: NOW, blocked_until: NOW + 60 });
    expect(refundAttempt({ failures: 0, lasttime: NOW, blocked_until: 0 }).failures).toBe(0);
  });

  it('waits nothing within the free failures', () => {
    expect([0, 1, 3, 4, 5].map((n) => waitAfter(n, POLICY))).toEqual([0, 0, 0, 60, 120]);
  });
});
