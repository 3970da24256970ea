import { nextLineIndex, parseCount, reviewOf, sheetActions, type SheetLine } from './sheet';

const line = (id: number, counted: number | null, variance?: number): SheetLine => ({
  id,
  stocktake_id: 1,
  product_id: id,
  warehouse_shelf_id: 1,
  lot_no: '',
  counted_quantity: counted,
  variance,
  price: '0.00',
  found: 0,
  count_admin_id: 0,
  counttime: null,
  product: null,
  shelf: null,
});

describe('the count sheet', () => {
  it('moves Enter to the next line not counted yet, else the next line, else nowhere', () => {
    const lines = [line(1, 3), line(2, null), line(3, 5), line(4, null)];
    expect(nextLineIndex(lines, 0)).toBe(1);
    expect(nextLineIndex(lines, 1)).toBe(3);
    expect(nextLineIndex([line(1, 1), line(2, 2)], 0)).toBe(1);
    expect(nextLineIndex(lines, 3)).toBe(-1);
  });

  it('reads a typed count as a whole number of 0 or more', () => {
    expect(parseCount(' 12 ')).toBe(12);
    expect(parseCount('0')).toBe(0);
    expect(parseCount('-1')).toBeNull();
    expect(parseCount('1.5')).toBeNull();
    expect(parseCount('')).toBeNull();
  });

  it('offers start in a draft, count and post while counting, delete once cancelled, nothing once posted', () => {
    expect(sheetActions(0)).toEqual(['start', 'cancel', 'edit', 'delete']);
    expect(sheetActions(1)).toEqual(['count', 'post', 'cancel']);
    expect(sheetActions(2)).toEqual([]);
    expect(sheetActions(3)).toEqual(['delete']);
  });

  it('splits the review into gains and losses, leaving out lines without a variance', () => {
    const { gains, losses } = reviewOf([line(1, 3, 2), line(2, 1, -1), line(3, 4, 0), line(4, null)]);
    expect(gains.map((l) => l.id)).toEqual([1]);
    expect(losses.map((l) => l.id)).toEqual([2]);
  });
});
