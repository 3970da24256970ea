import { TestApp } from '../setup/create-test-app';
import { adminSpec } from '../support/admin-spec';
import { as, createAdmin, login } from '../support/api';
import { download } from '../support/download';
import { Client, smallWarehouse, stockOf, stockUp, Warehouse } from '../support/warehouse';

type Row = Record<string, any>;

describe('stock counts: start, count, post with the movements made meanwhile', () => {
  let t: TestApp;
  let c: Client;
  let w: Warehouse;
  let key = 0;
  adminSpec({ warehouse: smallWarehouse, ledgerChecks: true, ready: (fixture) => ({ t, c, w } = fixture) });

  const refused = async (url: string, body: object, message: RegExp, lang = 'en') => {
    const res = await c.raw.post(url, body).set('think-lang', lang);
    expect(res.body).toMatchObject({ code: 0 });
    expect(res.body.msg).toMatch(message);
    return res.body;
  };
  const lineOf = (count: Row, product: number, shelf: number) => count.lines.find((l: Row) => l.product_id === w.products[product].id && l.warehouse_shelf_id === w.shelves[shelf].id);
  const history = async (orderNo: string) => (await c.get(`/admin/wms.InventoryHistory/index?order_no=${orderNo}&limit=100`)).list.map((h: Row) => [h.form_type, h.product_no, h.shelf_location.split(' / ')[2], h.quantity, h.total_price, h.balance]).sort();
  const snapshot = async () => ({
    stock: await stockOf(t),
    events: Number((await t.dataSource.query('SELECT COUNT(*) AS n FROM inventory_event'))[0].n),
    lines: await t.dataSource.query('SELECT id, counted_quantity, variance FROM stocktake_line ORDER BY id'),
    counts: await t.dataSource.query('SELECT id, status FROM stocktake ORDER BY id'),
  });

  it('needs a login and the count rules; none of the seeded groups below the super administrators holds them', async () => {
    const anonymous = await as(t, '').get('/admin/wms.Stocktake/index');
    expect(anonymous.body.code).toBe(302);
    await createAdmin(t, 'keeper', ['wms/stocktake/index']);
    const keeper = as(t, await login(t, 'keeper'));
    expect((await keeper.get('/admin/wms.Stocktake/index')).body.code).toBe(1);
    expect((await keeper.post('/admin/wms.Stocktake/add').send({ warehouse_id: w.warehouse.id })).body.code).toBe(401);
    expect((await keeper.post('/admin/wms.Adjustment/add').send({ lines: [] })).body.code).toBe(401);
    const groups: Row[] = await t.dataSource.query('SELECT name, rules FROM admin_group');
    const rules: Row[] = await t.dataSource.query("SELECT id, name FROM admin_rule WHERE name LIKE 'wms/stocktake%' OR name LIKE 'wms/adjustment%'");
    expect(rules.map((r) => r.name).sort()).toEqual(
      ['wms/adjustment', ...['add', 'audit', 'del', 'edit', 'export', 'index', 'print'].map((b) => `wms/adjustment/${b}`), 'wms/stocktake', ...['add', 'cancel', 'count', 'del', 'edit', 'export', 'index', 'post', 'print', 'start'].map((b) => `wms/stocktake/${b}`)].sort(),
    );
    const ids = new Set(rules.map((r) => String(r.id)));
    for (const group of groups.filter((g) => g.rules !== '*' && g.name !== 'keeper group')) expect(String(group.rules).split(',').filter((id) => ids.has(id))).toEqual([]);
  });

  it('starts with one line per stream in scope holding the book; counts; posts gains and losses as form types 80/90', async () => {
    await stockUp(c, w, [
      { product: 0, shelf: 0, quantity: 10 },
      { product: 1, shelf: 0, quantity: 4 },
      { product: 0, shelf: 1, quantity: 6 },
    ]);
    const draft = await c.add('Stocktake', { warehouse_id: w.warehouse.id, remark: 'year end', stocktake_no: 'FORGED', status: 2 });
    expect(draft).toMatchObject({ status: 0, blind: 0, remark: 'year end', warehouse: { name: 'Main' }, lines: [] });
    expect(draft.stocktake_no).toMatch(/^PD\d{8}-0001$/);
    const started = await c.post('Stocktake', 'start', { id: draft.id });
    expect(started.status).toBe(1);
    expect(started.lines.map((l: Row) => [l.product.product_no, l.shelf.name, l.book_quantity, l.counted_quantity])).toEqual([
      ['P1', 'S1', 10, null],
      ['P2', 'S1', 4, null],
      ['P1', 'S2', 6, null],
    ]);
    expect(started.summary).toMatchObject({ lines: 3, counted: 0 });
    const counted = await c.post('Stocktake', 'count', {
      id: draft.id,
      lines: [
        { id: lineOf(started, 0, 0).id, counted_quantity: 12 },
        { id: lineOf(started, 1, 0).id, counted_quantity: 1 },
        { id: lineOf(started, 0, 1).id, counted_quantity: 6 },
        { product_id: w.products[2].id, warehouse_shelf_id: w.shelves[1].id, counted_quantity: 5 },
      ],
    });
    expect(counted.summary).toMatchObject({ lines: 4, counted: 4, gain_quantity: 7, gain_amount: '5.50', loss_quantity: 3, loss_amount: '30.00' });
    expect(lineOf(counted, 2, 1)).toMatchObject({ found: 1, book_quantity: 0, variance: 5, variance_amount: '0.50' });
    const posted = await c.post('Stocktake', 'post', { id: draft.id });
    expect(posted).toMatchObject({ status: 2, poster: 'Admin' });
    expect(await stockOf(t)).toEqual({ 'P1@S1': 12, 'P2@S1': 1, 'P1@S2': 6, 'P3@S2': 5 });
    expect(await history(draft.stocktake_no)).toEqual(
      [
        [80, 'P1', 'S1', 2, '5.00', 12],
        [90, 'P2', 'S1', -3, '-30.00', 1],
        [80, 'P3', 'S2', 5, '0.50', 5],
      ].sort(),
    );
    const totals = await c.get('/admin/wms.Product/index');
    expect(Object.fromEntries(totals.list.map((p: Row) => [p.product_no, p.total_stock_num]))).toEqual({ P1: 18, P2: 1, P3: 5 });
    const dashboard = await c.get('/admin/dashboard/index');
    expect(dashboard.today).toEqual({ inbound_quantity: 20, outbound_quantity: 0 });
  });

  it('honours an outbound audited and an inbound received between the start and the count', async () => {
    await stockUp(c, w, [{ product: 0, shelf: 0, quantity: 10 }]);
    const count = await c.add('Stocktake', { warehouse_id: w.warehouse.id, warehouse_area_id: w.area.id });
    const started = await c.post('Stocktake', 'start', { id: count.id });
    // the shelf holds 10 at the start; 3 are picked and 2 more received before the counter gets there and counts 9
    const outbound = await c.add('Outbound', { customer_id: w.customer.id, type: 10, lines: [{ product_id: w.products[0].id, warehouse_shelf_id: w.shelves[0].id, plan_quantity: 3, actual_quantity: 3, price: '1.00' }] });
    await c.post('Outbound', 'audit', { id: outbound.id });
    await stockUp(c, w, [{ product: 0, shelf: 0, quantity: 2 }]);
    await c.post('Stocktake', 'count', { id: count.id, lines: [{ id: lineOf(started, 0, 0).id, counted_quantity: 9 }] });
    const review = await c.get(`/admin/wms.Stocktake/edit?id=${count.id}`);
    expect(lineOf(review.row, 0, 0)).toMatchObject({ book_quantity: 10, expected_quantity: 9, variance: 0 });
    const posted = await c.post('Stocktake', 'post', { id: count.id });
    expect(lineOf(posted, 0, 0)).toMatchObject({ book_quantity: 10, expected_quantity: 9, counted_quantity: 9, variance: 0 });
    expect(await history(count.stocktake_no)).toEqual([]);
    expect(await stockOf(t)).toEqual({ 'P1@S1': 9 });
  });

  it('a blind count hides book quantities and variances until posted, on screen and on the count sheet', async () => {
    await stockUp(c, w, [{ product: 1, shelf: 1, quantity: 7 }]);
    const count = await c.add('Stocktake', { warehouse_id: w.warehouse.id, warehouse_shelf_id: w.shelves[1].id, blind: '1' });
    const started = await c.post('Stocktake', 'start', { id: count.id });
    expect(started.blind).toBe(1);
    expect(started.lines).toHaveLength(1);
    for (const hidden of ['book_quantity', 'book_version', 'expected_quantity', 'variance', 'variance_amount']) expect(started.lines[0]).not.toHaveProperty(hidden);
    expect(started.summary).toEqual({ lines: 1, counted: 0 });
    const counted = await c.post('Stocktake', 'count', { id: count.id, lines: [{ id: started.lines[0].id, counted_quantity: 5 }] });
    expect(counted.lines[0]).not.toHaveProperty('variance');
    expect(JSON.stringify(counted)).not.toMatch(/"book_quantity"/);
    const posted = await c.post('Stocktake', 'post', { id: count.id });
    expect(posted.lines[0]).toMatchObject({ book_quantity: 7, expected_quantity: 7, counted_quantity: 5, variance: -2, variance_amount: '-20.00' });
  });

  it('refuses bad input with a translated message and writes nothing', async () => {
    await stockUp(c, w, [{ product: 0, shelf: 0, quantity: 10 }]);
    const otherWarehouse = await c.add('Warehouse', { name: 'Second', serial_no: 'WH2' });
    const otherArea = await c.add('WarehouseArea', { warehouse_id: otherWarehouse.id, name: 'Far', serial_no: 'F' });
    const farShelf = await c.add('Shelf', { warehouse_id: otherWarehouse.id, warehouse_area_id: otherArea.id, name: 'F1', serial_no: 'F1' });
    await refused('/admin/wms.Stocktake/add', { warehouse_id: w.warehouse.id, warehouse_area_id: otherArea.id }, /area does not belong/);
    const first = await c.add('Stocktake', { warehouse_id: w.warehouse.id });
    const second = await c.add('Stocktake', { warehouse_id: w.warehouse.id });
    await refused('/admin/wms.Stocktake/post', { id: first.id }, /has not started/);
    const a = await c.post('Stocktake', 'start', { id: first.id });
    const b = await c.post('Stocktake', 'start', { id: second.id });
    const before = await snapshot();
    await refused('/admin/wms.Stocktake/count', { id: first.id, lines: [{ id: b.lines[0].id, counted_quantity: 1 }] }, /does not belong to this count/);
    await refused('/admin/wms.Stocktake/count', { id: first.id, lines: [{ id: a.lines[0].id, counted_quantity: -1 }] }, /cannot be negative/);
    await refused('/admin/wms.Stocktake/count', { id: first.id, lines: [{ id: a.lines[0].id, counted_quantity: 1 }, { product_id: w.products[1].id, warehouse_shelf_id: farShelf.id, counted_quantity: 1 }] }, /within the count's scope/);
    await refused('/admin/wms.Stocktake/count', { id: first.id, lines: [{ id: a.lines[0].id, counted_quantity: -1 }] }, /盘点数量不能为负数/, 'zh-cn');
    await refused('/admin/wms.Stocktake/post', { id: first.id }, /1 line\(s\) have not been counted/);
    await refused('/admin/wms.Stocktake/edit', { id: first.id, warehouse_id: w.warehouse.id }, /already started/);
    await c.post('Stocktake', 'cancel', { id: second.id });
    await refused('/admin/wms.Stocktake/post', { id: second.id }, /was cancelled/);
    await refused('/admin/wms.Stocktake/count', { id: second.id, lines: [{ id: b.lines[0].id, counted_quantity: 1 }] }, /was cancelled/);
    expect(await snapshot()).toEqual({ ...before, counts: before.counts.map((r: Row) => (r.id === second.id ? { ...r, status: 3 } : r)) });
    const del = await c.raw.del(`/admin/wms.Stocktake/del?ids[]=${first.id}`).set('think-lang', 'en');
    expect(del.body).toMatchObject({ code: 0, msg: 'Only draft or cancelled counts can be deleted' });
    expect((await c.raw.del(`/admin/wms.Stocktake/del?ids[]=${second.id}`)).body.code).toBe(1);
  });

  it('posting twice in parallel applies once (with and without Idempotency-Key)', async () => {
    await stockUp(c, w, [{ product: 0, shelf: 0, quantity: 10 }]);
    for (const keyed of [true, false]) {
      const count = await c.add('Stocktake', { warehouse_id: w.warehouse.id });
      const started = await c.post('Stocktake', 'start', { id: count.id });
      await c.post('Stocktake', 'count', { id: count.id, lines: [{ id: started.lines[0].id, counted_quantity: Number(started.lines[0].book_quantity) - 2 }] });
      const sameKey = `post-${++key}`;
      const answers = await Promise.all(Array.from({ length: 4 }, () => (keyed ? c.raw.post('/admin/wms.Stocktake/post', { id: count.id }).set('Idempotency-Key', sameKey) : c.raw.post('/admin/wms.Stocktake/post', { id: count.id }))));
      if (keyed) expect(answers.map((a) => a.body.code)).toEqual([1, 1, 1, 1]);
      else expect(answers.filter((a) => a.body.code === 1)).toHaveLength(1);
      expect(await history(count.stocktake_no)).toHaveLength(1);
    }
    expect(await stockOf(t)).toEqual({ 'P1@S1': 6 });
  });

  it('history, stock, product totals and the rebuild agree after counts and adjustments', async () => {
    await stockUp(c, w, [{ product: 0, shelf: 0, quantity: 5 }]);
    const count = await c.add('Stocktake', { warehouse_id: w.warehouse.id });
    const started = await c.post('Stocktake', 'start', { id: count.id });
    await c.post('Stocktake', 'count', { id: count.id, lines: [{ id: started.lines[0].id, counted_quantity: 8 }] });
    await c.post('Stocktake', 'post', { id: count.id });
    const adjustment = await c.add('Adjustment', { lines: [{ product_id: w.products[0].id, warehouse_shelf_id: w.shelves[0].id, quantity: -2, reason: 'damaged' }] });
    await c.post('Adjustment', 'audit', { id: adjustment.id });
    const rebuild = await t.app.get((await import('../../src/modules/inventory')).ProjectionRebuilder).rebuild();
    expect(rebuild).toMatchObject({ matched: true, ledgerProblems: [] });
    const check = await t.app.get((await import('../../src/modules/orders')).OrdersLedgerReader).check(t.dataSource.manager);
    expect(check).toMatchObject({ mismatches: 0, problems: [] });
    expect(check.orders).toBe(3);
    const filtered = await c.get('/admin/wms.InventoryHistory/index?form_type=80');
    expect(filtered.list.map((h: Row) => [h.order_no, h.quantity])).toEqual([[count.stocktake_no, 3]]);
    const asOf = await c.get(`/admin/wms.Stock/index?asof=2999-12-31`);
    expect(asOf.list.map((r: Row) => r.quantity)).toEqual([6]);
    const session = await login(t);
    for (const [lang, gain, out] of [['en', 'Count gain', 'Adjustment out'], ['zh-cn', '盘盈', '调整出库']]) {
      const csv = (await download(t, '/admin/wms.InventoryHistory/export', session.token, lang)).body.toString('utf8');
      expect(csv).toContain(`${count.stocktake_no},${gain}`);
      expect(csv).toContain(`${adjustment.adjustment_no},${out}`);
    }
  });
});
