import { directionOf, monthlyFigures, todayFigures } from './dashboard-figures';

describe('dashboard figures', () => {
  it('counts form types 10/20/30 as inbound, 40/50/60 as outbound and moves (70) as neither', () => {
    expect([10, 20, 30, 40, 50, 60, 70, 0].map(directionOf)).toEqual(['inbound', 'inbound', 'inbound', 'outbound', 'outbound', 'outbound', null, null]);
  });

  it("sums today's quantities by direction, whatever the driver's types", () => {
    expect(
      todayFigures([
        { day: '2026-11-22', form_type: 10, quantity: 3, amount: 7.5 },
        { day: '2026-11-22', form_type: '30', quantity: '2', amount: '1.00' },
        { day: '2026-11-22', form_type: 40, quantity: 4, amount: '8.00' },
        { day: '2026-11-22', form_type: 70, quantity: 9, amount: 0 },
      ]),
    ).toEqual({ inbound_quantity: 5, outbound_quantity: 4 });
    expect(todayFigures([])).toEqual({ inbound_quantity: 0, outbound_quantity: 0 });
  });

  it('answers twelve months with exact amounts, leaving rows of other years and moves out', () => {
    const figures = monthlyFigures(2026, [
      { day: '2026-01-31', form_type: 10, quantity: 2, amount: '0.10' },
      { day: '2026-01-01', form_type: 20, quantity: 1, amount: 0.2 },
      { day: '2026-02-01', form_type: 50, quantity: 6, amount: '1234567.89' },
      { day: '2026-12-31', form_type: 60, quantity: 1, amount: '0.01' },
      { day: '2026-03-15', form_type: 70, quantity: 100, amount: '100.00' },
      { day: '2025-12-31', form_type: 10, quantity: 50, amount: '50.00' },
    ]);
    expect(figures.months).toEqual(['2026-01', '2026-02', '2026-03', '2026-04', '2026-05', '2026-06', '2026-07', '2026-08', '2026-09', '2026-10', '2026-11', '2026-12']);
    expect(figures.inbound_quantity).toEqual([3, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
    expect(figures.outbound_quantity).toEqual([0, 6, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1]);
    expect(figures.inbound_amount[0]).toBe('0.30');
    expect(figures.inbound_amount.slice(1)).toEqual(new Array(11).fill('0.00'));
    expect(figures.outbound_amount[1]).toBe('1234567.89');
    expect(figures.outbound_amount[11]).toBe('0.01');
    expect(figures.year).toBe(2026);
  });
});
