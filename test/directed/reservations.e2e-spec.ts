import { ProjectionRebuilder } from '../../src/modules/inventory';
import { TestApp } from '../setup/create-test-app';
import { as, createAdmin, login } from '../support/api';
import { adminSpec } from '../support/admin-spec';
import { Client, smallWarehouse, stockUp, Warehouse } from '../support/warehouse';

type Row = Record<string, any>;

/** Reservations of outbound orders: reserve, unreserve, the stock's reserved and available figures. */
describe('outbound reservations', () => {
  let t: TestApp;
  let c: Client;
  let w: Warehouse;
  adminSpec({ warehouse: smallWarehouse, ledgerChecks: true, ready: (f) => ((t = f.t), (c = f.c), (w = f.w)) });

  const line = (product: number, quantity: number, shelf?: number) => ({ product_id: w.products[product].id, ...(shelf === undefined ? {} : { warehouse_shelf_id: w.shelves[shelf].id }), plan_quantity: quantity, actual_quantity: quantity, price: '5.00' });
  const outbound = (lines: object[], extra: object = {}) => c.add('Outbound', { customer_id: w.customer.id, type: 10, lines, ...extra });
  const reservationRows = async () => Number((await t.dataSource.query('SELECT COUNT(*) AS n FROM stock_reservation'))[0].n);
  const stockRows = async (query = '') => (await c.get(`/admin/wms.Stock/index?limit=100${query}`)).list as Row[];
  const figure = (rows: Row[], product: number, shelf: number) => {
    const row = rows.find((r) => r.product_id === w.products[product].id && r.warehouse_shelf_id === w.shelves[shelf].id);
    return row ? [row.quantity, row.reserved_quantity, row.available_quantity] : null;
  };

  it('reserves lines on their shelves, shows reserved and available on the stock list, locks the order, and unreserves', async () => {
    await stockUp(c, w, [
      { product: 0, shelf: 0, quantity: 10 },
      { product: 1, shelf: 1, quantity: 4 },
    ]);
    const order = await outbound([line(0, 6, 0), line(1, 4, 1)]);
    const reserved = await c.post('Outbound', 'reserve', { id: order.id });
    expect(reserved).toMatchObject({ fulfilment_status: 1, audit_status: 0 });
    expect(reserved.lines.map((l: Row) => [l.reservations, l.short])).toEqual([
      [[{ warehouse_shelf_id: w.shelves[0].id, lot_no: '', quantity: 6 }], 0],
      [[{ warehouse_shelf_id: w.shelves[1].id, lot_no: '', quantity: 4 }], 0],
    ]);
    const rows = await stockRows();
    expect(figure(rows, 0, 0)).toEqual([10, 6, 4]);
    expect(figure(rows, 1, 1)).toEqual([4, 4, 0]);
    // available=1: only streams with something left to reserve
    expect((await stockRows('&available=1')).map((r) => r.product_id)).toEqual([w.products[0].id]);

    // a reserved order is neither edited nor deleted, in either language
    const edit = await c.raw.post('/admin/wms.Outbound/edit', { id: order.id, customer_id: w.customer.id, type: 10, lines: [line(0, 1, 0)] });
    expect(edit.body).toMatchObject({ code: 0, msg: 'This order holds reserved stock: release the reservation before changing or deleting it' });
    const del = await c.raw.del(`/admin/wms.Outbound/del?ids[]=${order.id}`).set('think-lang', 'zh-cn');
    expect(del.body).toMatchObject({ code: 0, msg: '该订单已预留库存：请先取消预留再修改或删除' });
    expect((await c.get(`/admin/wms.Outbound/edit?id=${order.id}`)).row.lines).toHaveLength(2);
    expect((await c.raw.post('/admin/wms.Outbound/reserve', { id: order.id })).body).toMatchObject({ code: 0, msg: 'This order already holds a reservation' });

    const released = await c.post('Outbound', 'unreserve', { id: order.id });
    expect(released).toMatchObject({ fulfilment_status: 0 });
    expect(released.lines[0].reservations).toBeUndefined();
    expect(figure(await stockRows(), 0, 0)).toEqual([10, 0, 10]);
    expect(await reservationRows()).toBe(0);
    expect((await c.raw.post('/admin/wms.Outbound/unreserve', { id: order.id })).body).toMatchObject({ code: 0, msg: 'This order holds no reservation' });
    await c.post('Outbound', 'edit', { id: order.id, customer_id: w.customer.id, type: 10, lines: [line(0, 1, 0)] });
  });

  it('reserves lines without a shelf over the storage shelves of the order’s warehouse: first expiry first, then pick path', async () => {
    const staging = await c.add('Shelf', { warehouse_id: w.warehouse.id, warehouse_area_id: w.area.id, name: 'Staging', serial_no: 'A0', kind: 2 });
    await stockUp(c, w, [
      { product: 1, shelf: 1, quantity: 5 },
      { product: 1, shelf: 0, quantity: 5 },
    ]);
    // stock on a staging shelf is not available, even first on the pick path
    const toStaging = await c.add('Inbound', { supplier_id: w.supplier.id, type: 10, lines: [{ product_id: w.products[1].id, warehouse_shelf_id: staging.id, plan_quantity: 9, actual_quantity: 9, price: '1.00' }] });
    await c.post('Inbound', 'audit', { id: toStaging.id });
    // a lot-tracked product: the lot expiring first is taken first, whatever the shelf
    const lotted = await c.add('Product', { product_no: 'LOT1', name: 'Milk', lot_tracked: 1, price: '1.00' });
    const lots = await c.add('Inbound', {
      supplier_id: w.supplier.id,
      type: 10,
      lines: [
        { product_id: lotted.id, warehouse_shelf_id: w.shelves[0].id, plan_quantity: 4, actual_quantity: 4, price: '1.00', lot_no: 'LATE', expiry_date: '2099-12-31' },
        { product_id: lotted.id, warehouse_shelf_id: w.shelves[1].id, plan_quantity: 3, actual_quantity: 3, price: '1.00', lot_no: 'EARLY', expiry_date: '2099-01-31' },
      ],
    });
    await c.post('Inbound', 'audit', { id: lots.id });

    expect((await c.raw.post('/admin/wms.Outbound/add', { customer_id: w.customer.id, type: 10, warehouse_id: 99999, lines: [line(1, 1)] })).body).toMatchObject({ code: 0, msg: 'Choose a valid warehouse' });
    const other = await c.add('Warehouse', { name: 'Other', serial_no: 'WH2' });
    const otherArea = await c.add('WarehouseArea', { warehouse_id: other.id, name: 'B', serial_no: 'B' });
    const otherShelf = await c.add('Shelf', { warehouse_id: other.id, warehouse_area_id: otherArea.id, name: 'X1', serial_no: 'X1' });
    const elsewhere = await c.raw.post('/admin/wms.Outbound/add', { customer_id: w.customer.id, type: 10, warehouse_id: w.warehouse.id, lines: [{ ...line(1, 1), warehouse_shelf_id: otherShelf.id }] });
    expect(elsewhere.body).toMatchObject({ code: 0, msg: "The shelf of line 1 is not in the order's warehouse" });
    const noWarehouse = await outbound([line(1, 1)]);
    expect((await c.raw.post('/admin/wms.Outbound/reserve', { id: noWarehouse.id })).body).toMatchObject({ code: 0, msg: 'Line 1 needs a shelf, or the order needs a warehouse to reserve from' });

    const order = await outbound([line(1, 7), { product_id: lotted.id, plan_quantity: 5, actual_quantity: 5, price: '2.00' }], { warehouse_id: w.warehouse.id });
    expect(order).toMatchObject({ warehouse_id: w.warehouse.id, fulfilment_status: 0 });
    const reserved = await c.post('Outbound', 'reserve', { id: order.id });
    expect(reserved.lines[0].reservations).toEqual([
      { warehouse_shelf_id: w.shelves[0].id, lot_no: '', quantity: 5 },
      { warehouse_shelf_id: w.shelves[1].id, lot_no: '', quantity: 2 },
    ]);
    expect(reserved.lines[1].reservations).toEqual([
      { warehouse_shelf_id: w.shelves[1].id, lot_no: 'EARLY', quantity: 3 },
      { warehouse_shelf_id: w.shelves[0].id, lot_no: 'LATE', quantity: 2 },
    ]);
    expect(figure(await stockRows(), 1, 1)).toEqual([5, 2, 3]);
    const stagingRow = (await stockRows()).find((r) => r.warehouse_shelf_id === staging.id)!;
    expect([stagingRow.quantity, stagingRow.reserved_quantity, stagingRow.available_quantity]).toEqual([9, 0, 0]);

    // the classic audit consumes exactly the reservations, shelf by shelf and lot by lot
    const audited = await c.post('Outbound', 'audit', { id: order.id });
    expect(audited).toMatchObject({ audit_status: 1, fulfilment_status: 0 });
    expect(audited.lines[1].allocations).toEqual([
      { lot_no: 'EARLY', quantity: 3, warehouse_shelf_id: w.shelves[1].id },
      { lot_no: 'LATE', quantity: 2, warehouse_shelf_id: w.shelves[0].id },
    ]);
    const rows = await stockRows('&zero=1');
    expect(figure(rows, 1, 0)).toEqual([0, 0, 0]);
    expect(figure(rows, 1, 1)).toEqual([3, 0, 3]);
    expect(await reservationRows()).toBe(0);
    const history = await c.get(`/admin/wms.InventoryHistory/index?order_no=${order.outbound_no}`);
    expect(history.list.map((h: Row) => [h.warehouse_shelf_id, h.lot_no, h.quantity, h.form_type]).sort()).toEqual(
      [
        [w.shelves[0].id, '', -5, 40],
        [w.shelves[1].id, '', -2, 40],
        [w.shelves[1].id, 'EARLY', -3, 40],
        [w.shelves[0].id, 'LATE', -2, 40],
      ].sort(),
    );
  });

  it('refuses a shortfall naming product and quantity, writing nothing; partial=1 reserves what is there and answers short', async () => {
    await stockUp(c, w, [{ product: 0, shelf: 0, quantity: 5 }]);
    const order = await outbound([line(0, 3, 0), line(0, 4, 0)]);
    const en = await c.raw.post('/admin/wms.Outbound/reserve', { id: order.id });
    expect(en.body).toMatchObject({ code: 0, msg: 'Not enough available stock to reserve: product Product 1 (P1) is short by 2 (4 needed, 2 available)' });
    const zh = await c.raw.post('/admin/wms.Outbound/reserve', { id: order.id }).set('think-lang', 'zh-cn');
    expect(zh.body).toMatchObject({ code: 0, msg: '可用库存不足，无法预留：商品 Product 1 (P1) 缺少 2（需要 4，可用 2）' });
    expect(await reservationRows()).toBe(0);
    expect(figure(await stockRows(), 0, 0)).toEqual([5, 0, 5]);
    expect((await c.get(`/admin/wms.Outbound/edit?id=${order.id}`)).row).toMatchObject({ fulfilment_status: 0 });
    expect((await c.raw.post('/admin/wms.Outbound/reserve', { id: order.id, partial: 'x' })).body.code).toBe(0);

    const partial = await c.post('Outbound', 'reserve', { id: order.id, partial: 1 });
    expect(partial.lines.map((l: Row) => [l.reservations.reduce((s: number, r: Row) => s + r.quantity, 0), l.short])).toEqual([
      [3, 0],
      [2, 2],
    ]);
    // a partly reserved order is not audited: it would take less than its lines say
    expect((await c.raw.post('/admin/wms.Outbound/audit', { id: order.id })).body).toMatchObject({ code: 0, msg: 'Line 2 holds 2 reserved of 4: reserve the rest or release the reservation before auditing' });
    // reserved stock is not there for anyone else: a classic audit of another order is refused
    const other = await outbound([line(0, 1, 0)]);
    expect((await c.raw.post('/admin/wms.Outbound/audit', { id: other.id })).body).toMatchObject({ code: 0, msg: 'Insufficient stock: product Product 1 (P1) has 0 on shelf Main / Area A / S1, 1 needed' });
    expect(figure(await stockRows(), 0, 0)).toEqual([5, 5, 0]);
  });

  it('lets only admins holding the rule reserve', async () => {
    await stockUp(c, w, [{ product: 0, shelf: 0, quantity: 5 }]);
    const order = await outbound([line(0, 3, 0)]);
    await createAdmin(t, 'viewer', ['wms/outbound/index']);
    const viewer = as(t, await login(t, 'viewer'));
    expect((await viewer.post('/admin/wms.Outbound/reserve', { id: order.id })).body.code).toBe(401);
    expect((await c.raw.post('/admin/wms.Outbound/reserve', {})).body.code).toBe(0);
    expect(await reservationRows()).toBe(0);
  });

  it('never reserves more than is available: 50 parallel reserves of 3 against 100 leave 33 reserved orders and 1 available; a rebuild agrees', async () => {
    await stockUp(c, w, [{ product: 0, shelf: 0, quantity: 100 }]);
    const orders: Row[] = [];
    for (let i = 0; i < 5; i++) orders.push(...(await Promise.all(Array.from({ length: 10 }, () => outbound([line(0, 3)], { warehouse_id: w.warehouse.id })))));
    // a client retries what the database answered busy (a unit of work that gave up changed nothing)
    const reserve = async (id: number) => {
      for (let attempt = 1; ; attempt++) {
        const answer = await c.raw.post('/admin/wms.Outbound/reserve', { id });
        if (attempt === 5 || !/busy/i.test(String(answer.body.msg))) return answer;
      }
    };
    const answers = await Promise.all(orders.map((o) => reserve(o.id)));
    const codes = answers.map((a) => a.body.code);
    expect(codes.filter((code) => code === 1)).toHaveLength(33);
    expect(answers.filter((a) => a.body.code !== 1).map((a) => a.body.msg)).toEqual(Array(17).fill(expect.stringMatching(/^Not enough available stock to reserve: product Product 1 \(P1\) is short by [1-3] /)));
    const [{ n }] = await t.dataSource.query('SELECT COUNT(*) AS n FROM outbound_order WHERE fulfilment_status = 1');
    expect(Number(n)).toBe(33);
    expect(figure(await stockRows(), 0, 0)).toEqual([100, 99, 1]);
    const report = await t.app.get(ProjectionRebuilder).rebuild();
    expect(report).toMatchObject({ matched: true, differing: [], ledgerProblems: [], reservations: 33, reservationProblems: [] });
    expect(figure(await stockRows(), 0, 0)).toEqual([100, 99, 1]);
  }, 240_000);
});
