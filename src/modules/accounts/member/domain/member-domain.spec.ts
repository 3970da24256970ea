import { applyChange, isUnbrokenChain, LedgerOverflowError, MAX_LEDGER_VALUE, NegativeBalanceError } from './balance';
import { isCalendarDate, loginKindOf, maskMobile } from './member-account';

describe('member balance and score', () => {
  it('adds a change and refuses one that would go below zero', () => {
    expect(applyChange('money', 1000, -1000)).toBe(0);
    expect(applyChange('score', 5, 10)).toBe(15);
    expect(() => applyChange('money', 999, -1000)).toThrow(NegativeBalanceError);
    expect(() => applyChange('score', MAX_LEDGER_VALUE, 1)).toThrow(LedgerOverflowError);
  });

  it('recognises an unbroken chain of log rows', () => {
    const rows = [
      { change: 500, before: 0, after: 500 },
      { change: -200, before: 500, after: 300 },
    ];
    expect(isUnbrokenChain(rows, 300)).toBe(true);
    expect(isUnbrokenChain(rows, 301)).toBe(false);
    expect(isUnbrokenChain([rows[1], rows[0]], 500)).toBe(false);
  });
});

describe('member accounts', () => {
  it('tells a mobile, an e-mail and a username apart for sign-in', () => {
    expect(loginKindOf('13812345678')).toBe('mobile');
    expect(loginKindOf('a.b@example.com')).toBe('email');
    expect(loginKindOf('alice_1')).toBe('username');
    expect(loginKindOf('1alice')).toBeNull();
    expect(loginKindOf('')).toBeNull();
  });

  it('masks mobiles and checks calendar dates', () => {
    expect(maskMobile('13812345678')).toBe('138****5678');
    expect(isCalendarDate('2000-02-29')).toBe(true);
    expect(isCalendarDate('2001-02-29')).toBe(false);
    expect(isCalendarDate('2001-2-1')).toBe(false);
  });
});
