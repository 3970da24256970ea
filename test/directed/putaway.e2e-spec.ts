import { ProjectionRebuilder } from '../../src/modules/inventory';
import { TestApp } from '../setup/create-test-app';
import { adminSpec } from '../support/admin-spec';
import { Client, smallWarehouse, stockOf, stockUp, Warehouse } from '../support/warehouse';

type Row = Record<string, any>;

/** Directed putaway (§12): shelf capacity and mixing, putaway rules, suggestions, receiving on the dock, putaway tasks confirmed by scan. */
describe('directed putaway', () => {
  let t: TestApp;
  let c: Client;
  let w: Warehouse;
  adminSpec({ warehouse: smallWarehouse, ledgerChecks: true, ready: (f) => ((t = f.t), (c = f.c), (w = f.w)) });

  const shelf = (serial: string, extra: object = {}) => c.add('Shelf', { warehouse_id: w.warehouse.id, warehouse_area_id: w.area.id, name: serial, serial_no: serial, ...extra });
  const dock = () => shelf('DOCK', { kind: 1 });
  const suggest = (product: number, quantity: number, lot = '') => c.get(`/admin/wms.Putaway/suggest?warehouse_id=${w.warehouse.id}&product_id=${w.products[product].id}&quantity=${quantity}${lot ? `&lot_no=${lot}` : ''}`);
  const placed = (s: Row) => s.lines.map((l: Row) => [l.shelf.name, l.quantity]);
  const inbound = (lines: Array<{ product: number; quantity: number; shelf?: number }>) =>
    c.add('Inbound', { supplier_id: w.supplier.id, type: 10, warehouse_id: w.warehouse.id, lines: lines.map((l) => ({ product_id: w.products[l.product].id, plan_quantity: l.quantity, actual_quantity: l.quantity, price: '2.00', warehouse_shelf_id: l.shelf ?? 0 })) });
  const putawayTasks = async (): Promise<Row[]> => (await c.get('/admin/wms.Task/index?type=2&limit=100&order=id,asc')).list;
  const tasksInto = async (): Promise<Record<number, number>> => {
    const rows = await t.dataSource.query('SELECT to_shelf_id, SUM(quantity - done_quantity) AS n FROM task WHERE type IN (2, 3) AND status IN (0, 1) GROUP BY to_shelf_id');
    return Object.fromEntries(rows.map((r: Row) => [Number(r.to_shelf_id), Number(r.n)]));
  };
  const events = async () => Number((await t.dataSource.query('SELECT COUNT(*) AS n FROM inventory_event'))[0].n);

  it('keeps a shelf capacity and mixing on the form and list, refusing a negative capacity or an unknown mixing', async () => {
    const bin = await shelf('B1', { capacity: 100, mixing: '2' });
    expect(bin).toMatchObject({ capacity: 100, mixing: 2, kind: 0 });
    expect(w.shelves[0]).toMatchObject({ capacity: 0, mixing: 0 });
    expect((await c.get('/admin/wms.Shelf/index?mixing=2')).list.map((r: Row) => r.name)).toEqual(['B1']);
    expect((await c.raw.post('/admin/wms.Shelf/edit', { ...bin, capacity: -1 })).body.code).toBe(0);
    const zh = await c.raw.post('/admin/wms.Shelf/edit', { ...bin, mixing: 3 }).set('think-lang', 'zh-cn');
    expect(zh.body.code).toBe(0);
    expect(zh.body.msg).toMatch(/[\u4e00-\u9fff]/);
    expect((await c.get(`/admin/wms.Shelf/edit?id=${bin.id}`)).row).toMatchObject({ capacity: 100, mixing: 2 });
  });

  it('keeps putaway rules for a product or a category (exactly one) with shelves of its warehouse and area', async () => {
    const other = await c.add('Warehouse', { name: 'Other', serial_no: 'WH2' });
    const otherArea = await c.add('WarehouseArea', { warehouse_id: other.id, name: 'Far', serial_no: 'F' });
    const far = await c.add('Shelf', { warehouse_id: other.id, warehouse_area_id: otherArea.id, name: 'F1', serial_no: 'F1' });
    const category = await c.add('Category', { name: 'Drinks' });
    const rule = await c.add('PutawayRule', { warehouse_id: w.warehouse.id, product_id: w.products[0].id, shelf_ids: [w.shelves[1].id, w.shelves[0].id], priority: 5 });
    expect(rule).toMatchObject({ shelf_ids: `${w.shelves[1].id},${w.shelves[0].id}`, priority: 5, status: 1, category_id: 0 });
    expect((await c.raw.post('/admin/wms.PutawayRule/add', { warehouse_id: w.warehouse.id, product_id: w.products[0].id, category_id: category.id })).body).toMatchObject({ code: 0, msg: 'A putaway rule is for a product or for a category: choose exactly one' });
    expect((await c.raw.post('/admin/wms.PutawayRule/add', { warehouse_id: w.warehouse.id })).body.code).toBe(0);
    expect((await c.raw.post('/admin/wms.PutawayRule/add', { warehouse_id: w.warehouse.id, category_id: category.id, shelf_ids: String(far.id) })).body).toMatchObject({ code: 0, msg: expect.stringContaining('must belong to its warehouse') });
    expect((await c.raw.post('/admin/wms.PutawayRule/add', { warehouse_id: w.warehouse.id, category_id: category.id, warehouse_area_id: otherArea.id })).body.code).toBe(0);
    expect((await c.raw.post('/admin/wms.PutawayRule/add', { warehouse_id: w.warehouse.id, category_id: category.id, shelf_ids: '1;DROP' })).body.code).toBe(0);
    const byCategory = await c.add('PutawayRule', { warehouse_id: w.warehouse.id, category_id: category.id, warehouse_area_id: w.area.id, priority: 1 });
    const list = await c.get(`/admin/wms.PutawayRule/index?warehouse_id=${w.warehouse.id}`);
    // higher priority first
    expect(list.list.map((r: Row) => [r.id, r.product?.name ?? null, r.category?.name ?? null])).toEqual([
      [rule.id, 'Product 1', null],
      [byCategory.id, null, 'Drinks'],
    ]);
    expect((await c.get('/admin/wms.PutawayRule/index?quickSearch=Drinks')).total).toBe(1);
    await c.post('PutawayRule', 'edit', { id: rule.id, status: 0 });
    expect((await c.raw.del(`/admin/wms.PutawayRule/del?ids[]=${rule.id}&ids[]=${byCategory.id}`)).body).toMatchObject({ code: 1, data: { count: 2 } });
  });

  it('suggests 70, 100 and 80 for 250 units over three shelves of 100 where one holds 30; what fits nowhere is unplaced', async () => {
    const bins = [await shelf('B1', { capacity: 100 }), await shelf('B2', { capacity: 100 }), await shelf('B3', { capacity: 100 })];
    await c.add('PutawayRule', { warehouse_id: w.warehouse.id, product_id: w.products[0].id, shelf_ids: bins.map((b) => b.id) });
    await stockUp(c, { ...w, shelves: bins } as Warehouse, [{ product: 0, shelf: 1, quantity: 30 }]);
    expect(placed(await suggest(0, 250))).toEqual([
      ['B2', 70],
      ['B1', 100],
      ['B3', 80],
    ]);
    expect(await suggest(0, 400)).toMatchObject({ unplaced: 130 });
    // the suggestion writes nothing
    expect(await tasksInto()).toEqual({});
    expect((await c.raw.get(`/admin/wms.Putaway/suggest?warehouse_id=${w.warehouse.id}&product_id=${w.products[0].id}&quantity=0`)).body.code).toBe(0);
  });

  it('tries the product rules, then the category and its ancestors, by priority; respects mixing; without a rule only shelves already holding the product', async () => {
    const root = await c.add('Category', { name: 'Food' });
    const leaf = await c.add('Category', { name: 'Snacks', pid: root.id });
    await c.post('Product', 'edit', { ...w.products[1], category_id: leaf.id });
    const [a, b, m] = [await shelf('A1', { capacity: 10 }), await shelf('A2', { capacity: 10 }), await shelf('M1', { capacity: 50, mixing: 1 })];
    // no rule: only shelves already holding it (S1 holds P2, capacity 0 = unlimited)
    await stockUp(c, w, [{ product: 1, shelf: 0, quantity: 1 }]);
    expect(placed(await suggest(1, 500))).toEqual([['S1', 500]]);
    expect((await suggest(0, 5)).unplaced).toBe(5);
    await c.add('PutawayRule', { warehouse_id: w.warehouse.id, category_id: root.id, shelf_ids: [m.id], priority: 9 });
    await c.add('PutawayRule', { warehouse_id: w.warehouse.id, category_id: leaf.id, shelf_ids: [b.id], priority: 1 });
    await c.add('PutawayRule', { warehouse_id: w.warehouse.id, product_id: w.products[1].id, shelf_ids: [a.id], priority: 0 });
    // product rule (A1), then the category's (A2), then the ancestor's (M1)
    expect(placed(await suggest(1, 25))).toEqual([
      ['A1', 10],
      ['A2', 10],
      ['M1', 5],
    ]);
    // M1 mixes one product: once it holds P1, P2 does not go there
    await stockUp(c, { ...w, shelves: [m] } as Warehouse, [{ product: 0, shelf: 0, quantity: 1 }]);
    expect(await suggest(1, 25)).toMatchObject({ unplaced: 5 });
  });

  it('ignores a disabled rule, and under mixing 2 keeps one lot per shelf', async () => {
    const lotted = await c.add('Product', { product_no: 'TEA', name: 'Tea', lot_tracked: 1, price: '1.00' });
    const [l1, l2] = [await shelf('L1', { capacity: 50, mixing: 2 }), await shelf('L2', { capacity: 50, mixing: 2 })];
    const rule = await c.add('PutawayRule', { warehouse_id: w.warehouse.id, product_id: lotted.id, shelf_ids: [l1.id, l2.id] });
    const order = await c.add('Inbound', { supplier_id: w.supplier.id, type: 10, lines: [{ product_id: lotted.id, warehouse_shelf_id: l1.id, plan_quantity: 5, actual_quantity: 5, price: '1.00', lot_no: 'A1' }] });
    await c.post('Inbound', 'audit', { id: order.id });
    const ask = (lot: string) => c.get(`/admin/wms.Putaway/suggest?warehouse_id=${w.warehouse.id}&product_id=${lotted.id}&quantity=60&lot_no=${lot}`);
    // lot A1 consolidates on L1 (room 45), then the empty L2; lot B2 may not join A1 on L1
    expect(placed(await ask('a1'))).toEqual([
      ['L1', 45],
      ['L2', 15],
    ]);
    expect(await ask('B2')).toMatchObject({ lines: [{ warehouse_shelf_id: l2.id, quantity: 50 }], unplaced: 10 });
    await c.post('PutawayRule', 'edit', { id: rule.id, status: 0 });
    // no enabled rule: only shelves already holding the product (L1), within its room
    expect(await ask('A1')).toMatchObject({ lines: [{ warehouse_shelf_id: l1.id, quantity: 45 }], unplaced: 15 });
  });

  it('refuses to audit an order with open lines when its warehouse has no receiving shelf, writing nothing', async () => {
    const order = await inbound([{ product: 0, quantity: 5 }]);
    const refused = await c.raw.post('/admin/wms.Inbound/audit', { id: order.id }).set('think-lang', 'zh-cn');
    expect(refused.body).toMatchObject({ code: 0, msg: '订单所在仓库没有启用的收货货架接收未指定货架的明细：请先添加类型为收货的货架' });
    expect((await c.get(`/admin/wms.Inbound/edit?id=${order.id}`)).row).toMatchObject({ audit_status: 0, warehouse_id: w.warehouse.id });
    expect(await events()).toBe(0);
    expect(await putawayTasks()).toEqual([]);
  });

  it('receives open lines on the dock, creates putaway tasks per target shelf, and a scan-confirmed putaway moves the stock (form type 130)', async () => {
    const d = await dock();
    const bins = [await shelf('B1', { capacity: 100 }), await shelf('B2', { capacity: 100 }), await shelf('B3', { capacity: 100 })];
    await c.add('PutawayRule', { warehouse_id: w.warehouse.id, product_id: w.products[0].id, shelf_ids: bins.map((b) => b.id) });
    await stockUp(c, { ...w, shelves: bins } as Warehouse, [{ product: 0, shelf: 1, quantity: 30 }]);
    const order = await inbound([{ product: 0, quantity: 250 }, { product: 2, quantity: 4, shelf: w.shelves[0].id }]);
    const audited = await c.post('Inbound', 'audit', { id: order.id });
    expect(audited.audit_status).toBe(1);
    expect(await stockOf(t)).toMatchObject({ 'P1@DOCK': 250, 'P1@B2': 30, 'P3@S1': 4 });
    const tasks = await putawayTasks();
    expect(tasks.map((k) => [k.from_shelf_id, k.to_shelf_id, k.product_id, k.quantity, k.status])).toEqual([
      [d.id, bins[1].id, w.products[0].id, 70, 0],
      [d.id, bins[0].id, w.products[0].id, 100, 0],
      [d.id, bins[2].id, w.products[0].id, 80, 0],
    ]);
    // a second suggestion counts the open tasks: 20 units of room are left (B3)
    expect(placed(await suggest(0, 21))).toEqual([['B3', 20]]);
    expect(await suggest(0, 21)).toMatchObject({ unplaced: 1 });

    // on My tasks: next claims the first, the scans are checked, the putaway moves 70 into B2
    const next = await c.post('Task', 'next', {});
    expect(next).toMatchObject({ id: tasks[0].id, type: 2, status: 1, from_shelf: { name: 'DOCK' }, to_shelf: { name: 'B2' } });
    const confirm = (body: object) => c.raw.post('/admin/wms.Task/confirm', { id: next.id, from_code: 'DOCK', product_code: 'P1', quantity: 70, ...body });
    expect((await confirm({ from_code: 'B1', to_code: 'B2' })).body).toMatchObject({ code: 0, msg: "The scanned shelf is not this task's shelf" });
    expect((await confirm({})).body).toMatchObject({ code: 0, msg: 'Scan the shelf the goods are put on' });
    const done = await confirm({ to_code: 'B2' }).set('Idempotency-Key', 'put-1');
    expect(done.body).toMatchObject({ code: 1, data: { status: 2, done_quantity: 70 } });
    expect((await confirm({ to_code: 'B2' }).set('Idempotency-Key', 'put-1')).body).toMatchObject({ code: 1, data: { status: 2 } });
    expect(await stockOf(t)).toMatchObject({ 'P1@DOCK': 180, 'P1@B2': 100 });
    const history = await c.get(`/admin/wms.InventoryHistory/index?form_type=130`);
    expect(history.list.map((r: Row) => r.quantity).sort()).toEqual([-70, 70]);
    expect(await t.app.get(ProjectionRebuilder).rebuild()).toMatchObject({ matched: true, ledgerProblems: [] });
  });

  it('checks a putaway onto another shelf against capacity and mixing: exceeding needs force=1 and a reason, which the admin log keeps', async () => {
    await dock();
    const bins = [await shelf('B1', { capacity: 100 }), await shelf('B2', { capacity: 10 }), await shelf('B3', { capacity: 100, mixing: 1 })];
    await c.add('PutawayRule', { warehouse_id: w.warehouse.id, product_id: w.products[0].id, shelf_ids: [bins[0].id] });
    await stockUp(c, { ...w, shelves: bins } as Warehouse, [{ product: 1, shelf: 2, quantity: 1 }]);
    const order = await inbound([{ product: 0, quantity: 50 }]);
    await c.post('Inbound', 'audit', { id: order.id });
    const [task] = await putawayTasks();
    expect(task).toMatchObject({ to_shelf_id: bins[0].id, quantity: 50 });
    const confirm = (body: object) => c.raw.post('/admin/wms.Task/confirm', { id: task.id, from_code: 'DOCK', product_code: 'P1', quantity: 50, ...body });
    expect((await confirm({ to_code: 'B2' })).body).toMatchObject({ code: 0, msg: 'The shelf has room for 10 only: choose another shelf, or force it with a reason' });
    expect((await confirm({ to_code: 'B3' })).body).toMatchObject({ code: 0, msg: expect.stringContaining("mixing rule does not allow") });
    expect((await confirm({ to_code: 'B2', force: 1 })).body).toMatchObject({ code: 0, msg: 'A forced putaway needs a reason' });
    expect((await confirm({ to_code: 'S3' })).body).toMatchObject({ code: 0, msg: expect.stringContaining('not an enabled storage shelf') });
    expect(await stockOf(t)).toMatchObject({ 'P1@DOCK': 50 });
    const forced = await confirm({ to_code: 'B2', force: 1, reason: 'Overflow pallet, B1 blocked' });
    expect(forced.body).toMatchObject({ code: 1, data: { status: 2, to_shelf_id: bins[1].id, to_shelf: { name: 'B2' } } });
    expect(await stockOf(t)).toMatchObject({ 'P1@DOCK': 0, 'P1@B2': 50 });
    let logged: Row[] = [];
    for (let i = 0; i < 50 && !logged.length; i++) {
      logged = await t.dataSource.query("SELECT data FROM admin_log WHERE url LIKE '%wms.Task/confirm%' AND data LIKE '%Overflow pallet%'");
      if (!logged.length) await new Promise((r) => setTimeout(r, 40));
    }
    expect(logged).toHaveLength(1);
  });

  it('never overfills a shelf when two receipts into the same area are audited at the same moment', async () => {
    await dock();
    const bins = [await shelf('B1', { capacity: 100 }), await shelf('B2', { capacity: 100 }), await shelf('B3', { capacity: 100 })];
    // the area's other shelves (S1, S2: unlimited) are full of P3 here: capacity 1, holding 1
    for (const s of w.shelves.slice(0, 2)) await c.post('Shelf', 'edit', { ...s, capacity: 1 });
    await stockUp(c, w, [
      { product: 2, shelf: 0, quantity: 1 },
      { product: 2, shelf: 1, quantity: 1 },
    ]);
    await c.add('PutawayRule', { warehouse_id: w.warehouse.id, product_id: w.products[0].id, warehouse_area_id: w.area.id });
    const orders = [await inbound([{ product: 0, quantity: 160 }]), await inbound([{ product: 0, quantity: 160 }])];
    const answers = await Promise.all(orders.map((o) => c.raw.post('/admin/wms.Inbound/audit', { id: o.id })));
    expect(answers.map((a) => a.body.code)).toEqual([1, 1]);
    const into = await tasksInto();
    for (const bin of bins) expect(into[bin.id] ?? 0).toBeLessThanOrEqual(100);
    // 300 units of room for 320: 20 stay without a target
    const unplaced = await t.dataSource.query('SELECT SUM(quantity) AS n FROM task WHERE type = 2 AND to_shelf_id = 0');
    expect(Number(unplaced[0].n)).toBe(20);
    expect(bins.reduce((sum, bin) => sum + (into[bin.id] ?? 0), 0)).toBe(300);
    // what has no target is put where the worker scans, within that shelf's room
    const [open] = await t.dataSource.query('SELECT id FROM task WHERE type = 2 AND to_shelf_id = 0');
    const extra = await shelf('X1', { capacity: 15 });
    const put = (body: object) => c.raw.post('/admin/wms.Task/confirm', { id: Number(open.id), from_code: 'DOCK', product_code: 'P1', quantity: 15, ...body });
    expect((await put({})).body).toMatchObject({ code: 0, msg: 'Scan the shelf the goods are put on' });
    expect((await put({ to_code: 'B1' })).body).toMatchObject({ code: 0, msg: 'The shelf has room for 0 only: choose another shelf, or force it with a reason' });
    expect((await put({ to_code: 'X1' })).body).toMatchObject({ code: 1, data: { status: 1, done_quantity: 15, to_shelf_id: extra.id } });
    // the rest goes on the same shelf (only before any of it was put away may the target change)
    expect((await put({ to_code: 'S1', quantity: 5 })).body).toMatchObject({ code: 0, msg: "The scanned target is not this task's target shelf" });
    // a shelf an open task goes to cannot be deleted (B3: nothing on it yet, 100 on their way)
    expect((await c.raw.del(`/admin/wms.Shelf/del?ids[]=${bins[2].id}`)).body).toMatchObject({ code: 0, msg: expect.stringContaining('open tasks') });
  });
});
