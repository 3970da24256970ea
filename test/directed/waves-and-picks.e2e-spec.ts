import { ProjectionRebuilder } from '../../src/modules/inventory';
import { TestApp } from '../setup/create-test-app';
import { as, createAdmin, login, Session } from '../support/api';
import { adminSpec } from '../support/admin-spec';
import { Client, smallWarehouse, stockOf, stockUp, Warehouse } from '../support/warehouse';
import { execFileSync } from 'node:child_process';
import { download } from '../support/download';

type Row = Record<string, any>;

/** Waves and pick tasks: release into staging in pick-path order, scan-checked confirms, short picks, cancel. */
describe('waves and pick tasks', () => {
  let t: TestApp;
  let c: Client;
  let w: Warehouse;
  let session: Session;
  adminSpec({ warehouse: smallWarehouse, ledgerChecks: true, ready: (f) => ((t = f.t), (c = f.c), (w = f.w), (session = f.session)) });

  const staging = () => c.add('Shelf', { warehouse_id: w.warehouse.id, warehouse_area_id: w.area.id, name: 'Dispatch', serial_no: 'ST1', kind: 2 });
  const line = (product: number, quantity: number) => ({ product_id: w.products[product].id, plan_quantity: quantity, actual_quantity: quantity, price: '5.00' });
  const outbound = (lines: object[]) => c.add('Outbound', { customer_id: w.customer.id, type: 10, warehouse_id: w.warehouse.id, lines });
  const confirm = (body: object, headers: Record<string, string> = {}) => {
    const req = c.raw.post('/admin/wms.Task/confirm', body);
    for (const [k, v] of Object.entries(headers)) req.set(k, v);
    return req;
  };
  const events = async () => Number((await t.dataSource.query('SELECT COUNT(*) AS n FROM inventory_event'))[0].n);

  it('refuses to release a wave without a staging shelf, writing nothing; then releases three orders into pick tasks in pick-path order', async () => {
    await stockUp(c, w, [
      { product: 0, shelf: 1, quantity: 10 },
      { product: 1, shelf: 0, quantity: 10 },
      { product: 0, shelf: 0, quantity: 2 },
    ]);
    const orders = [await outbound([line(0, 3), line(1, 1)]), await outbound([line(0, 2)]), await outbound([line(1, 4)])];
    const wave = await c.add('Wave', { warehouse_id: w.warehouse.id, outbound_ids: orders.map((o) => o.id), remark: 'morning' });
    expect(wave).toMatchObject({ wave_no: expect.stringMatching(/^BC\d{8}-0001$/), status: 0, outbound_ids: orders.map((o) => o.id) });
    // an order is in at most one open wave
    expect((await c.raw.post('/admin/wms.Wave/add', { warehouse_id: w.warehouse.id, outbound_ids: [orders[0].id] })).body).toMatchObject({ code: 0, msg: `Order ${orders[0].outbound_no} is already in another open wave` });

    const refused = await c.raw.post('/admin/wms.Wave/release', { id: wave.id }).set('think-lang', 'zh-cn');
    expect(refused.body).toMatchObject({ code: 0, msg: '波次所在仓库没有启用的集货货架存放拣出的货物：请先添加类型为集货的货架' });
    expect(await c.get(`/admin/wms.Wave/edit?id=${wave.id}`)).toMatchObject({ row: { status: 0, tasks: [] } });
    expect(Number((await t.dataSource.query('SELECT COUNT(*) AS n FROM stock_reservation'))[0].n)).toBe(0);

    const dock = await staging();
    const released = await c.post('Wave', 'release', { id: wave.id });
    expect(released.status).toBe(1);
    // stops: S1 (P1 2, P2 5) then S2 (P1 3): one task per (shelf, product, lot) aggregated over the orders
    expect(released.tasks.map((k: Row) => [k.sequence, k.from_shelf.name, k.product.product_no, k.quantity, k.to_shelf_id, k.status])).toEqual([
      [1, 'S1', 'P1', 2, dock.id, 0],
      [2, 'S1', 'P2', 5, dock.id, 0],
      [3, 'S2', 'P1', 3, dock.id, 0],
    ]);
    expect(released.tasks[1].breakdown).toEqual([
      { outbound_id: orders[0].id, line_id: orders[0].lines[1].id, quantity: 1 },
      { outbound_id: orders[2].id, line_id: orders[2].lines[0].id, quantity: 4 },
    ]);
    expect(released.orders.map((o: Row) => o.fulfilment_status)).toEqual([2, 2, 2]);
    // the classic audit of an order in a released wave is refused; its edit too
    expect((await c.raw.post('/admin/wms.Outbound/audit', { id: orders[1].id })).body).toMatchObject({ code: 0, msg: 'This order is in a wave: the wave picks and ships it' });
    expect((await c.raw.post('/admin/wms.Wave/release', { id: wave.id })).body).toMatchObject({ code: 0, msg: 'Only a draft wave can be changed, deleted or released' });
    const list = await c.get(`/admin/wms.Task/index?wave_id=${wave.id}&status=0`);
    expect(list.total).toBe(3);
  });

  it('picks by scan: next claims in sequence, wrong scans and quantities are refused, a confirm moves stock to staging (form type 120) and closes the wave', async () => {
    await stockUp(c, w, [{ product: 0, shelf: 0, quantity: 10 }]);
    const dock = await staging();
    // another warehouse with shelves of the same codes: a scanned shelf is looked for in the task's warehouse
    const north = await c.add('Warehouse', { name: 'North', serial_no: 'WH2' });
    const northArea = await c.add('WarehouseArea', { warehouse_id: north.id, name: 'Area N', serial_no: 'N' });
    for (const code of ['S1', 'S2', 'ST1']) await c.add('Shelf', { warehouse_id: north.id, warehouse_area_id: northArea.id, name: code, serial_no: code });
    const order = await outbound([line(0, 4)]);
    const wave = await c.add('Wave', { warehouse_id: w.warehouse.id, outbound_ids: [order.id] });
    await c.post('Wave', 'release', { id: wave.id });
    const task = await c.post('Task', 'next', { wave_id: wave.id });
    expect(task).toMatchObject({ status: 1, sequence: 1, quantity: 4, remaining: 4, from_shelf: { name: 'S1' }, product: { product_no: 'P1' } });
    expect((await c.raw.post('/admin/wms.Task/claim', { id: task.id })).body).toMatchObject({ code: 0, msg: 'You hold this task already' });

    const before = await events();
    expect((await confirm({ id: task.id, from_code: 'S2', product_code: 'P1', quantity: 4 })).body).toMatchObject({ code: 0, msg: "The scanned shelf is not this task's shelf" });
    expect((await confirm({ id: task.id, from_code: 'S1', product_code: 'P2', quantity: 4 }).set('think-lang', 'zh-cn')).body).toMatchObject({ code: 0, msg: '扫描的商品不是该任务的商品' });
    expect((await confirm({ id: task.id, from_code: 'S1', product_code: 'P1', quantity: 5 })).body).toMatchObject({ code: 0, msg: 'The quantity must be between 1 and what remains (4)' });
    expect((await confirm({ id: task.id, from_code: 'S1', product_code: 'P1', quantity: -1 })).body.code).toBe(0);
    expect(await events()).toBe(before);

    const part = await confirm({ id: task.id, from_code: 'S1', product_code: 'P1', quantity: 1 }, { 'Idempotency-Key': 'pick-1' });
    expect(part.body.data).toMatchObject({ status: 1, done_quantity: 1, remaining: 3 });
    // the same key posts once
    expect((await confirm({ id: task.id, from_code: 'S1', product_code: 'P1', quantity: 1 }, { 'Idempotency-Key': 'pick-1' })).body.data).toMatchObject({ done_quantity: 1 });
    const done = await c.post('Task', 'confirm', { id: task.id, from_code: 'S1', product_code: 'P1', quantity: 3, to_code: 'ST1' });
    expect(done).toMatchObject({ status: 2, done_quantity: 4, remaining: 0 });
    expect(await stockOf(t)).toMatchObject({ 'P1@S1': 6, 'P1@Dispatch': 4 });
    const history = await c.get(`/admin/wms.InventoryHistory/index?form_type=120`);
    expect(history.list.map((h: Row) => [h.warehouse_shelf_id, h.quantity, h.order_no]).sort()).toEqual(
      [
        [w.shelves[0].id, -1, wave.wave_no],
        [dock.id, 1, wave.wave_no],
        [w.shelves[0].id, -3, wave.wave_no],
        [dock.id, 3, wave.wave_no],
      ].sort(),
    );
    const picked = await c.get(`/admin/wms.Wave/edit?id=${wave.id}`);
    expect(picked.row).toMatchObject({ status: 2, orders: [{ fulfilment_status: 3 }], progress: { tasks: 1, closed: 1, quantity: 4, done_quantity: 4 } });
    expect((await c.get(`/admin/wms.Outbound/edit?id=${order.id}`)).row.lines[0]).toMatchObject({ picked_quantity: 4, backorder_quantity: 0 });
    expect(figureOf(await c.get('/admin/wms.Stock/index?limit=50'), w.products[0].id, w.shelves[0].id)).toEqual([6, 0, 6]);
    expect(await c.post('Task', 'next', { wave_id: wave.id })).toBeNull();
    expect(await t.app.get(ProjectionRebuilder).rebuild()).toMatchObject({ matched: true, ledgerProblems: [], reservationProblems: [] });
  });

  it('moves a task once when two pickers confirm it at the same moment', async () => {
    await stockUp(c, w, [{ product: 0, shelf: 0, quantity: 10 }]);
    await staging();
    const order = await outbound([line(0, 5)]);
    const wave = await c.add('Wave', { warehouse_id: w.warehouse.id, outbound_ids: [order.id] });
    const [task] = (await c.post('Wave', 'release', { id: wave.id })).tasks;
    await createAdmin(t, 'picker', '*');
    const other = as(t, await login(t, 'picker'));
    const body = { id: task.id, from_code: 'S1', product_code: 'P1', quantity: 5 };
    const answers = await Promise.all([as(t, session).post('/admin/wms.Task/confirm', body), other.post('/admin/wms.Task/confirm', body)]);
    expect(answers.map((a) => a.body.code).sort()).toEqual([0, 1]);
    expect(answers.find((a) => a.body.code === 0)!.body.msg).toMatch(/^(This task is closed already|The quantity must be between 1 and what remains \(0\)|Another person holds this task)$/);
    expect(await stockOf(t)).toMatchObject({ 'P1@S1': 5, 'P1@Dispatch': 5 });
    expect(Number((await t.dataSource.query("SELECT COUNT(*) AS n FROM inventory_event WHERE metadata LIKE '%\"wave\"%'"))[0].n)).toBe(2);
  });

  it('re-allocates a short pick from another shelf as a new task, and backorders what is nowhere; the ledger equals the projections', async () => {
    await stockUp(c, w, [
      { product: 0, shelf: 0, quantity: 4 },
      { product: 0, shelf: 1, quantity: 3 },
    ]);
    await staging();
    const order = await outbound([line(0, 6)]);
    const wave = await c.add('Wave', { warehouse_id: w.warehouse.id, outbound_ids: [order.id] });
    const released = await c.post('Wave', 'release', { id: wave.id });
    expect(released.tasks.map((k: Row) => [k.from_shelf.name, k.quantity])).toEqual([
      ['S1', 4],
      ['S2', 2],
    ]);
    // only 1 found on S1: the 3 missing come from S2's last free unit, the other 2 become the backorder
    const short = await c.post('Task', 'confirm', { id: released.tasks[0].id, from_code: 'S1', product_code: 'P1', quantity: 1, short: 1 });
    expect(short).toMatchObject({ status: 3, done_quantity: 1 });
    const after = (await c.get(`/admin/wms.Wave/edit?id=${wave.id}`)).row;
    expect(after.tasks.map((k: Row) => [k.sequence, k.from_shelf.name, k.quantity, k.status])).toEqual([
      [1, 'S1', 4, 3],
      [2, 'S2', 2, 0],
      [3, 'S2', 1, 0],
    ]);
    expect((await c.get(`/admin/wms.Outbound/edit?id=${order.id}`)).row.lines[0]).toMatchObject({ picked_quantity: 1, backorder_quantity: 2 });
    for (const task of after.tasks.filter((k: Row) => k.status === 0)) await c.post('Task', 'confirm', { id: task.id, from_code: 'S2', product_code: 'P1', quantity: task.quantity });
    expect((await c.get(`/admin/wms.Wave/edit?id=${wave.id}`)).row).toMatchObject({ status: 2 });
    expect(await stockOf(t)).toMatchObject({ 'P1@S1': 3, 'P1@S2': 0, 'P1@Dispatch': 4 });
    expect(Number((await t.dataSource.query('SELECT COUNT(*) AS n FROM stock_reservation'))[0].n)).toBe(0);
    expect(await t.app.get(ProjectionRebuilder).rebuild()).toMatchObject({ matched: true, differing: [], ledgerProblems: [], reservationProblems: [] });
  });

  it('cancels a released wave before anything is picked, releasing its orders; refuses once something is picked', async () => {
    await stockUp(c, w, [{ product: 0, shelf: 0, quantity: 10 }]);
    await staging();
    const order = await outbound([line(0, 4)]);
    const wave = await c.add('Wave', { warehouse_id: w.warehouse.id, outbound_ids: [order.id] });
    await c.post('Wave', 'release', { id: wave.id });
    const cancelled = await c.post('Wave', 'cancel', { id: wave.id });
    expect(cancelled).toMatchObject({ status: 4, outbound_ids: [], tasks: [{ status: 4 }] });
    expect((await c.get(`/admin/wms.Outbound/edit?id=${order.id}`)).row).toMatchObject({ fulfilment_status: 0, wave_id: 0 });
    expect(figureOf(await c.get('/admin/wms.Stock/index?limit=50'), w.products[0].id, w.shelves[0].id)).toEqual([10, 0, 10]);

    const again = await c.add('Wave', { warehouse_id: w.warehouse.id, outbound_ids: [order.id] });
    const [task] = (await c.post('Wave', 'release', { id: again.id })).tasks;
    await c.post('Task', 'confirm', { id: task.id, from_code: 'S1', product_code: 'P1', quantity: 1 });
    expect((await c.raw.post('/admin/wms.Wave/cancel', { id: again.id })).body).toMatchObject({ code: 0, msg: 'Something of this wave has been picked already: it can no longer be cancelled' });
    expect((await c.get(`/admin/wms.Wave/edit?id=${again.id}`)).row).toMatchObject({ status: 1 });
  });

  it('ships a picked order from the staging shelf and turns what was not picked into a backorder order', async () => {
    await stockUp(c, w, [{ product: 0, shelf: 0, quantity: 4 }]);
    const dock = await staging();
    const order = await outbound([line(0, 6), line(1, 1)]);
    const wave = await c.add('Wave', { warehouse_id: w.warehouse.id, outbound_ids: [order.id] });
    const released = await c.post('Wave', 'release', { id: wave.id });
    expect((await c.get(`/admin/wms.Outbound/edit?id=${order.id}`)).row.lines.map((l: Row) => l.backorder_quantity)).toEqual([2, 1]);
    const ship = { id: order.id, carrier_id: w.carrier.id, courier_number: 'SF1' };
    expect((await c.raw.post('/admin/wms.Outbound/ship', ship)).body).toMatchObject({ code: 0, msg: "This order's wave is not picked yet: finish or close its pick tasks first" });
    await c.post('Task', 'confirm', { id: released.tasks[0].id, from_code: 'S1', product_code: 'P1', quantity: 4 });
    const shipped = await c.post('Outbound', 'ship', ship);
    expect(shipped).toMatchObject({ audit_status: 1, shipment_status: 1, fulfilment_status: 5, courier_number: 'SF1' });
    expect(shipped.lines.map((l: Row) => [l.actual_quantity, l.allocations])).toEqual([
      [4, [{ lot_no: '', quantity: 4, warehouse_shelf_id: dock.id }]],
      [0, []],
    ]);
    expect(await stockOf(t)).toMatchObject({ 'P1@S1': 0, 'P1@Dispatch': 0 });
    const history = await c.get(`/admin/wms.InventoryHistory/index?order_no=${order.outbound_no}`);
    expect(history.list.map((h: Row) => [h.warehouse_shelf_id, h.quantity, h.form_type])).toEqual([[dock.id, -4, 40]]);
    const backorders = await c.get(`/admin/wms.Outbound/index?quickSearch=&limit=50`);
    const backorder = (backorders.list as Row[]).find((o) => o.id !== order.id)!;
    expect(backorder).toMatchObject({ backorder_of: order.id, audit_status: 0, fulfilment_status: 0, warehouse_id: w.warehouse.id });
    expect((await c.get(`/admin/wms.Outbound/edit?id=${backorder.id}`)).row.lines.map((l: Row) => [l.product_id, l.actual_quantity])).toEqual([
      [w.products[0].id, 2],
      [w.products[1].id, 1],
    ]);
    expect((await c.get(`/admin/wms.Wave/edit?id=${wave.id}`)).row).toMatchObject({ status: 3 });
    expect((await c.raw.post('/admin/wms.Outbound/ship', ship)).body).toMatchObject({ code: 0, msg: 'This outbound order has already been shipped' });
    expect(await t.app.get(ProjectionRebuilder).rebuild()).toMatchObject({ matched: true, ledgerProblems: [], reservationProblems: [] });
  });

  it('prints the pick sheet: stops in sequence with totals and the per-order split, in the reader\'s language', async () => {
    await stockUp(c, w, [
      { product: 0, shelf: 1, quantity: 10 },
      { product: 1, shelf: 0, quantity: 10 },
    ]);
    await staging();
    const orders = [await outbound([line(0, 3), line(1, 1)]), await outbound([line(0, 2)])];
    const wave = await c.add('Wave', { warehouse_id: w.warehouse.id, outbound_ids: orders.map((o) => o.id) });
    await c.post('Wave', 'release', { id: wave.id });
    const pdf = await download(t, `/admin/wms.Wave/print?id=${wave.id}&format=pdf`, session.token, 'en');
    expect(pdf.type).toBe('application/pdf');
    const text = execFileSync('pdftotext', ['-layout', '-', '-'], { input: pdf.body }).toString('utf8');
    expect(text).toContain('Pick sheet');
    expect(text).toContain(wave.wave_no);
    // stop 1: S1 P2 1 (order 1); stop 2: S2 P1 5 (3 for order 1, 2 for order 2)
    const stop1 = text.indexOf('Product 2');
    const stop2 = text.indexOf('Product 1');
    expect(stop1).toBeGreaterThan(0);
    expect(stop2).toBeGreaterThan(stop1);
    expect(text).toContain(`${orders[0].outbound_no} ×3`);
    expect(text).toContain(`${orders[1].outbound_no} ×2`);
    expect(text).toMatch(/Stops:\s*2/);
    expect(text).toMatch(/Total to pick:\s*6/);
    const zh = await download(t, `/admin/wms.Wave/print?id=${wave.id}`, session.token, 'zh-cn');
    expect(execFileSync('pdftotext', ['-', '-'], { input: zh.body }).toString('utf8')).toContain('波次拣货单');
    expect((await download(t, `/admin/wms.Wave/print?id=${wave.id}&format=png`, session.token)).json).toMatchObject({ code: 0 });
    await createAdmin(t, 'viewer', ['wms/wave/index']);
    expect((await download(t, `/admin/wms.Wave/print?id=${wave.id}`, (await login(t, 'viewer')).token)).json).toMatchObject({ code: 401 });
  });

  it('lets only admins holding the rules work with waves and tasks', async () => {
    await createAdmin(t, 'clerk', ['wms/outbound/index']);
    const clerk = as(t, await login(t, 'clerk'));
    expect((await clerk.post('/admin/wms.Task/next', {})).body.code).toBe(401);
    expect((await clerk.get('/admin/wms.Wave/index')).body.code).toBe(401);
    expect((await c.raw.post('/admin/wms.Wave/add', { warehouse_id: w.warehouse.id, outbound_ids: [] })).body).toMatchObject({ code: 0, msg: 'A wave needs at least one outbound order' });
    expect((await c.get('/admin/wms.Wave/index')).total).toBe(0);
  });
});

function figureOf(list: Row, productId: number, shelfId: number) {
  const row = (list.list as Row[]).find((r) => r.product_id === productId && r.warehouse_shelf_id === shelfId);
  return row ? [row.quantity, row.reserved_quantity, row.available_quantity] : null;
}
