import { chartRows, groupedAmount, tenThousandsLabel, toTenThousands } from './chartData';

describe('chart data', () => {
  it('turns yuan into ten-thousands for the amount axis, and labels it without noise', () => {
    expect(toTenThousands('12345.67')).toBeCloseTo(1.234567);
    expect(toTenThousands('0.00')).toBe(0);
    expect(toTenThousands('x')).toBe(0);
    expect(tenThousandsLabel(1.5)).toBe('1.5');
    expect(tenThousandsLabel(12)).toBe('12');
    expect(tenThousandsLabel(0.034)).toBe('0.03');
  });

  it('groups the digits of exact amounts without going through a float', () => {
    expect(groupedAmount('1234567.80')).toBe('1,234,567.80');
    expect(groupedAmount('90071992547409.93')).toBe('90,071,992,547,409.93');
    expect(groupedAmount(5)).toBe('5.00');
    expect(groupedAmount('0.5')).toBe('0.50');
  });

  it('makes one row per month and series, with the exact figure for the tooltip', () => {
    const rows = chartRows(
      ['Jan', 'Feb'],
      [
        { name: 'In', values: ['25000.00', '0.10'] },
        { name: 'Out', values: ['100.00', '0.00'] },
      ],
      'amount',
    );
    expect(rows).toEqual([
      { month: 'Jan', series: 'In', value: 2.5, exact: '25,000.00' },
      { month: 'Jan', series: 'Out', value: 0.01, exact: '100.00' },
      { month: 'Feb', series: 'In', value: 0.00001, exact: '0.10' },
      { month: 'Feb', series: 'Out', value: 0, exact: '0.00' },
    ]);
    expect(chartRows(['Jan', 'Feb', 'Mar'], [{ name: 'In', values: [1, 2, 3] }], 'quantity', 1).map((r) => r.month)).toEqual(['Jan', 'Feb']);
    expect(chartRows(['Jan'], [{ name: 'In', values: [7] }, { name: 'Out', values: [] }], 'quantity')).toEqual([
      { month: 'Jan', series: 'In', value: 7, exact: '7' },
      { month: 'Jan', series: 'Out', value: 0, exact: '0' },
    ]);
  });
});
