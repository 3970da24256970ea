jest.mock('@/api/inventory', () => ({
  fetchProductStock: jest.fn(async () => ({ today: '2026-11-29', shelves: new Map([[7, [{ lot_no: '', quantity: 30, expiry_date: '', days_left: null, lot_received_at: 1 }]]]) })),
}));
jest.mock('@/api/masterData', () => ({
  fetchProductUnits: jest.fn(async () => [{ id: 8, product_id: 1, name: 'case', factor: 12, bar_code: 'CASE-1' }]),
}));

import { OrderFormStore, checkOrderForm, lineFromServer, orderBody } from './formStore';

const TEA = { id: 1, name: 'Tea', product_no: 'T1', unit_name: 'pcs', price: '2.00', warehouse_id: 3, warehouse_shelf_id: 7 };
const CASE = { id: 8, name: 'case', factor: 12 };
const header = { order_sn: '', party_id: 3, type: 10, remark: '' };

describe('order lines in units of measure', () => {
  it('given a case scanned twice, then one line of 2 cases, posted as unit_id + unit_quantity, totalled in base units', async () => {
    const store = new OrderFormStore('outbound');
    store.reset(null);
    expect(store.addScanned(TEA, undefined, { unit: CASE, count: 1 })).toMatchObject({ added: true, quantity: 1 });
    expect(store.addScanned(TEA, undefined, { unit: CASE, count: 1 })).toMatchObject({ added: false, quantity: 2 });
    // the product's own bar code is another line, counted in pieces
    expect(store.addScanned(TEA)).toMatchObject({ added: true, quantity: 1 });
    const [cases, pieces] = store.lines;
    expect(cases).toMatchObject({ unit: CASE, plan_quantity: 2, actual_quantity: 2 });
    expect(pieces.unit).toBeNull();
    expect(store.lineTotal(cases)).toBe('48.00');
    const body = orderBody('outbound', header, store.lines) as { lines: Array<Record<string, unknown>> };
    expect(body.lines[0]).toMatchObject({ product_id: 1, unit_id: 8, unit_quantity: 2 });
    expect(body.lines[0]).not.toHaveProperty('plan_quantity');
    expect(body.lines[1]).toMatchObject({ plan_quantity: 1, actual_quantity: 1 });
    await new Promise((resolve) => setTimeout(resolve, 0));
    // 3 cases are more than the 30 on the shelf: the warning counts base units
    store.setQuantity(cases.key, 'plan_quantity', 3);
    expect(checkOrderForm('outbound', header, store.lines, store.stock).warnings[cases.key]?.actual_quantity).toMatchObject({ key: 'orders.warn.insufficient', args: { stock: 30 } });
    expect(store.unitOptions(cases).map((u) => [u.id, u.name, u.factor])).toEqual([
      [0, 'pcs', 1],
      [8, 'case', 12],
    ]);
  });

  it('given a line the server keeps in cases, then the form shows it in cases again', () => {
    const draft = lineFromServer({ product_id: 1, plan_quantity: 24, actual_quantity: 24, unit_id: 8, unit_quantity: 2, unit_name: 'case', factor: 12, price: '2.00', warehouse_shelf_id: 7 });
    expect(draft).toMatchObject({ unit: { id: 8, name: 'case', factor: 12 }, plan_quantity: 2, actual_quantity: 2 });
    const adjustment = lineFromServer({ product_id: 1, quantity: -12, unit_id: 8, unit_quantity: -1, unit_name: 'case', factor: 12, warehouse_shelf_id: 7, reason: 'lost' });
    expect(adjustment).toMatchObject({ unit: { id: 8 }, quantity: -1 });
    expect((orderBody('adjustment', header, [adjustment]) as { lines: unknown[] }).lines[0]).toMatchObject({ unit_id: 8, unit_quantity: -1 });
  });
});
