import '@/test-support/dom-globals';
import { EMPTY_FILTERS, filterParams, isLowStock, stockKey } from './store';

describe('stock page filters', () => {
  it('sends only the filters that are set', () => {
    expect(filterParams(EMPTY_FILTERS)).toEqual({});
    expect(filterParams({ ...EMPTY_FILTERS, warehouse_id: 1, warehouse_area_id: 2, warehouse_shelf_id: 3, product_id: 4, low: true })).toEqual({
      warehouse_id: 1,
      warehouse_area_id: 2,
      warehouse_shelf_id: 3,
      product_id: 4,
      low: 1,
    });
  });

  it('the as-of view is asked with the date and without the area and low filters it does not know', () => {
    expect(filterParams({ ...EMPTY_FILTERS, warehouse_id: 1, warehouse_area_id: 2, low: true, available: true, asof: '2026-11-20' })).toEqual({ warehouse_id: 1, asof: '2026-11-20' });
  });

  it('asks for available stock only when the switch is on', () => {
    expect(filterParams({ ...EMPTY_FILTERS, available: true })).toEqual({ available: 1 });
  });

  it('a product is low when its total is under a set safety stock', () => {
    expect(isLowStock({ product: { total_stock_num: 4, safety_stock_num: 10 } })).toBe(true);
    expect(isLowStock({ product: { total_stock_num: 10, safety_stock_num: 10 } })).toBe(false);
    expect(isLowStock({ product: { total_stock_num: 0, safety_stock_num: 0 } })).toBe(false);
    // as-of rows carry no totals
    expect(isLowStock({ product: { name: 'x' } })).toBe(false);
  });

  it('keys rows by product, shelf and lot', () => {
    expect(stockKey({ product_id: 3, warehouse_shelf_id: 9 })).toBe('3-9-');
    expect(stockKey({ product_id: 3, warehouse_shelf_id: 9, lot_no: 'L1' })).toBe('3-9-L1');
  });

  it('asks for a lot, the lots expiring within the warning days, or the expired ones', () => {
    expect(filterParams({ ...EMPTY_FILTERS, lot_no: ' l1 ' })).toEqual({ lot_no: 'L1' });
    expect(filterParams({ ...EMPTY_FILTERS, view: 'expiring' }, 14)).toEqual({ expiring_within: 14 });
    expect(filterParams({ ...EMPTY_FILTERS, view: 'expired' })).toEqual({ expired: 1 });
    expect(filterParams({ ...EMPTY_FILTERS, view: 'expired', lot_no: 'L1', asof: '2026-11-20' })).toEqual({ asof: '2026-11-20' });
  });
});
