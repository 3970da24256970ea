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
    expect(filterParams({ ...EMPTY_FILTERS, warehouse_id: 1, warehouse_area_id: 2, low: true, asof: '2026-11-20' })).toEqual({ warehouse_id: 1, asof: '2026-11-20' });
  });

  it('a product is low when its total is under a set safety stock', () => {
    expect(isLowStock({ product: { total_stock_num: 4, safety_stock_num: 10 } })).toBe(true);
    expect(isLowStock({ product: { total_stock_num: 10, safety_stock_num: 10 } })).toBe(false);
    expect(isLowStock({ product: { total_stock_num: 0, safety_stock_num: 0 } })).toBe(false);
    // as-of rows carry no totals
    expect(isLowStock({ product: { name: 'x' } })).toBe(false);
  });

  it('keys rows by product and shelf', () => {
    expect(stockKey({ product_id: 3, warehouse_shelf_id: 9 })).toBe('3-9');
  });
});
