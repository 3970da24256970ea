import { auditGoodsLines, GoodsLine, lineTotalPrice, outboundFormType, shipOutbound } from './order-lines';
import { auditRelocation, cancelRelocation, moveRelocation, RelocationLine } from './relocation';
import { assertNamedLotsOnShelves, namedLotsOf } from './order-lots';

const shelves = new Map([
  [1, { id: 1, name: 'A-01', enabled: true }],
  [2, { id: 2, name: 'A-02', enabled: true }],
  [3, { id: 3, name: 'B-01', enabled: false }],
]);
const line = (over: Partial<GoodsLine> = {}): GoodsLine => ({ product_id: 7, detail_code: '', plan_quantity: 5, actual_quantity: 5, price: '2.50', warehouse_shelf_id: 1, ...over });

describe('auditing goods lines', () => {
  it('answers signed stock changes in line order', () => {
    expect(auditGoodsLines({ audit_status: 0 }, [line(), line({ product_id: 8, actual_quantity: 2 })], shelves, -1)).toEqual([
      { productId: 7, shelfId: 1, quantity: -5, price: '2.50' },
      { productId: 8, shelfId: 1, quantity: -2, price: '2.50' },
    ]);
  });

  it.each([
    [{ audit_status: 1 }, [line()], 'orders.already_audited'],
    [{ audit_status: 0 }, [], 'orders.no_lines'],
    [{ audit_status: 0 }, [line({ warehouse_shelf_id: 9 })], 'orders.line_needs_shelf'],
    [{ audit_status: 0 }, [line({ warehouse_shelf_id: 3 })], 'orders.shelf_disabled'],
    [{ audit_status: 0 }, [line({ actual_quantity: 0 })], 'orders.line_needs_quantity'],
    [{ audit_status: 0 }, [line({ price: '-0.01' })], 'orders.line_negative_price'],
  ])('refuses %p with %p lines: %s', (order, lines, key) => {
    expect(() => auditGoodsLines(order, lines, shelves, 1)).toThrow(expect.objectContaining({ messageKey: key }));
  });

  it('computes totals exactly and maps outbound types to form types', () => {
    expect(lineTotalPrice({ actual_quantity: 3, price: '0.10' })).toBe('0.30');
    expect(lineTotalPrice({ actual_quantity: 7, price: '19.99' })).toBe('139.93');
    expect([10, 20, 30].map(outboundFormType)).toEqual([40, 50, 60]);
  });
});

describe('shipping', () => {
  it('ships an audited order once, with carrier and courier number', () => {
    expect(shipOutbound({ audit_status: 1, shipment_status: 0 }, { carrier_id: 2, courier_number: ' SF1 ' }, 100)).toEqual({ shipment_status: 1, carrier_id: 2, courier_number: 'SF1', shipment_time: 100 });
    expect(() => shipOutbound({ audit_status: 0, shipment_status: 0 }, { carrier_id: 2, courier_number: 'x' }, 1)).toThrow(expect.objectContaining({ messageKey: 'orders.not_audited_yet' }));
    expect(() => shipOutbound({ audit_status: 1, shipment_status: 1 }, { carrier_id: 2, courier_number: 'x' }, 1)).toThrow(expect.objectContaining({ messageKey: 'orders.already_shipped' }));
    expect(() => shipOutbound({ audit_status: 1, shipment_status: 0 }, { carrier_id: 0, courier_number: 'x' }, 1)).toThrow(expect.objectContaining({ messageKey: 'orders.ship_needs_carrier' }));
    expect(() => shipOutbound({ audit_status: 1, shipment_status: 0 }, { carrier_id: 1, courier_number: ' ' }, 1)).toThrow(expect.objectContaining({ messageKey: 'orders.ship_needs_courier_number' }));
  });
});

