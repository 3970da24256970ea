import { TestApp } from '../setup/create-test-app';
import { as, createAdmin, login } from '../support/api';
import { adminSpec } from '../support/admin-spec';
import { Client, smallWarehouse, stockOf, stockUp, Warehouse } from '../support/warehouse';

type Row = Record<string, any>;

/** The sentences of a wave's draft and of a task's claim that the pick flow's spec does not walk through. */
describe('wave drafts and task claims', () => {
  let t: TestApp;
  let c: Client;
  let w: Warehouse;
  adminSpec({ warehouse: smallWarehouse, ready: (f) => ((t = f.t), (c = f.c), (w = f.w)) });

  const staging = () => c.add('Shelf', { warehouse_id: w.warehouse.id, warehouse_area_id: w.area.id, name: 'Dispatch', serial_no: 'ST1', kind: 2 });
  const line = (product: number, quantity: number) => ({ product_id: w.products[product].id, plan_quantity: quantity, actual_quantity: quantity, price: '5.00' });
  const outbound = (lines: object[], warehouseId = w.warehouse.id) => c.add('Outbound', { customer_id: w.customer.id, type: 10, warehouse_id: warehouseId, lines });
  const refusal = async (req: PromiseLike<{ body: Row }>) => (await req).body;
  const count = async (sql: string) => Number((await t.dataSource.query(sql))[0].n);

  it('edits and deletes a wave while it is a draft, refuses both once released; takes only unaudited orders of its warehouse', async () => {
    await stockUp(c, w, [{ product: 0, shelf: 0, quantity: 20 }]);
    const [a, b] = [await outbound([line(0, 2)]), await outbound([line(0, 3)])];
    const wave = await c.add('Wave', { warehouse_id: w.warehouse.id, outbound_ids: [a.id], remark: 'first' });

    const edited = await c.post('Wave', 'edit', { id: wave.id, warehouse_id: w.warehouse.id, outbound_ids: [a.id, b.id], remark: 'both' });
    expect(edited).toMatchObject({ remark: 'both', outbound_ids: [a.id, b.id] });
    expect((await c.get(`/admin/wms.Outbound/edit?id=${b.id}`)).row.wave_id).toBe(wave.id);
    // dropping an order from the draft frees it for another wave
    await c.post('Wave', 'edit', { id: wave.id, warehouse_id: w.warehouse.id, outbound_ids: [a.id], remark: 'first again' });
    expect((await c.get(`/admin/wms.Outbound/edit?id=${b.id}`)).row.wave_id).toBe(0);

    const other = await c.add('Warehouse', { name: 'Other', serial_no: 'WH2' });
    const elsewhere = await outbound([line(0, 1)], other.id);
    expect(await refusal(c.raw.post('/admin/wms.Wave/edit', { id: wave.id, warehouse_id: w.warehouse.id, outbound_ids: [a.id, elsewhere.id] }))).toMatchObject({
      code: 0,
      msg: `Order ${elsewhere.outbound_no} is not an order of the wave's warehouse (it must name that warehouse)`,
    });
    const audited = await outbound([{ ...line(0, 1), warehouse_shelf_id: w.shelves[0].id }]);
    await c.post('Outbound', 'audit', { id: audited.id });
    expect(await refusal(c.raw.post('/admin/wms.Wave/add', { warehouse_id: w.warehouse.id, outbound_ids: [audited.id] }).set('think-lang', 'zh-cn'))).toMatchObject({ code: 0 });
    expect(await refusal(c.raw.post('/admin/wms.Wave/add', { warehouse_id: w.warehouse.id, outbound_ids: [audited.id] }))).toMatchObject({
      code: 0,
      msg: `Order ${audited.outbound_no} is audited already: a wave takes unaudited orders only`,
    });
    expect((await c.get(`/admin/wms.Wave/edit?id=${wave.id}`)).row).toMatchObject({ remark: 'first again', outbound_ids: [a.id] });

    // a draft deleted gives its orders back; a released wave is neither edited nor deleted
    const spare = await c.add('Wave', { warehouse_id: w.warehouse.id, outbound_ids: [b.id] });
    expect((await c.raw.del(`/admin/wms.Wave/del?ids[]=${spare.id}`)).body).toMatchObject({ code: 1 });
    expect((await c.get(`/admin/wms.Outbound/edit?id=${b.id}`)).row.wave_id).toBe(0);
    await staging();
    await c.post('Wave', 'release', { id: wave.id });
    expect(await refusal(c.raw.post('/admin/wms.Wave/edit', { id: wave.id, warehouse_id: w.warehouse.id, outbound_ids: [a.id, b.id] }))).toMatchObject({ code: 0, msg: 'Only a draft wave can be changed, deleted or released' });
    expect(await refusal(c.raw.del(`/admin/wms.Wave/del?ids[]=${wave.id}`))).toMatchObject({ code: 0, msg: 'Only a draft wave can be changed, deleted or released' });
    expect((await c.get(`/admin/wms.Wave/edit?id=${wave.id}`)).row).toMatchObject({ status: 1, outbound_ids: [a.id] });
  });

  it('claims one task per wave per person, refuses a task another holds, unclaims back to open, and lists assignee_id=me', async () => {
    await stockUp(c, w, [
      { product: 0, shelf: 0, quantity: 10 },
      { product: 1, shelf: 1, quantity: 10 },
    ]);
    await staging();
    const order = await outbound([line(0, 2), line(1, 3)]);
    const wave = await c.add('Wave', { warehouse_id: w.warehouse.id, outbound_ids: [order.id] });
    const [first, second] = (await c.post('Wave', 'release', { id: wave.id })).tasks as Row[];

    const mine = await c.post('Task', 'claim', { id: first.id });
    expect(mine).toMatchObject({ id: first.id, status: 1, assignee_id: 1 });
    expect(await refusal(c.raw.post('/admin/wms.Task/claim', { id: second.id }))).toMatchObject({ code: 0, msg: 'You already hold a task of this wave: finish or put it back first' });

    await createAdmin(t, 'picker', '*');
    const picker = as(t, await login(t, 'picker'));
    expect(await refusal(picker.post('/admin/wms.Task/claim', { id: first.id }))).toMatchObject({ code: 0, msg: 'Another person holds this task' });
    expect(await refusal(picker.post('/admin/wms.Task/unclaim', { id: first.id }))).toMatchObject({ code: 0, msg: 'Another person holds this task' });
    expect(await refusal(picker.post('/admin/wms.Task/confirm', { id: first.id, from_code: 'S1', product_code: 'P1', quantity: 2 }))).toMatchObject({ code: 0, msg: 'Another person holds this task' });
    // next hands the picker the open task with the lowest sequence: the second
    expect((await picker.post('/admin/wms.Task/next', { wave_id: wave.id })).body.data).toMatchObject({ id: second.id, status: 1 });

    expect((await c.get('/admin/wms.Task/index?assignee_id=me')).list.map((k: Row) => k.id)).toEqual([first.id]);
    expect((await picker.get('/admin/wms.Task/index?assignee_id=me')).body.data.list.map((k: Row) => k.id)).toEqual([second.id]);
    expect((await c.get(`/admin/wms.Task/edit?id=${second.id}`)).row).toMatchObject({ id: second.id, status: 1, sequence: 2, product: { product_no: 'P2' }, from_shelf: { name: 'S2' } });

    const open = await c.post('Task', 'unclaim', { id: first.id });
    expect(open).toMatchObject({ status: 0, assignee_id: 0 });
    expect(await refusal(c.raw.post('/admin/wms.Task/unclaim', { id: first.id }))).toMatchObject({ code: 0, msg: 'This task is not claimed' });
    expect((await c.get('/admin/wms.Task/index?assignee_id=me')).list).toEqual([]);
    expect((await c.get(`/admin/wms.Task/index?wave_id=${wave.id}&status=0`)).list.map((k: Row) => k.id)).toEqual([first.id]);
  });

  it('checks a confirm’s target shelf and lot against the task, writing nothing when they differ', async () => {
    await c.add('Product', { product_no: 'PL', name: 'Lot product', unit_id: w.unit.id, price: '1.00', lot_tracked: 1 });
    const [product] = (await c.get('/admin/wms.Product/index?quickSearch=PL')).list as Row[];
    await c.post('Inbound', 'audit', {
      id: (await c.add('Inbound', { supplier_id: w.supplier.id, type: 10, lines: [{ product_id: product.id, warehouse_shelf_id: w.shelves[0].id, plan_quantity: 5, actual_quantity: 5, price: '1.00', lot_no: 'L1', expiry_date: '2099-01-01' }] })).id,
    });
    await staging();
    const order = await outbound([{ product_id: product.id, plan_quantity: 2, actual_quantity: 2, price: '1.00' }]);
    const wave = await c.add('Wave', { warehouse_id: w.warehouse.id, outbound_ids: [order.id] });
    const [task] = (await c.post('Wave', 'release', { id: wave.id })).tasks as Row[];
    expect(task).toMatchObject({ lot_no: 'L1', quantity: 2 });
    const events = () => count('SELECT COUNT(*) AS n FROM inventory_event');
    const before = await events();

    expect(await refusal(c.raw.post('/admin/wms.Task/confirm', { id: task.id, from_code: 'S1', product_code: 'PL', quantity: 2, to_code: 'S2' }))).toMatchObject({ code: 0, msg: "The scanned target is not this task's target shelf" });
    expect(await refusal(c.raw.post('/admin/wms.Task/confirm', { id: task.id, from_code: 'S1', product_code: 'PL', quantity: 2, lot_no: 'L9' }))).toMatchObject({ code: 0, msg: "The lot is not this task's lot (L1)" });
    expect(await refusal(c.raw.post('/admin/wms.Task/confirm', { id: task.id, from_code: 'S1', product_code: 'PL', quantity: 2, lot_no: 'L9' }).set('think-lang', 'zh-cn'))).toMatchObject({ code: 0, msg: expect.stringContaining('L1') });
    expect(await events()).toBe(before);

    // the lot compared as a scanner sends it (case aside), the target by its code
    expect(await c.post('Task', 'confirm', { id: task.id, from_code: 'S1', product_code: 'PL', quantity: 2, lot_no: 'l1', to_code: 'ST1' })).toMatchObject({ status: 2, done_quantity: 2 });
    expect(await stockOf(t)).toMatchObject({ 'PL@S1': 3, 'PL@Dispatch': 2 });
  });

  it('lets pickers confirm every task of one wave at the same moment: each moves once, the wave ends picked', async () => {
    // 12 more shelves with 1 of P1 and P2 each, orders of 7 of each: every product is picked from every shelf — 28 tasks
    const bays = [];
    for (let n = 1; n <= 12; n++) bays.push(await c.add('Shelf', { warehouse_id: w.warehouse.id, warehouse_area_id: w.area.id, name: `Bay ${n}`, serial_no: `B${n}` }));
    const shelves = [...w.shelves.slice(0, 2), ...bays];
    await c.post('Inbound', 'audit', {
      id: (await c.add('Inbound', { supplier_id: w.supplier.id, type: 10, lines: shelves.flatMap((shelf) => [0, 1].map((p) => ({ product_id: w.products[p].id, warehouse_shelf_id: shelf.id, plan_quantity: 1, actual_quantity: 1, price: '1.00' }))) })).id,
    });
    await staging();
    const orders = [await outbound([line(0, 7), line(1, 7)]), await outbound([line(0, 7), line(1, 7)])];
    const wave = await c.add('Wave', { warehouse_id: w.warehouse.id, outbound_ids: orders.map((o) => o.id) });
    const tasks = (await c.post('Wave', 'release', { id: wave.id })).tasks as Row[];
    expect(tasks).toHaveLength(28);
    const code = new Map(shelves.map((s) => [s.id, s.serial_no]));
    const answers = await Promise.all(
      tasks.map((k) => c.raw.post('/admin/wms.Task/confirm', { id: k.id, from_code: code.get(k.from_shelf_id), product_code: k.product.product_no, quantity: k.quantity })),
    );
    expect(answers.map((a) => a.body.msg).filter((msg, i) => answers[i].body.code !== 1)).toEqual([]);
    expect((await c.get(`/admin/wms.Wave/edit?id=${wave.id}`)).row).toMatchObject({ status: 2, progress: { tasks: 28, closed: 28, quantity: 28, done_quantity: 28 } });
    expect(await stockOf(t)).toMatchObject({ 'P1@Dispatch': 14, 'P2@Dispatch': 14 });
  });
});
