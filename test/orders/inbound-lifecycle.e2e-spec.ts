import { TestApp } from '../setup/create-test-app';
import { createAdmin, login } from '../support/api';
import { client, Client, smallWarehouse, stockOf, Warehouse } from '../support/warehouse';
import { adminSpec } from '../support/admin-spec';

describe('inbound orders: create, edit, audit into stock', () => {
  let t: TestApp;
  let c: Client;
  let w: Warehouse;
  adminSpec({ warehouse: smallWarehouse, ready: (fixture) => ({ t, c, w } = fixture) });

  const line = (product: number, shelf: number, quantity: number, price = '2.50') => ({ product_id: w.products[product].id, warehouse_shelf_id: w.shelves[shelf].id, plan_quantity: quantity, actual_quantity: quantity, price, detail_code: `D${product}` });

  it('creates an unaudited order with a generated number, lines with names and exact totals', async () => {
    const order = await c.add('Inbound', { order_sn: 'PO-1', supplier_id: w.supplier.id, type: 10, remark: 'first', lines: [line(0, 0, 3, '19.99'), line(1, 1, 2, '0.10')], receipt_no: 'FORGED', audit_status: 1, admin_id: 99 });
    expect(order.receipt_no).toMatch(/^RK\d{8}-0001$/);
    expect(order).toMatchObject({ order_sn: 'PO-1', audit_status: 0, admin_id: 1, operator: 'Admin', supplier: { name: 'Acme Supply' } });
    expect(order.lines.map((l: any) => [l.product.name, l.shelf.location, l.total_price])).toEqual([
      ['Product 1', 'Main / Area A / S1', '59.97'],
      ['Product 2', 'Main / Area A / S2', '0.20'],
    ]);
    const second = await c.add('Inbound', { supplier_id: w.supplier.id, type: 20, lines: [line(0, 0, 1)] });
    expect(second.receipt_no).toMatch(/-0002$/);
    const list = await c.get(`/admin/wms.Inbound/index?quickSearch=PO-1`);
    expect(list).toMatchObject({ total: 1, list: [{ supplier: { name: 'Acme Supply' }, admin: { username: 'admin' } }] });
  });

  it('replaces the lines on edit while unaudited', async () => {
    const order = await c.add('Inbound', { supplier_id: w.supplier.id, type: 10, lines: [line(0, 0, 3), line(1, 0, 1)] });
    const edited = await c.post('Inbound', 'edit', { id: order.id, supplier_id: w.supplier.id, type: 30, lines: [line(2, 1, 7)] });
    expect(edited).toMatchObject({ type: 30, receipt_no: order.receipt_no });
    expect(edited.lines).toHaveLength(1);
    expect(edited.lines[0]).toMatchObject({ plan_quantity: 7, total_price: '17.50' });
  });

  it('audits: stock, product totals and signed history rows with the snapshot, in one step', async () => {
    const order = await c.add('Inbound', { supplier_id: w.supplier.id, type: 30, lines: [line(0, 0, 3, '2.00'), line(0, 1, 4, '2.00'), line(1, 0, 5, '10.00')] });
    const audited = await c.post('Inbound', 'audit', { id: order.id });
    expect(audited).toMatchObject({ audit_status: 1, auditor: 'Admin' });
    expect(await stockOf(t)).toEqual({ 'P1@S1': 3, 'P1@S2': 4, 'P2@S1': 5 });
    const products = await c.get('/admin/wms.Product/index');
    expect(Object.fromEntries(products.list.map((p: any) => [p.product_no, p.total_stock_num]))).toEqual({ P1: 7, P2: 5, P3: 0 });
    const history = await c.get(`/admin/wms.InventoryHistory/index?order_no=${order.receipt_no}`);
    expect(history.total).toBe(3);
    expect(history.list.map((h: any) => [h.form_type, h.quantity, h.total_price, h.balance, h.product_name, h.unit, h.shelf_location]).sort()).toEqual(
      [
        [30, 3, '6.00', 3, 'Product 1', 'pcs', 'Main / Area A / S1'],
        [30, 4, '8.00', 4, 'Product 1', 'pcs', 'Main / Area A / S2'],
        [30, 5, '50.00', 5, 'Product 2', 'pcs', 'Main / Area A / S1'],
      ].sort(),
    );
  });

  it('refuses a second audit, and audited orders cannot be edited or deleted', async () => {
    const order = await c.add('Inbound', { supplier_id: w.supplier.id, type: 10, lines: [line(0, 0, 3)] });
    await c.post('Inbound', 'audit', { id: order.id });
    const again = await c.raw.post('/admin/wms.Inbound/audit', { id: order.id });
    expect(again.body).toMatchObject({ code: 0, msg: 'This order has already been audited' });
    const edit = await c.raw.post('/admin/wms.Inbound/edit', { id: order.id, supplier_id: w.supplier.id, type: 10, lines: [line(0, 0, 300)] });
    expect(edit.body.code).toBe(0);
    expect((await c.raw.del(`/admin/wms.Inbound/del?ids[]=${order.id}`)).body.code).toBe(0);
    expect(await stockOf(t)).toEqual({ 'P1@S1': 3 });
  });

  it.each([
    ['a disabled shelf', (l: any) => ({ ...l, warehouse_shelf_id: 'disabled' }), 'The shelf "Main / Area A / S3" of line 1 is disabled'],
    ['no shelf', (l: any) => ({ ...l, warehouse_shelf_id: 0 }), 'Line 1 needs a shelf'],
    ['a zero quantity', (l: any) => ({ ...l, actual_quantity: 0 }), 'The quantity of line 1 must be greater than 0'],
  ])('refuses to audit with %s, changing nothing', async (_name, mutate, message) => {
    const bad = mutate(line(0, 0, 3));
    if (bad.warehouse_shelf_id === 'disabled') bad.warehouse_shelf_id = w.shelves[2].id;
    const order = await c.add('Inbound', { supplier_id: w.supplier.id, type: 10, lines: [line(1, 0, 2), bad] });
    const res = await c.raw.post('/admin/wms.Inbound/audit', { id: order.id });
    expect(res.body).toMatchObject({ code: 0, msg: message.replace('line 1', 'line 2').replace('Line 1', 'Line 2') });
    expect(await stockOf(t)).toEqual({});
    expect((await c.get(`/admin/wms.Inbound/edit?id=${order.id}`)).row.audit_status).toBe(0);
    const [{ n }] = await t.dataSource.query('SELECT COUNT(*) AS n FROM inventory_event');
    expect(Number(n)).toBe(0);
  });

  it('validates input and references with translated messages', async () => {
    const bad = (body: object) => c.raw.post('/admin/wms.Inbound/add', { supplier_id: w.supplier.id, type: 10, lines: [line(0, 0, 1)], ...body });
    expect((await bad({ type: 40 })).body).toMatchObject({ code: 0, msg: 'Type has an invalid value' });
    expect((await bad({ supplier_id: 999 })).body).toMatchObject({ code: 0, msg: 'Choose a valid supplier' });
    expect((await bad({ lines: [{ ...line(0, 0, 1), price: '1.234' }] })).body).toMatchObject({ code: 0, msg: 'Price must be an amount with at most two decimals' });
    expect((await bad({ lines: [{ ...line(0, 0, 1), product_id: 999 }] })).body).toMatchObject({ code: 0, msg: 'The product of line 1 does not exist or was deleted' });
    expect((await bad({ lines: [] })).body).toMatchObject({ code: 0, msg: 'An order needs at least one line' });
  });

  it('checks the permission node of each transition', async () => {
    await createAdmin(t, 'clerk', ['wms/inbound', 'wms/inbound/index', 'wms/inbound/add']);
    const clerk = client(t, await login(t, 'clerk'));
    const order = await clerk.add('Inbound', { supplier_id: w.supplier.id, type: 10, lines: [line(0, 0, 1)] });
    expect((await clerk.raw.post('/admin/wms.Inbound/audit', { id: order.id })).body.code).toBe(401);
    expect(await stockOf(t)).toEqual({});
  });

  it('applies a retried audit with the same Idempotency-Key once', async () => {
    const order = await c.add('Inbound', { supplier_id: w.supplier.id, type: 10, lines: [line(0, 0, 3)] });
    const send = () => c.raw.post('/admin/wms.Inbound/audit', { id: order.id }).set('Idempotency-Key', 'audit-once-1');
    expect((await send()).body.code).toBe(1);
    const retry = await send();
    expect(retry.body).toMatchObject({ code: 1, data: { audit_status: 1 } });
    expect(await stockOf(t)).toEqual({ 'P1@S1': 3 });
  });
});
