import { TestApp } from '../setup/create-test-app';
import { adminSpec } from '../support/admin-spec';
import { Client, smallWarehouse, stockOf, stockUp, Warehouse } from '../support/warehouse';

type Row = Record<string, any>;

describe('stock adjustments: signed lines with reasons, all or nothing', () => {
  let t: TestApp;
  let c: Client;
  let w: Warehouse;
  adminSpec({ warehouse: smallWarehouse, ledgerChecks: true, ready: (fixture) => ({ t, c, w } = fixture) });

  const line = (product: number, shelf: number, quantity: number, reason = 'correction') => ({ product_id: w.products[product].id, warehouse_shelf_id: w.shelves[shelf].id, quantity, reason });
  const refused = async (url: string, body: object, message: RegExp) => {
    const res = await c.raw.post(url, body);
    expect(res.body).toMatchObject({ code: 0 });
    expect(res.body.msg).toMatch(message);
  };

  it('creates a numbered order, audits it into the ledger as form types 100 and 110 at the product price', async () => {
    await stockUp(c, w, [{ product: 0, shelf: 0, quantity: 10 }]);
    const order = await c.add('Adjustment', { order_sn: 'ADJ-1', remark: 'shelf check', lines: [line(0, 0, -3, 'damaged'), line(1, 1, 4, 'found')], adjustment_no: 'FORGED', audit_status: 1 });
    expect(order.adjustment_no).toMatch(/^TZ\d{8}-0001$/);
    expect(order).toMatchObject({ audit_status: 0, order_sn: 'ADJ-1', operator: 'Admin' });
    expect(order.lines.map((l: Row) => [l.product.product_no, l.shelf.name, l.quantity, l.reason, l.lot_no])).toEqual([
      ['P1', 'S1', -3, 'damaged', ''],
      ['P2', 'S2', 4, 'found', ''],
    ]);
    const list = await c.get('/admin/wms.Adjustment/index?quickSearch=ADJ-1');
    expect(list).toMatchObject({ total: 1, list: [{ admin: { username: 'admin' } }] });
    const audited = await c.post('Adjustment', 'audit', { id: order.id });
    expect(audited).toMatchObject({ audit_status: 1, auditor: 'Admin' });
    expect(audited.lines.map((l: Row) => [l.price, l.total_price])).toEqual([
      ['2.50', '7.50'],
      ['10.00', '40.00'],
    ]);
    expect(await stockOf(t)).toEqual({ 'P1@S1': 7, 'P2@S2': 4 });
    const history = await c.get(`/admin/wms.InventoryHistory/index?order_no=${order.adjustment_no}`);
    expect(history.list.map((h: Row) => [h.form_type, h.quantity, h.total_price, h.order_type]).sort()).toEqual(
      [
        [100, 4, '40.00', 'adjustment'],
        [110, -3, '-7.50', 'adjustment'],
      ].sort(),
    );
    const dashboard = await c.get('/admin/dashboard/index');
    expect(dashboard.today).toEqual({ inbound_quantity: 10, outbound_quantity: 0 });
    await refused('/admin/wms.Adjustment/audit', { id: order.id }, /already been audited|already audited/i);
  });

  it('refuses an audit that would take a stream below zero, naming product and shelf, and moves nothing', async () => {
    await stockUp(c, w, [{ product: 0, shelf: 0, quantity: 2 }]);
    const order = await c.add('Adjustment', { lines: [line(1, 0, 5, 'found'), line(0, 0, -3, 'lost')] });
    const before = await stockOf(t);
    await refused('/admin/wms.Adjustment/audit', { id: order.id }, /Product 1 \(P1\).*Main \/ Area A \/ S1/);
    expect(await stockOf(t)).toEqual(before);
    const shown = await c.get(`/admin/wms.Adjustment/edit?id=${order.id}`);
    expect(shown.row.audit_status).toBe(0);
  });

  it('refuses a zero line, an unknown reason, a missing shelf; edits and deletes only while unaudited', async () => {
    await refused('/admin/wms.Adjustment/add', { lines: [line(0, 0, 0)] }, /other than 0/);
    await refused('/admin/wms.Adjustment/add', { lines: [line(0, 0, 1, 'stolen')] }, /reason must be one of/);
    await refused('/admin/wms.Adjustment/add', { lines: [{ product_id: w.products[0].id, quantity: 1, reason: 'found' }] }, /.+/);
    await refused('/admin/wms.Adjustment/add', { lines: [] }, /at least one line/i);
    const zh = await c.raw.post('/admin/wms.Adjustment/add', { lines: [line(0, 0, 1, 'stolen')] }).set('think-lang', 'zh-cn');
    expect(zh.body.msg).toMatch(/调整原因无效/);
    expect((await t.dataSource.query('SELECT COUNT(*) AS n FROM adjustment_order'))[0].n).toEqual(expect.anything());
    expect(Number((await t.dataSource.query('SELECT COUNT(*) AS n FROM adjustment_order'))[0].n)).toBe(0);
    const order = await c.add('Adjustment', { lines: [line(0, 0, 1, 'found')] });
    const edited = await c.post('Adjustment', 'edit', { id: order.id, lines: [line(1, 1, 2, 'correction')] });
    expect(edited.lines.map((l: Row) => [l.product_id, l.quantity])).toEqual([[w.products[1].id, 2]]);
    await c.post('Adjustment', 'audit', { id: order.id });
    await refused('/admin/wms.Adjustment/edit', { id: order.id, lines: [line(1, 1, 3)] }, /cannot be changed|immutable|修改/i);
    expect((await c.raw.del(`/admin/wms.Adjustment/del?ids[]=${order.id}`)).body.code).toBe(0);
  });

  it('parallel keyed audits of one order apply once', async () => {
    await stockUp(c, w, [{ product: 2, shelf: 1, quantity: 5 }]);
    const order = await c.add('Adjustment', { lines: [line(2, 1, -5, 'expired')] });
    const answers = await Promise.all(Array.from({ length: 4 }, (_, i) => c.raw.post('/admin/wms.Adjustment/audit', { id: order.id }).set('Idempotency-Key', `adj-${i % 2}`)));
    expect(answers.filter((a) => a.body.code === 1).length).toBeGreaterThanOrEqual(1);
    expect(await stockOf(t)).toEqual({ 'P3@S2': 0 });
    const [{ n }] = await t.dataSource.query("SELECT COUNT(*) AS n FROM inventory_history WHERE order_type = 'adjustment'");
    expect(Number(n)).toBe(1);
  });
});
