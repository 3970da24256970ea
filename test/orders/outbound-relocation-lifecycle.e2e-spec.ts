import { TestApp } from '../setup/create-test-app';
import { as, createAdmin, login } from '../support/api';
import { ledgerViolations } from '../support/ledger';
import { Client, smallWarehouse, stockOf, stockUp, Warehouse } from '../support/warehouse';
import { adminSpec } from '../support/admin-spec';

describe('outbound and relocation lifecycles', () => {
  let t: TestApp;
  let c: Client;
  let w: Warehouse;
  adminSpec({ warehouse: smallWarehouse, ready: (fixture) => ({ t, c, w } = fixture) });
  beforeEach(async () => {
    await stockUp(c, w, [
      { product: 0, shelf: 0, quantity: 10 },
      { product: 1, shelf: 0, quantity: 2 },
    ]);
  });

  const outLine = (product: number, shelf: number, quantity: number, price = '5.00') => ({ product_id: w.products[product].id, warehouse_shelf_id: w.shelves[shelf].id, plan_quantity: quantity, actual_quantity: quantity, price });

  it('audits an outbound order (form type 50 for outsourced), then ships it with carrier and courier number', async () => {
    const order = await c.add('Outbound', { customer_id: w.customer.id, type: 20, lines: [outLine(0, 0, 4)] });
    expect(order).toMatchObject({ outbound_no: expect.stringMatching(/^CK\d{8}-0001$/), shipment_status: 0, customer: { name: 'Big Shop' } });
    expect((await c.raw.post('/admin/wms.Outbound/ship', { id: order.id, carrier_id: w.carrier.id, courier_number: 'SF1' })).body).toMatchObject({ code: 0, msg: 'This order has not been audited yet' });
    await c.post('Outbound', 'audit', { id: order.id });
    expect((await stockOf(t))['P1@S1']).toBe(6);
    const history = await c.get(`/admin/wms.InventoryHistory/index?order_no=${order.outbound_no}`);
    expect(history.list).toMatchObject([{ form_type: 50, quantity: -4, total_price: '-20.00', balance: 6 }]);
    expect((await c.raw.post('/admin/wms.Outbound/ship', { id: order.id, carrier_id: w.carrier.id, courier_number: ' ' })).body).toMatchObject({ code: 0, msg: 'Shipping needs a courier number' });
    const shipped = await c.post('Outbound', 'ship', { id: order.id, carrier_id: w.carrier.id, courier_number: 'SF123', shipment_time: 1790000000 });
    expect(shipped).toMatchObject({ shipment_status: 1, carrier_id: w.carrier.id, courier_number: 'SF123', shipment_time: 1790000000 });
    expect((await c.raw.post('/admin/wms.Outbound/ship', { id: order.id, carrier_id: w.carrier.id, courier_number: 'SF9' })).body).toMatchObject({ code: 0, msg: 'This outbound order has already been shipped' });
  });

  it('refuses an outbound with insufficient stock on one line and changes nothing at all', async () => {
    const order = await c.add('Outbound', { customer_id: w.customer.id, type: 10, lines: [outLine(0, 0, 3), outLine(1, 0, 5)] });
    const before = await stockOf(t);
    const [{ n: eventsBefore }] = await t.dataSource.query('SELECT COUNT(*) AS n FROM inventory_event');
    const res = await c.raw.post('/admin/wms.Outbound/audit', { id: order.id });
    expect(res.body).toMatchObject({ code: 0, msg: 'Insufficient stock: product Product 2 (P2) has 2 on shelf Main / Area A / S1, 5 needed' });
    expect(await stockOf(t)).toEqual(before);
    const [{ n: eventsAfter }] = await t.dataSource.query('SELECT COUNT(*) AS n FROM inventory_event');
    expect(Number(eventsAfter)).toBe(Number(eventsBefore));
    expect((await c.get(`/admin/wms.Outbound/edit?id=${order.id}`)).row).toMatchObject({ audit_status: 0, lines: [{ total_price: '15.00' }, { total_price: '25.00' }] });
    const products = await c.get('/admin/wms.Product/index');
    expect(products.list.find((p: any) => p.product_no === 'P1').total_stock_num).toBe(10);
    expect(await ledgerViolations(t)).toEqual([]);
  });

  it('moves a relocation partly, then completes it; each move is a signed pair of form type 70', async () => {
    const order = await c.add('Relocation', { lines: [{ product_id: w.products[0].id, source_warehouse_shelf_id: w.shelves[0].id, target_warehouse_shelf_id: w.shelves[1].id, plan_quantity: 6 }] });
    expect(order).toMatchObject({ relocation_no: expect.stringMatching(/^YK/), status: 0, audit_status: 0 });
    const lineId = order.lines[0].id;
    expect((await c.raw.post('/admin/wms.Relocation/move', { id: order.id, lines: [{ id: lineId, quantity: 1 }] })).body.msg).toBe('This order has not been audited yet');
    await c.post('Relocation', 'audit', { id: order.id });
    const partly = await c.post('Relocation', 'move', { id: order.id, lines: [{ id: lineId, quantity: 4 }] });
    expect(partly).toMatchObject({ status: 1, lines: [{ actual_quantity: 4 }] });
    expect((await c.raw.post('/admin/wms.Relocation/move', { id: order.id, lines: [{ id: lineId, quantity: 3 }] })).body).toMatchObject({ code: 0, msg: `Line ${lineId} plans 6, 4 moved already: 3 more would exceed the plan` });
    const done = await c.post('Relocation', 'move', { id: order.id, lines: [{ id: lineId, quantity: 2 }] });
    expect(done).toMatchObject({ status: 2, lines: [{ actual_quantity: 6 }] });
    expect(await stockOf(t)).toMatchObject({ 'P1@S1': 4, 'P1@S2': 6 });
    const history = await c.get(`/admin/wms.InventoryHistory/index?order_no=${order.relocation_no}&limit=50`);
    expect(history.list.map((h: any) => [h.form_type, h.quantity]).sort()).toEqual([[70, -2], [70, -4], [70, 2], [70, 4]].sort());
    expect((await c.raw.post('/admin/wms.Relocation/cancel', { id: order.id })).body.msg).toBe('This relocation order is already completed');
  });

  it('cancels a partly moved relocation: what moved stays moved, nothing more moves', async () => {
    const order = await c.add('Relocation', { lines: [{ product_id: w.products[0].id, source_warehouse_shelf_id: w.shelves[0].id, target_warehouse_shelf_id: w.shelves[1].id, plan_quantity: 6 }] });
    await c.post('Relocation', 'audit', { id: order.id });
    await c.post('Relocation', 'move', { id: order.id, lines: [{ id: order.lines[0].id, quantity: 2 }] });
    expect(await c.post('Relocation', 'cancel', { id: order.id })).toMatchObject({ status: 3 });
    expect((await c.raw.post('/admin/wms.Relocation/move', { id: order.id, lines: [{ id: order.lines[0].id, quantity: 1 }] })).body.msg).toBe('This relocation order has been cancelled');
    expect(await stockOf(t)).toMatchObject({ 'P1@S1': 8, 'P1@S2': 2 });
    expect((await c.raw.post('/admin/wms.Relocation/cancel', { id: order.id })).body.msg).toBe('This relocation order has been cancelled');
  });

  it('refuses a move the source shelf cannot cover, naming product and shelf', async () => {
    const order = await c.add('Relocation', { lines: [{ product_id: w.products[1].id, source_warehouse_shelf_id: w.shelves[0].id, target_warehouse_shelf_id: w.shelves[1].id, plan_quantity: 5 }] });
    await c.post('Relocation', 'audit', { id: order.id });
    const res = await c.raw.post('/admin/wms.Relocation/move', { id: order.id, lines: [{ id: order.lines[0].id, quantity: 5 }] });
    expect(res.body).toMatchObject({ code: 0, msg: 'Insufficient stock: product Product 2 (P2) has 2 on shelf Main / Area A / S1, 5 needed' });
    expect((await c.get(`/admin/wms.Relocation/edit?id=${order.id}`)).row).toMatchObject({ status: 0, lines: [{ actual_quantity: 0 }] });
  });

  it('keeps referenced master data from being deleted', async () => {
    const res = await c.raw.del(`/admin/wms.Shelf/del?ids[]=${w.shelves[0].id}`);
    expect(res.body.code).toBe(0);
    expect(res.body.msg).toMatch(/stock records|inbound order lines/);
  });

  it('gives the seeded Auditor group read access to orders, stock and history, and nothing else', async () => {
    const [{ id: auditorGroup }] = await t.dataSource.query("SELECT id FROM admin_group WHERE name = '审计员'");
    const { adminId } = await createAdmin(t, 'auditor1', []);
    await t.dataSource.query('UPDATE admin_group_access SET group_id = ? WHERE uid = ?', [auditorGroup, adminId]);
    const auditor = as(t, await login(t, 'auditor1'));
    for (const url of ['/admin/wms.Inbound/index', '/admin/wms.Outbound/index', '/admin/wms.Relocation/index', '/admin/wms.Stock/index', '/admin/wms.InventoryHistory/index']) {
      expect({ url, code: (await auditor.get(url)).body.code }).toEqual({ url, code: 1 });
    }
    const order = await c.add('Inbound', { supplier_id: w.supplier.id, type: 10, lines: [outLine(0, 0, 1)] });
    for (const [url, body] of [
      ['/admin/wms.Inbound/audit', { id: order.id }],
      ['/admin/wms.Inbound/add', { supplier_id: w.supplier.id, type: 10, lines: [] }],
      ['/admin/wms.Product/add', { product_no: 'X', name: 'X' }],
      ['/admin/wms.Outbound/ship', { id: 1, carrier_id: 1, courier_number: 'x' }],
    ] as const) {
      expect({ url, code: (await auditor.post(url, body)).body.code }).toEqual({ url, code: 401 });
    }
  });
});
