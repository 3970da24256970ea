jest.mock('@/api/orders', () => ({
  countStocktake: jest.fn(async (_id: number, lines: Array<{ id: number; counted_quantity: number }>) => sheetRow(lines)),
  fetchStocktake: jest.fn(),
  stocktakeTransition: jest.fn(),
}));

import type { StocktakeView } from '@contract/stocktake';
import { CountSheetStore, nextLineIndex, parseCount, reviewOf, sheetActions, type SheetLine } from './sheet';

/** The count as the server answers it: lines 1 and 2 (products 1 and 2), with the counts saved so far. */
const saved = new Map<number, number>();
function sheetRow(lines: Array<{ id: number; counted_quantity: number }> = []): StocktakeView {
  for (const l of lines) saved.set(l.id, l.counted_quantity);
  return { id: 9, status: 1, warehouse_id: 1, lines: [line(1, saved.get(1) ?? null), line(2, saved.get(2) ?? null)] } as unknown as StocktakeView;
}

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
  it('with a scan field: a scan counts one on its line, a scan of the current line adds 1, Enter keeps the keyboard at the scan field', async () => {
    saved.clear();
    const sheet = new CountSheetStore();
    sheet.id = 9;
    sheet.row = sheetRow();
    sheet.scanField = true;
    sheet.addScanned({ id: 1, name: 'Oil', product_no: 'OIL' });
    expect(sheet.focusId).toBe(1);
    // scans faster than the server answers still add up
    const again = sheet.addScanned({ id: 1, name: 'Oil', product_no: 'OIL' });
    expect(again).toMatchObject({ quantity: 2, message: 'wms.stocktake.scanCounted' });
    expect(sheet.typed(1)).toBe('2');
    await sheet.save([]);
    expect(saved.get(1)).toBe(2);
    expect(sheet.scannedCounts.size).toBe(0);
    // the rice, counted by typing: Enter saves it and keeps it current (a scan of it adds 1)
    sheet.setDraft(2, '7');
    const seq = sheet.focusSeq;
    await sheet.enter(2);
    expect([sheet.focusId, sheet.focusSeq > seq, saved.get(2)]).toEqual([2, true, 7]);
    sheet.addScanned({ id: 2, name: 'Rice', product_no: 'RICE' });
    await sheet.save([]);
    expect(saved.get(2)).toBe(8);
    // the oil again, not current but counted before: made current, its count kept
    expect(sheet.addScanned({ id: 1, name: 'Oil', product_no: 'OIL' })).toMatchObject({ quantity: 2 });
    expect(sheet.focusId).toBe(1);
    expect(sheet.keyboardToCurrentLine()).toBe(true);
    expect(sheet.focusLine).toBe(1);
  });

  it('without a scan field Enter moves the keyboard to the next line not counted yet', async () => {
    saved.clear();
    const sheet = new CountSheetStore();
    sheet.id = 9;
    sheet.row = sheetRow();
    sheet.setDraft(1, '3');
    await sheet.enter(1);
    expect(sheet.focusId).toBe(2);
  });

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
