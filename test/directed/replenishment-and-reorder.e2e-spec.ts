import { ProjectionRebuilder } from '../../src/modules/inventory';
import { TestApp } from '../setup/create-test-app';
import { as, createAdmin, login } from '../support/api';
import { adminSpec } from '../support/admin-spec';
import { Client, smallWarehouse, stockOf, stockUp, Warehouse } from '../support/warehouse';

type Row = Record<string, any>;

/** Pick faces and replenishment, reorder rules and suggestions (§12). */
describe('replenishment and reorder', () => {
  let t: TestApp;
  let c: Client;
  let w: Warehouse;
  adminSpec({ warehouse: smallWarehouse, ledgerChecks: true, ready: (f) => ((t = f.t), (c = f.c), (w = f.w)) });

  const shelf = (serial: string, extra: object = {}) => c.add('Shelf', { warehouse_id: w.warehouse.id, warehouse_area_id: w.area.id, name: serial, serial_no: serial, ...extra });
  const replenishments = async (): Promise<Row[]> => (await c.get('/admin/wms.Task/index?type=3&limit=100&order=id,asc')).list;
  const run = (body: object = {}) => c.post('Replenishment', 'run', body);

  it('keeps pick faces (min ≤ max, one per shelf and product, the warehouse from the shelf)', async () => {
    const face = await c.add('PickFace', { warehouse_shelf_id: w.shelves[0].id, product_id: w.products[0].id, min: 10, max: 50 });
    expect(face).toMatchObject({ warehouse_id: w.warehouse.id, min: 10, max: 50 });
    expect((await c.raw.post('/admin/wms.PickFace/add', { warehouse_shelf_id: w.shelves[0].id, product_id: w.products[0].id, min: 1, max: 2 })).body).toMatchObject({ code: 0, msg: 'This shelf is already a pick face of this product' });
    expect((await c.raw.post('/admin/wms.PickFace/add', { warehouse_shelf_id: w.shelves[1].id, product_id: w.products[0].id, min: 20, max: 2 }).set('think-lang', 'zh-cn')).body).toMatchObject({ code: 0, msg: '下限不能大于上限' });
    expect((await c.raw.post('/admin/wms.PickFace/add', { warehouse_shelf_id: 999999, product_id: w.products[0].id })).body.code).toBe(0);
    const list = await c.get(`/admin/wms.PickFace/index?warehouse_id=${w.warehouse.id}&quickSearch=P1`);
    expect(list.list.map((r: Row) => [r.shelf.name, r.product.product_no, r.min, r.max])).toEqual([['S1', 'P1', 10, 50]]);
    expect((await c.post('PickFace', 'edit', { id: face.id, min: 5 })).min).toBe(5);
  });

  it('replenishes a face below min first-expiry-first-out from the other storage streams, once while its tasks are open; the confirm moves it (form type 140)', async () => {
    const milk = await c.add('Product', { product_no: 'MILK', name: 'Milk', lot_tracked: 1, price: '1.00' });
    const b1 = await shelf('B1');
    const receive = (shelfId: number, lot: string, expiry: string, quantity: number) => ({ product_id: milk.id, warehouse_shelf_id: shelfId, plan_quantity: quantity, actual_quantity: quantity, price: '1.00', lot_no: lot, expiry_date: expiry });
    const order = await c.add('Inbound', { supplier_id: w.supplier.id, type: 10, lines: [receive(w.shelves[0].id, 'FACE', '2099-01-01', 4), receive(w.shelves[1].id, 'LATE', '2099-12-31', 30), receive(b1.id, 'EARLY', '2099-06-30', 20)] });
    await c.post('Inbound', 'audit', { id: order.id });
    await c.add('PickFace', { warehouse_shelf_id: w.shelves[0].id, product_id: milk.id, min: 10, max: 50 });
    // available 4 < 10: 46 wanted, the earliest expiry first (EARLY on B1: 20), then LATE on S2 (26)
    expect(await run({ warehouse_id: w.warehouse.id })).toEqual({ faces: 1, tasks: 2 });
    const tasks = await replenishments();
    expect(tasks.map((k) => [k.from_shelf.name, k.to_shelf.name, k.lot_no, k.quantity, k.status])).toEqual([
      ['B1', 'S1', 'EARLY', 20, 0],
      ['S2', 'S1', 'LATE', 26, 0],
    ]);
    // run again while they are open: none; two runs at once: none either
    expect(await run()).toEqual({ faces: 0, tasks: 0 });
    expect((await Promise.all([run(), run()])).map((r) => r.tasks)).toEqual([0, 0]);
    // the worker confirms on My tasks: scan B1, the product, the face
    const wrong = await c.raw.post('/admin/wms.Task/confirm', { id: tasks[0].id, from_code: 'B1', product_code: 'MILK', quantity: 20, to_code: 'S2' });
    expect(wrong.body).toMatchObject({ code: 0, msg: "The scanned target is not this task's target shelf" });
    const done = await c.post('Task', 'confirm', { id: tasks[0].id, from_code: 'B1', product_code: 'MILK', quantity: 20, to_code: 'S1' });
    expect(done).toMatchObject({ status: 2, done_quantity: 20 });
    const short = await c.post('Task', 'confirm', { id: tasks[1].id, from_code: 'S2', product_code: 'MILK', quantity: 6, short: 1 });
    expect(short).toMatchObject({ status: 3, done_quantity: 6 });
    const history = await c.get(`/admin/wms.InventoryHistory/index?form_type=140&limit=10`);
    expect(history.total).toBe(4);
    // 4 + 20 + 6 = 30 available: not below min any more
    expect(await run()).toEqual({ faces: 0, tasks: 0 });
    expect(await t.app.get(ProjectionRebuilder).rebuild()).toMatchObject({ matched: true, ledgerProblems: [] });
  });

  it('replenishes a face automatically when a pick takes it below min (auto_replenish, in the pick confirm), and not when the setting is 0', async () => {
    await shelf('ST1', { kind: 2 });
    await stockUp(c, w, [
      { product: 0, shelf: 0, quantity: 12 },
      { product: 0, shelf: 1, quantity: 100 },
    ]);
    await c.add('PickFace', { warehouse_shelf_id: w.shelves[0].id, product_id: w.products[0].id, min: 10, max: 40 });
    const pick = async (quantity: number) => {
      const order = await c.add('Outbound', { customer_id: w.customer.id, type: 10, warehouse_id: w.warehouse.id, lines: [{ product_id: w.products[0].id, warehouse_shelf_id: w.shelves[0].id, plan_quantity: quantity, actual_quantity: quantity, price: '1.00' }] });
      const wave = await c.add('Wave', { warehouse_id: w.warehouse.id, outbound_ids: [order.id] });
      const released = await c.post('Wave', 'release', { id: wave.id });
      return c.post('Task', 'confirm', { id: released.tasks[0].id, from_code: 'S1', product_code: 'P1', quantity });
    };
    await pick(2);
    expect(await replenishments()).toEqual([]);
    await pick(3);
    // 7 left < 10: 33 from S2, created by the pick's own transaction
    expect((await replenishments()).map((k) => [k.from_shelf.name, k.to_shelf.name, k.quantity])).toEqual([['S2', 'S1', 33]]);
    await c.post('Task', 'confirm', { id: (await replenishments())[0].id, from_code: 'S2', product_code: 'P1', quantity: 33, to_code: 'S1' });
    expect(await stockOf(t)).toMatchObject({ 'P1@S1': 40 });

    expect((await c.raw.post('/admin/routine.Config/edit', { auto_replenish: '0' })).body.code).toBe(1);
    await pick(35);
    expect((await replenishments()).filter((k) => k.status === 0)).toEqual([]);
    expect(await run()).toEqual({ faces: 1, tasks: 1 });
  });

  it('keeps reorder rules and lists the worked example: on hand 30, pending 20, reserved 10, min 50, max 200, multiple 12 → 168', async () => {
    const rule = await c.add('ReorderRule', { warehouse_id: w.warehouse.id, product_id: w.products[0].id, min: 50, max: 200, multiple: 12, supplier_id: w.supplier.id });
    expect(rule).toMatchObject({ multiple: 12 });
    expect((await c.raw.post('/admin/wms.ReorderRule/add', { warehouse_id: w.warehouse.id, product_id: w.products[0].id, min: 1, max: 2, supplier_id: w.supplier.id })).body).toMatchObject({ code: 0, msg: 'This warehouse already has a reorder rule for this product' });
    expect((await c.raw.post('/admin/wms.ReorderRule/add', { warehouse_id: w.warehouse.id, product_id: w.products[1].id, min: 1, max: 2, multiple: 0, supplier_id: w.supplier.id })).body.code).toBe(0);
    await stockUp(c, w, [{ product: 0, shelf: 0, quantity: 30 }]);
    await c.add('Inbound', { supplier_id: w.supplier.id, type: 10, lines: [{ product_id: w.products[0].id, warehouse_shelf_id: w.shelves[1].id, plan_quantity: 20, actual_quantity: 20, price: '1.00' }] });
    const outbound = await c.add('Outbound', { customer_id: w.customer.id, type: 10, warehouse_id: w.warehouse.id, lines: [{ product_id: w.products[0].id, plan_quantity: 10, actual_quantity: 10, price: '1.00' }] });
    await c.post('Outbound', 'reserve', { id: outbound.id });
    const list = await c.get(`/admin/wms.Reorder/index?warehouse_id=${w.warehouse.id}`);
    expect(list.list).toEqual([
      expect.objectContaining({ product_id: w.products[0].id, product: expect.objectContaining({ product_no: 'P1' }), on_hand: 30, inbound_pending: 20, reserved: 10, position: 40, min: 50, max: 200, multiple: 12, suggested: 168 }),
    ]);
    expect((await c.raw.get('/admin/wms.Reorder/index')).body.code).toBe(0);
  });

  it('drafts one unaudited purchase order per supplier with the suggested quantities; at once again it drafts none', async () => {
    const other = await c.add('Supplier', { name: 'Beta Supply' });
    await c.add('ReorderRule', { warehouse_id: w.warehouse.id, product_id: w.products[0].id, min: 10, max: 100, multiple: 1, supplier_id: w.supplier.id });
    await c.add('ReorderRule', { warehouse_id: w.warehouse.id, product_id: w.products[1].id, min: 5, max: 24, multiple: 6, supplier_id: w.supplier.id });
    await c.add('ReorderRule', { warehouse_id: w.warehouse.id, product_id: w.products[2].id, min: 10, max: 10, multiple: 1, supplier_id: other.id });
    await stockUp(c, w, [{ product: 2, shelf: 0, quantity: 5 }]);
    const drafted = await c.post('Reorder', 'draft', { warehouse_id: w.warehouse.id });
    expect(drafted.orders).toHaveLength(2);
    const orders = await Promise.all(drafted.orders.map((o: Row) => c.get(`/admin/wms.Inbound/edit?id=${o.id}`)));
    expect(orders.map((o) => [o.row.receipt_no, o.row.supplier_id, o.row.type, o.row.audit_status, o.row.warehouse_id, o.row.lines.map((l: Row) => [l.product_id, l.plan_quantity, l.warehouse_shelf_id])])).toEqual([
      [
        drafted.orders[0].receipt_no,
        w.supplier.id,
        10,
        0,
        w.warehouse.id,
        [
          [w.products[0].id, 100, 0],
          [w.products[1].id, 24, 0],
        ],
      ],
      [drafted.orders[1].receipt_no, other.id, 10, 0, w.warehouse.id, [[w.products[2].id, 5, 0]]],
    ]);
    const again = await c.raw.post('/admin/wms.Reorder/draft', { warehouse_id: w.warehouse.id });
    expect(again.body).toMatchObject({ code: 1, msg: 'Nothing to reorder', data: { orders: [] } });
    expect((await c.get(`/admin/wms.Reorder/index?warehouse_id=${w.warehouse.id}`)).list.map((l: Row) => [l.inbound_pending, l.suggested])).toEqual([
      [100, 0],
      [24, 0],
      [5, 0],
    ]);
  });

  it('lets only admins holding the rules use putaway, replenishment and reorder', async () => {
    await createAdmin(t, 'clerk', ['wms/pickFace', 'wms/pickFace/index', 'wms/reorder/index']);
    const clerk = as(t, await login(t, 'clerk'));
    expect((await clerk.get('/admin/wms.PickFace/index')).body.code).toBe(1);
    expect((await clerk.get(`/admin/wms.Reorder/index?warehouse_id=${w.warehouse.id}`)).body.code).toBe(1);
    for (const [method, url] of [
      ['post', '/admin/wms.Replenishment/run'],
      ['post', '/admin/wms.Reorder/draft'],
      ['post', '/admin/wms.PickFace/add'],
      ['get', '/admin/wms.PutawayRule/index'],
      ['get', `/admin/wms.Putaway/suggest?warehouse_id=${w.warehouse.id}&product_id=${w.products[0].id}&quantity=1`],
      ['get', '/admin/wms.ReorderRule/index'],
    ] as const) {
      const res = method === 'post' ? await clerk.post(url, { warehouse_id: w.warehouse.id }) : await clerk.get(url);
      expect([url, res.body.code]).toEqual([url, 401]);
    }
  });

  it('keeps the products, shelves, suppliers and categories its rules and open tasks name', async () => {
    const face = await c.add('PickFace', { warehouse_shelf_id: w.shelves[1].id, product_id: w.products[0].id, min: 1, max: 5 });
    const rule = await c.add('ReorderRule', { warehouse_id: w.warehouse.id, product_id: w.products[1].id, min: 1, max: 5, supplier_id: w.supplier.id });
    const category = await c.add('Category', { name: 'Tea' });
    await c.add('PutawayRule', { warehouse_id: w.warehouse.id, category_id: category.id });
    const refused = async (url: string) => (await c.raw.del(url)).body;
    expect(await refused(`/admin/wms.Product/del?ids[]=${w.products[0].id}`)).toMatchObject({ code: 0, msg: expect.stringContaining('pick faces') });
    expect(await refused(`/admin/wms.Shelf/del?ids[]=${w.shelves[1].id}`)).toMatchObject({ code: 0, msg: expect.stringContaining('pick faces') });
    expect(await refused(`/admin/wms.Supplier/del?ids[]=${w.supplier.id}`)).toMatchObject({ code: 0, msg: expect.stringContaining('reorder rules') });
    expect((await c.raw.del(`/admin/wms.Category/del?ids[]=${category.id}`).set('think-lang', 'zh-cn')).body).toMatchObject({ code: 0, msg: expect.stringContaining('上架规则') });
    await c.raw.del(`/admin/wms.PickFace/del?ids[]=${face.id}`);
    await c.raw.del(`/admin/wms.ReorderRule/del?ids[]=${rule.id}`);
    expect((await c.raw.del(`/admin/wms.Shelf/del?ids[]=${w.shelves[1].id}`)).body.code).toBe(1);
  });
});
