import { formatCents, formatMoney, isMoney, lineTotal, lineTotalCents, normalizeMoney, orderTotals, parseCents, parseQuantity } from './money';

describe('order money arithmetic (integer cents)', () => {
  describe('parseCents', () => {
    it('reads prices with 0, 1 or 2 decimals as whole cents', () => {
      expect(parseCents('12')).toBe(1200n);
      expect(parseCents('12.5')).toBe(1250n);
      expect(parseCents('12.50')).toBe(1250n);
      expect(parseCents('0.01')).toBe(1n);
      expect(parseCents(' 7.05 ')).toBe(705n);
      expect(parseCents(12.5)).toBe(1250n);
      expect(parseCents('999999999999.99')).toBe(99999999999999n);
    });

    it('refuses what is not a price', () => {
      for (const bad of ['', ' ', 'abc', '1.234', '-1', '1e3', '1,5', '.5', '5.', null, undefined, -2, NaN, {}]) {
        expect(parseCents(bad)).toBeNull();
      }
      expect(isMoney('3.3')).toBe(true);
      expect(isMoney('3.333')).toBe(false);
    });
  });

  it('formats cents with 2 decimals, optionally grouped, keeping the sign', () => {
    expect(formatCents(0n)).toBe('0.00');
    expect(formatCents(5n)).toBe('0.05');
    expect(formatCents(123456n)).toBe('1234.56');
    expect(formatCents(123456789n, { group: true })).toBe('1,234,567.89');
    expect(formatCents(-12500n)).toBe('-125.00');
    expect(formatMoney('-1234.5')).toBe('-1,234.50');
    expect(formatMoney('12.50')).toBe('12.50');
    expect(formatMoney(null)).toBe('-');
    expect(normalizeMoney('12.5')).toBe('12.50');
    expect(normalizeMoney('x')).toBe('x');
  });

  it('multiplies quantity by price exactly, where floating point would not', () => {
    // 0.1 + 0.2 style traps: 3 × 0.10 is 0.30, 100 × 1.15 is 115.00, 7 × 19.99 is 139.93
    expect(lineTotal(3, '0.10')).toBe('0.30');
    expect(lineTotal(100, '1.15')).toBe('115.00');
    expect(lineTotal(7, '19.99')).toBe('139.93');
    expect(1.15 * 100).not.toBe(115); // what the cents avoid
    expect(lineTotal('10', '12.5')).toBe('125.00');
  });

  it('counts a missing or invalid quantity or price as 0', () => {
    expect(lineTotal(null, '12.50')).toBe('0.00');
    expect(lineTotal(5, '')).toBe('0.00');
    expect(lineTotal(2.5, '1.00')).toBe('0.00');
    expect(lineTotal(-1, '1.00')).toBe('0.00');
    expect(parseQuantity('12')).toBe(12);
    expect(parseQuantity('1.5')).toBeNull();
  });

  it('stays exact beyond 2^53 cents', () => {
    const cents = lineTotalCents(1_000_000, '999999999999.99');
    expect(cents).toBe(99999999999999000000n);
    expect(formatCents(cents, { group: true })).toBe('999,999,999,999,990,000.00');
  });

  it('sums an order: planned, actual and the amount of actual × price', () => {
    const totals = orderTotals([
      { plan_quantity: 10, actual_quantity: 10, price: '12.50' },
      { plan_quantity: 3, actual_quantity: 2, price: '0.10' },
      { plan_quantity: 1, actual_quantity: null, price: '99.99' },
      { plan_quantity: 4, actual_quantity: 4, price: 'bad' },
    ]);
    expect(totals.plan).toBe(18);
    expect(totals.actual).toBe(16);
    expect(totals.amountCents).toBe(12520n);
    expect(totals.amount).toBe('125.20');
    expect(orderTotals([]).amount).toBe('0.00');
  });
});
