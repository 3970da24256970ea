import { assertWithinReturnable, checkReturnLines, returnables, returnKeyOf } from './customer-return';

const shelves = new Map([
  [1, { name: 'S1', kind: 0, enabled: true }],
  [2, { name: 'QC', kind: 3, enabled: true }],
  [3, { name: 'Off', kind: 0, enabled: false }],
]);

describe('customer returns', () => {
  it('given dispositions, when lines are checked, then restock needs a storage shelf, hold a hold shelf, scrap any enabled shelf', () => {
    expect(() => checkReturnLines([{ quantity: 1, disposition: 1, warehouse_shelf_id: 1 }, { quantity: 1, disposition: 2, warehouse_shelf_id: 2 }, { quantity: 1, disposition: 3, warehouse_shelf_id: 2 }], shelves)).not.toThrow();
    expect(() => checkReturnLines([{ quantity: 1, disposition: 1, warehouse_shelf_id: 2 }], shelves)).toThrow('orders.return_restock_needs_storage');
    expect(() => checkReturnLines([{ quantity: 1, disposition: 2, warehouse_shelf_id: 1 }], shelves)).toThrow('orders.return_hold_needs_hold');
    expect(() => checkReturnLines([{ quantity: 1, disposition: 3, warehouse_shelf_id: 3 }], shelves)).toThrow('orders.shelf_disabled');
    expect(() => checkReturnLines([], shelves)).toThrow('orders.no_lines');
  });

  it('given 10 shipped and 6 returned, when 5 more are asked, then refused naming 5 and 4', () => {
    const left = returnables(new Map([[returnKeyOf(7, 'L1'), 10]]), new Map([[returnKeyOf(7, 'l1'), 6]]), new Map([[7, '2.00']]));
    expect(left).toEqual([{ product_id: 7, lot_no: 'L1', shipped: 10, returned: 6, returnable: 4, price: '2.00' }]);
    expect(() => assertWithinReturnable([{ product_id: 7, lot_no: 'L1', quantity: 4 }], left, () => 'P')).not.toThrow();
    try {
      assertWithinReturnable([{ product_id: 7, lot_no: 'l1', quantity: 3 }, { product_id: 7, lot_no: 'L1', quantity: 2 }], left, () => 'P');
      throw new Error('not refused');
    } catch (error) {
      expect(error).toMatchObject({ messageKey: 'orders.return_exceeds_shipped', args: { requested: 5, returnable: 4, lot: 'L1', line: 1 } });
    }
    expect(() => assertWithinReturnable([{ product_id: 8, lot_no: '', quantity: 1 }], left, () => 'Q')).toThrow('orders.return_exceeds_shipped');
  });
});
