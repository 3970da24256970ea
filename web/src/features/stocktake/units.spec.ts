jest.mock('@/api/orders', () => ({
  countStocktake: jest.fn(async (_id: number, lines: Array<{ id: number; counted_quantity: number }>) => sheetRow(lines)),
  fetchStocktake: jest.fn(),
  stocktakeTransition: jest.fn(),
}));
jest.mock('@/api/masterData', () => ({
  fetchUnitsOf: jest.fn(async (ids: number[]) => new Map(ids.map((id) => [id, id === 1 ? [{ id: 8, product_id: 1, name: 'case', factor: 12, bar_code: 'CASE-1' }] : []]))),
}));

import type { StocktakeView } from '@contract/stocktake';
import { CountSheetStore } from './sheet';

const saved = new Map<number, number>();
function sheetRow(lines: Array<{ id: number; counted_quantity: number }> = []): StocktakeView {
  for (const l of lines) saved.set(l.id, l.counted_quantity);
  const line = (id: number) => ({ id, stocktake_id: 9, product_id: id, warehouse_shelf_id: 1, lot_no: '', counted_quantity: saved.get(id) ?? null, price: '0.00', found: 0, count_admin_id: 0, counttime: null, product: null, shelf: null });
  return { id: 9, status: 1, warehouse_id: 1, lines: [line(1), line(2)] } as unknown as StocktakeView;
}

describe('the count sheet in units of measure', () => {
  it('given a case of 12, when its bar code is scanned and "+1 case" tapped, then the line counts 24; a GS1 (02) + (37) of 3 cases adds 36', async () => {
    saved.clear();
    const sheet = new CountSheetStore();
    sheet.id = 9;
    sheet.row = sheetRow();
    sheet.scanField = true;
    const oil = { id: 1, name: 'Oil', product_no: 'OIL' };
    const kase = { id: 8, name: 'case', factor: 12 };
    expect(sheet.addScanned(oil, undefined, { unit: kase, count: 1 })).toMatchObject({ quantity: 12 });
    sheet.addUnit(1, kase);
    expect(sheet.typed(1)).toBe('24');
    await sheet.save([]);
    expect(saved.get(1)).toBe(24);
    sheet.addScanned(oil, undefined, { unit: kase, count: 3 });
    await sheet.save([]);
    expect(saved.get(1)).toBe(60);
  });

  it("loads the units of the sheet's products in one request", async () => {
    const { fetchUnitsOf } = jest.requireMock('@/api/masterData') as { fetchUnitsOf: jest.Mock };
    fetchUnitsOf.mockClear();
    const sheet = new CountSheetStore();
    sheet.row = sheetRow();
    await (sheet as unknown as { loadUnits(): Promise<void> }).loadUnits();
    expect(fetchUnitsOf).toHaveBeenCalledTimes(1);
    expect(fetchUnitsOf.mock.calls[0][0]).toEqual([1, 2]);
    expect(sheet.unitsOf(1).map((u) => u.name)).toEqual(['case']);
    expect(sheet.unitsOf(2)).toEqual([]);
  });
});
