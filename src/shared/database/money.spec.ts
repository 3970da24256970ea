import { fromCents, moneyTransformer, toCents, toMoneyString } from './money';

describe('money', () => {
  it.each([
    [12.5, '12.50'],
    ['12.5', '12.50'],
    ['0012.345', '12.34'],
    [0, '0.00'],
    ['-3', '-3.00'],
    ['99999999999999.99', '99999999999999.99'],
  ])('%p → %p', (input, expected) => expect(toMoneyString(input)).toBe(expected));

  it('refuses what is not an amount', () => {
    expect(() => toMoneyString('1e5')).toThrow();
    expect(() => toMoneyString('abc')).toThrow();
  });

  it('computes exactly in cents', () => {
    expect(fromCents(toCents('0.10') + toCents('0.20'))).toBe('0.30');
    expect(fromCents(toCents('19.99') * 3n)).toBe('59.97');
    expect(fromCents(-toCents('1.05'))).toBe('-1.05');
  });

  it('reads from both drivers alike', () => {
    expect(moneyTransformer.from(12.5)).toBe('12.50');
    expect(moneyTransformer.from('12.50')).toBe('12.50');
    expect(moneyTransformer.from(null)).toBeNull();
  });
});
