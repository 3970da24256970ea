import { allocationsOf, availableToTake, daysBetween, expiryLevel, expiryPreview, LOT_PATTERN, normalizeLot, previewTake } from './lots';

describe('lots in the browser', () => {
  it('computes the expiry a receipt will get as the server does', () => {
    expect(expiryPreview('2026-01-25', '', 10)).toBe('2026-02-04');
    expect(expiryPreview('2024-02-20', '', 10)).toBe('2024-03-01');
    expect(expiryPreview('2026-01-25', '2026-01-30', 10)).toBe('2026-01-30');
    expect(expiryPreview('2026-01-25', '', 0)).toBe('');
    expect(expiryPreview('', '', 10)).toBe('');
  });

  it('counts days left and colours them', () => {
    expect(daysBetween('2026-11-25', '2026-12-01')).toBe(6);
    expect(daysBetween('2026-11-25', '2026-11-24')).toBe(-1);
    expect(daysBetween('2026-11-25', '')).toBeNull();
    expect(expiryLevel(-1, 30)).toBe('expired');
    expect(expiryLevel(0, 30)).toBe('soon');
    expect(expiryLevel(30, 30)).toBe('soon');
    expect(expiryLevel(31, 30)).toBe('ok');
    expect(expiryLevel(null, 30)).toBe('none');
  });

  it('accepts lot numbers as the server keeps them', () => {
    expect(normalizeLot(' l-001 ')).toBe('L-001');
    expect(LOT_PATTERN.test('L-001')).toBe(true);
    expect(LOT_PATTERN.test('L 001')).toBe(false);
    expect(LOT_PATTERN.test('A'.repeat(33))).toBe(false);
  });

  it('reads allocations only when they are a list', () => {
    expect(allocationsOf({ allocations: [{ lot_no: 'A', quantity: 2 }] })).toEqual([{ lot_no: 'A', quantity: 2 }]);
    expect(allocationsOf({ allocations: null })).toEqual([]);
    expect(allocationsOf(undefined)).toEqual([]);
  });

  it('previews no take of a blocked lot, named or not, as the server decides', () => {
    const lots = [
      { lot_no: 'RECALL', expiry_date: '2030-01-01', days_left: null, quantity: 4, lot_received_at: 1, blocked: true },
      { lot_no: 'GOOD', expiry_date: '2031-01-01', days_left: null, quantity: 5, lot_received_at: 2 },
    ];
    expect(previewTake(lots, 3, '2029-01-01')).toEqual({ allocations: [{ lot_no: 'GOOD', quantity: 3 }], short: 0 });
    expect(previewTake(lots, 1, '2029-01-01', 'RECALL')).toEqual({ allocations: [], short: 1 });
    expect(availableToTake(lots, '2029-01-01', true)).toBe(5);
    expect(availableToTake(lots, '2029-01-01', true, 'RECALL')).toBe(0);
  });
});