describe('relocation', () => {
  const lines: RelocationLine[] = [
    { id: 1, product_id: 7, source_warehouse_shelf_id: 1, target_warehouse_shelf_id: 2, plan_quantity: 10, actual_quantity: 0 },
    { id: 2, product_id: 8, source_warehouse_shelf_id: 1, target_warehouse_shelf_id: 2, plan_quantity: 4, actual_quantity: 0 },
  ];

  it('audits only with enabled, distinct shelves', () => {
    expect(() => auditRelocation({ audit_status: 0, status: 0 }, lines, shelves)).not.toThrow();
    expect(() => auditRelocation({ audit_status: 0, status: 0 }, [{ ...lines[0], target_warehouse_shelf_id: 3 }], shelves)).toThrow(expect.objectContaining({ messageKey: 'orders.shelf_disabled' }));
    expect(() => auditRelocation({ audit_status: 0, status: 0 }, [{ ...lines[0], target_warehouse_shelf_id: 1 }], shelves)).toThrow(expect.objectContaining({ messageKey: 'orders.relocation_same_shelf' }));
  });

  it('moves partly, then completes when every line reaches its plan', () => {
    const first = moveRelocation({ audit_status: 1, status: 0 }, lines, [{ id: 1, quantity: 4 }]);
    expect(first.status).toBe(1);
    const after = lines.map((l) => ({ ...l, actual_quantity: first.actual.get(l.id)! }));
    const second = moveRelocation({ audit_status: 1, status: 1 }, after, [
      { id: 1, quantity: 6 },
      { id: 2, quantity: 4 },
    ]);
    expect(second.status).toBe(2);
    expect(second.moves.map((m) => m.quantity)).toEqual([6, 4]);
  });

  it('refuses moving beyond plan, before audit, after cancel or completion', () => {
    expect(() => moveRelocation({ audit_status: 1, status: 0 }, lines, [{ id: 2, quantity: 5 }])).toThrow(expect.objectContaining({ messageKey: 'orders.move_over_plan' }));
    expect(() => moveRelocation({ audit_status: 0, status: 0 }, lines, [{ id: 1, quantity: 1 }])).toThrow(expect.objectContaining({ messageKey: 'orders.not_audited_yet' }));
    expect(() => moveRelocation({ audit_status: 1, status: 3 }, lines, [{ id: 1, quantity: 1 }])).toThrow(expect.objectContaining({ messageKey: 'orders.relocation_cancelled' }));
    expect(() => moveRelocation({ audit_status: 1, status: 2 }, lines, [{ id: 1, quantity: 1 }])).toThrow(expect.objectContaining({ messageKey: 'orders.relocation_completed' }));
    expect(() => moveRelocation({ audit_status: 1, status: 0 }, lines, [{ id: 99, quantity: 1 }])).toThrow(expect.objectContaining({ messageKey: 'orders.move_unknown_line' }));
  });

  it('cancels from status 0 or 1 only', () => {
    expect(cancelRelocation({ audit_status: 1, status: 1 })).toBe(3);
    expect(() => cancelRelocation({ audit_status: 1, status: 3 })).toThrow();
    expect(() => cancelRelocation({ audit_status: 1, status: 2 })).toThrow();
  });
});

describe('named lots of lines that take stock', () => {
  const products = new Map([
    [7, { name: 'Milk', product_no: 'M', lot_tracked: true, effective_day: 0 }],
    [8, { name: 'Bolt', product_no: 'B', lot_tracked: false, effective_day: 0 }],
  ]);

  it('answers the lot named (upper-case) or none, on products as they are now', () => {
    expect(namedLotsOf([{ line: { product_id: 7, lot_no: ' a1 ' }, position: 1 }, { line: { product_id: 7 }, position: 2 }, { line: { product_id: 8, lot_no: '' }, position: 3 }], products)).toEqual(['A1', '', '']);
  });

  it('refuses a lot on a product not lot-tracked, or an unknown product, naming the line', () => {
    expect(() => namedLotsOf([{ line: { product_id: 8, lot_no: 'A1' }, position: 4 }], products)).toThrow(expect.objectContaining({ messageKey: 'lots.lot_not_tracked', args: expect.objectContaining({ line: 4, product: 'Bolt (B)' }) }));
    expect(() => namedLotsOf([{ line: { product_id: 9, lot_no: 'A1' }, position: 2 }], products)).toThrow(expect.objectContaining({ messageKey: 'orders.unknown_product', args: { line: 2 } }));
  });

  it('refuses a named lot its shelf does not hold (no stream, or one at 0); lines naming none pass', () => {
    const streams = new Map([
      ['stock-7-1-A1', { quantity: 3 }],
      ['stock-7-1-B1', { quantity: 0 }],
    ]);
    const shelfName = (id: number) => `S${id}`;
    expect(() => assertNamedLotsOnShelves([{ position: 1, productId: 7, shelfId: 1, lotNo: 'A1' }, { position: 2, productId: 7, shelfId: 1, lotNo: '' }], streams, products, shelfName)).not.toThrow();
    for (const [lotNo, shelfId] of [['B1', 1], ['A1', 2], ['C1', 1]] as const) {
      expect(() => assertNamedLotsOnShelves([{ position: 3, productId: 7, shelfId, lotNo }], streams, products, shelfName)).toThrow(
        expect.objectContaining({ messageKey: 'lots.lot_not_on_shelf', args: { line: 3, lot: lotNo, product: 'Milk (M)', shelf: `S${shelfId}` } }),
      );
    }
  });
});
