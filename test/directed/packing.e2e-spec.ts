import { ProjectionRebuilder } from '../../src/modules/inventory';
import { gs1CheckDigit } from '../../src/modules/orders/domain/sscc';
import { TestApp } from '../setup/create-test-app';
import { as, createAdmin, login, Session } from '../support/api';
import { adminSpec } from '../support/admin-spec';
import { rasterisePdf, zbarSymbols } from '../support/barcodes';
import { download } from '../support/download';
import { Client, smallWarehouse, stockOf, stockUp, Warehouse } from '../support/warehouse';

type Row = Record<string, any>;

/** Packing a picked order into cartons with SSCCs, pack by scan, close, the carton label, and shipping packed orders. */
describe('packages: SSCC, pack by scan, close, carton labels, ship packed', () => {
  let t: TestApp;
  let c: Client;
  let w: Warehouse;
  let session: Session;
  adminSpec({ warehouse: smallWarehouse, ledgerChecks: true, ready: (f) => ((t = f.t), (c = f.c), (w = f.w), (session = f.session)) });

  const line = (product: number, quantity: number) => ({ product_id: w.products[product].id, plan_quantity: quantity, actual_quantity: quantity, price: '5.00' });
  const packageLines = async () => Number((await t.dataSource.query('SELECT COALESCE(SUM(quantity), 0) AS n FROM package_line'))[0].n);
  const order = (id: number) => c.get(`/admin/wms.Outbound/edit?id=${id}`).then((d) => d.row);

  /** An order of `lines`, released in a wave and every task picked in full: the order is picked (3). */
  async function pickedOrder(lines: object[]): Promise<Row> {
    await c.add('Shelf', { warehouse_id: w.warehouse.id, warehouse_area_id: w.area.id, name: 'Dispatch', serial_no: 'ST1', kind: 2 });
    const made = await c.add('Outbound', { customer_id: w.customer.id, type: 10, warehouse_id: w.warehouse.id, lines });
    const wave = await c.add('Wave', { warehouse_id: w.warehouse.id, outbound_ids: [made.id] });
    const released = await c.post('Wave', 'release', { id: wave.id });
    for (const task of released.tasks) await c.post('Task', 'confirm', { id: task.id, from_code: task.from_shelf.serial_no, product_code: task.product.product_no, quantity: task.quantity });
    const picked = await order(made.id);
    expect(picked).toMatchObject({ fulfilment_status: 3, packages: [] });
    return picked;
  }

  it('opens cartons with SSCCs, packs by product number and GS1 scans, refuses what is not on the order or not picked, closes, and makes the order packed', async () => {
    await stockUp(c, w, [
      { product: 0, shelf: 0, quantity: 10 },
      { product: 1, shelf: 0, quantity: 10 },
      { product: 2, shelf: 0, quantity: 10 },
    ]);
    await t.dataSource.query('UPDATE product SET bar_code = ? WHERE id = ?', ['9501101530003', w.products[1].id]);
    const picked = await pickedOrder([line(0, 3), line(1, 2)]);

    // the pack station finds it: in the list of orders to pack, and by its number (scanned off its picking list) or id
    expect((await c.get('/admin/wms.Package/orders')).list).toEqual([{ id: picked.id, outbound_no: picked.outbound_no, customer: 'Big Shop', fulfilment_status: 3 }]);
    expect((await c.get(`/admin/wms.Package/order?code=${picked.outbound_no}`)).row).toMatchObject({ id: picked.id, lines: [{ picked_quantity: 3 }, { picked_quantity: 2 }], packages: [] });
    expect((await c.get(`/admin/wms.Package/order?code=${picked.id}`)).row.id).toBe(picked.id);
    expect((await c.raw.get('/admin/wms.Package/order?code=CK0')).body).toMatchObject({ code: 0, msg: 'No outbound order CK0' });
    const first = await c.add('Package', { outbound_id: picked.id, type: 1 });
    const second = await c.add('Package', { outbound_id: picked.id, type: 1 });
    for (const p of [first, second]) {
      expect(p).toMatchObject({ outbound_id: picked.id, type: 1, status: 0, weight: '0.00', contents: [], number: 0 });
      // extension digit 0, the seeded company prefix 0614141, the serial, the GS1 check digit
      expect(p.sscc).toMatch(/^00614141\d{10}$/);
      expect(gs1CheckDigit(p.sscc.slice(0, 17))).toBe(p.sscc[17]);
    }
    expect(second.sscc).not.toBe(first.sscc);

    // by product number, by its GTIN in a GS1 string with parentheses and without
    expect(await c.post('Package', 'pack', { package_id: first.id, code: 'P1', quantity: 2 })).toMatchObject({ contents: [{ product_no: 'P1', quantity: 2 }], number: 1, count: 1 });
    await c.post('Package', 'pack', { package_id: first.id, code: '(01)09501101530003(10)L7' });
    const both = await c.post('Package', 'pack', { package_id: second.id, code: '0109501101530003' });
    expect(both).toMatchObject({ contents: [{ product_no: 'P2', quantity: 1 }], number: 2, count: 2 });

    // refused, translated, nothing written
    const before = await packageLines();
    const refuse = async (body: object, msg: string, lang = 'en') => expect((await c.raw.post('/admin/wms.Package/pack', body).set('think-lang', lang)).body).toMatchObject({ code: 0, msg });
    await refuse({ package_id: first.id, code: 'P3' }, 'Product P3 is not on this order');
    await refuse({ package_id: first.id, code: 'P3' }, '商品 P3 不在该订单中', 'zh-cn');
    await refuse({ package_id: second.id, code: 'P1', quantity: 2 }, 'Only 1 of product P1 is picked and not packed yet');
    await refuse({ package_id: second.id, code: '9501101530003' }, 'Only 0 of product P2 is picked and not packed yet');
    await refuse({ package_id: second.id, code: 'S1' }, 'The scanned code is not a product');
    expect((await c.raw.post('/admin/wms.Package/pack', { package_id: second.id, code: 'NOPE' })).body.code).toBe(0);
    expect((await c.raw.post('/admin/wms.Package/unpack', { package_id: second.id, code: 'P1' })).body).toMatchObject({ code: 0, msg: 'Product P1 is not in this package' });
    expect((await c.raw.post('/admin/wms.Package/close', { package_id: first.id, weight: 'heavy' })).body).toMatchObject({ code: 0 });
    expect(await packageLines()).toBe(before);

    // unpack one P1 from the first carton, pack it with the last into the second
    expect(await c.post('Package', 'unpack', { package_id: first.id, code: 'P1' })).toMatchObject({ contents: [{ product_no: 'P1', quantity: 1 }, { product_no: 'P2', quantity: 1 }] });
    await c.post('Package', 'pack', { package_id: second.id, code: 'P1', quantity: 2 });
    const closed = await c.post('Package', 'close', { package_id: first.id, weight: '2.5' });
    expect(closed).toMatchObject({ status: 1, weight: '2.50', close_time: expect.any(Number) });
    expect((await c.raw.post('/admin/wms.Package/pack', { package_id: first.id, code: 'P1' })).body).toMatchObject({ code: 0, msg: `Package ${first.sscc} is closed: nothing goes in or out any more` });
    expect((await c.raw.post('/admin/wms.Package/unpack', { package_id: first.id, code: 'P1' })).body).toMatchObject({ code: 0, msg: `Package ${first.sscc} is closed: nothing goes in or out any more` });
    // everything is packed, one package still open: picked
    expect((await order(picked.id)).fulfilment_status).toBe(3);
    await c.post('Package', 'close', { package_id: second.id });
    const packed = await order(picked.id);
    expect(packed.fulfilment_status).toBe(4);
    expect(packed.packages.map((p: Row) => [p.sscc, p.type, p.status, p.weight, p.number, p.count, p.contents.map((x: Row) => [x.product_no, x.quantity])])).toEqual([
      [first.sscc, 1, 1, '2.50', 1, 2, [['P1', 1], ['P2', 1]]],
      [second.sscc, 1, 1, '0.00', 2, 2, [['P2', 1], ['P1', 2]]],
    ]);
    expect((await c.get(`/admin/wms.Package/index?outbound_id=${picked.id}`)).total).toBe(2);

    // a packed order ships; the packages stay with it
    const shipped = await c.post('Outbound', 'ship', { id: picked.id, carrier_id: w.carrier.id, courier_number: 'SF9' });
    expect(shipped).toMatchObject({ fulfilment_status: 5, shipment_status: 1, packages: [{ sscc: first.sscc }, { sscc: second.sscc }] });
    expect((await c.get('/admin/wms.Package/orders')).list).toEqual([]);
    expect((await c.raw.post('/admin/wms.Package/add', { outbound_id: picked.id, type: 1 })).body).toMatchObject({ code: 0, msg: `Order ${picked.outbound_no} is shipped already` });
    expect(await stockOf(t)).toMatchObject({ 'P1@Dispatch': 0, 'P2@Dispatch': 0 });
    expect(await t.app.get(ProjectionRebuilder).rebuild()).toMatchObject({ matched: true, ledgerProblems: [], reservationProblems: [] });
  });

  it('refuses to ship an order with packages until everything picked is packed and every package closed; a package needs a picked order', async () => {
    await stockUp(c, w, [{ product: 0, shelf: 0, quantity: 10 }]);
    const draft = await c.add('Outbound', { customer_id: w.customer.id, type: 10, warehouse_id: w.warehouse.id, lines: [line(0, 1)] });
    expect((await c.raw.post('/admin/wms.Package/add', { outbound_id: draft.id, type: 1 })).body).toMatchObject({ code: 0, msg: `Order ${draft.outbound_no} is not picked yet: packages are opened on an order picked in a wave` });
    expect((await c.raw.post('/admin/wms.Package/add', { outbound_id: draft.id, type: 3 })).body.code).toBe(0);
    expect(Number((await t.dataSource.query('SELECT COUNT(*) AS n FROM package'))[0].n)).toBe(0);

    const picked = await pickedOrder([line(0, 4)]);
    const pallet = await c.add('Package', { outbound_id: picked.id, type: 2 });
    const ship = { id: picked.id, carrier_id: w.carrier.id, courier_number: 'SF1' };
    await c.post('Package', 'pack', { package_id: pallet.id, code: 'P1', quantity: 3 });
    const refused = 'This order has packages: pack everything picked and close every package before shipping';
    expect((await c.raw.post('/admin/wms.Outbound/ship', ship)).body).toMatchObject({ code: 0, msg: refused });
    await c.post('Package', 'close', { package_id: pallet.id, weight: 120 });
    // closed but one unit picked and not packed
    expect((await order(picked.id)).fulfilment_status).toBe(3);
    expect((await c.raw.post('/admin/wms.Outbound/ship', ship).set('think-lang', 'zh-cn')).body).toMatchObject({ code: 0, msg: '该订单有包裹：请先把已拣的货物全部装箱并封好每个包裹再发货' });
    expect((await c.raw.post('/admin/wms.Package/close', { package_id: pallet.id })).body).toMatchObject({ code: 0, msg: `Package ${pallet.sscc} is closed: nothing goes in or out any more` });
    // an empty open carton counts for nothing; the last unit in a second one
    const empty = await c.add('Package', { outbound_id: picked.id, type: 1 });
    expect((await c.raw.post('/admin/wms.Package/close', { package_id: empty.id })).body).toMatchObject({ code: 0, msg: `Package ${empty.sscc} holds nothing` });
    const last = await c.add('Package', { outbound_id: picked.id, type: 1 });
    await c.post('Package', 'pack', { package_id: last.id, code: 'P1' });
    await c.post('Package', 'close', { package_id: last.id, weight: '0.75' });
    expect((await order(picked.id)).fulfilment_status).toBe(4);
    expect((await c.post('Outbound', 'ship', ship)).fulfilment_status).toBe(5);
  });

  it('never packs more than was picked when packs race, over two cartons at once', async () => {
    await stockUp(c, w, [{ product: 0, shelf: 0, quantity: 10 }]);
    const picked = await pickedOrder([line(0, 5)]);
    const cartons = [await c.add('Package', { outbound_id: picked.id, type: 1 }), await c.add('Package', { outbound_id: picked.id, type: 1 })];
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => c.raw.post('/admin/wms.Package/pack', { package_id: cartons[i % 2].id, code: 'P1' })));
    expect(answers.filter((a) => a.body.code === 1)).toHaveLength(5);
    for (const a of answers.filter((x) => x.body.code !== 1)) expect(a.body.msg).toBe('Only 0 of product P1 is picked and not packed yet');
    expect(await packageLines()).toBe(5);
    // a pack repeated with the same Idempotency-Key packs once (here: the unpack of one, retried)
    const unpack = () => c.raw.post('/admin/wms.Package/unpack', { package_id: cartons[0].id, code: 'P1' }).set('Idempotency-Key', 'unpack-once');
    expect((await unpack()).body.code).toBe(1);
    expect((await unpack()).body.code).toBe(1);
    expect(await packageLines()).toBe(4);
  });

  it('prints a carton label: the SSCC as GS1-128 (00)… with the ship-to, the order and "carton i of n", as PDF and PNG', async () => {
    await stockUp(c, w, [{ product: 0, shelf: 0, quantity: 10 }]);
    const picked = await pickedOrder([line(0, 2)]);
    const cartons = [await c.add('Package', { outbound_id: picked.id, type: 1 }), await c.add('Package', { outbound_id: picked.id, type: 1 })];
    expect((await download(t, `/admin/wms.Package/label?id=${cartons[0].id}&format=png`, session.token)).json).toMatchObject({ code: 0, msg: `Package ${cartons[0].sscc} holds nothing` });
    for (const carton of cartons) await c.post('Package', 'pack', { package_id: carton.id, code: 'P1' });

    const png = await download(t, `/admin/wms.Package/label?id=${cartons[1].id}&format=png`, session.token);
    expect(png.type).toBe('image/png');
    const symbols = await zbarSymbols(png.body);
    // zbar reads GS1-128 as Code 128 with the FNC1 dropped: the AI 00 and the 18 digits
    expect(symbols.filter((s) => s.type === 'CODE-128').map((s) => s.value.replace(/^\]C1/, ''))).toEqual([`00${cartons[1].sscc}`]);
    expect(symbols.filter((s) => s.type === 'QR-Code').map((s) => s.value)).toEqual([`(00)${cartons[1].sscc}`]);

    const pdf = await download(t, `/admin/wms.Package/label?id=${cartons[0].id}&format=pdf`, session.token, 'zh-cn');
    expect(pdf.type).toBe('application/pdf');
    const [page] = await rasterisePdf(pdf.body, 300);
    expect((await zbarSymbols(page)).filter((s) => s.type === 'CODE-128').map((s) => s.value.replace(/^\]C1/, ''))).toEqual([`00${cartons[0].sscc}`]);
    expect((await download(t, `/admin/wms.Package/label?id=${cartons[0].id}&format=gif`, session.token)).json).toMatchObject({ code: 0 });
  });

  it('takes the SSCC company prefix from the site setting (edited in the site settings, which check it), and refuses a stored one that is not a prefix', async () => {
    await stockUp(c, w, [{ product: 0, shelf: 0, quantity: 10 }]);
    const picked = await pickedOrder([line(0, 1)]);
    expect((await c.raw.post('/admin/routine.Config/edit', { gs1_company_prefix: '12ab' })).body).toMatchObject({ code: 0, msg: 'GS1 company prefix must be 6 to 12 digits, as GS1 assigned it' });
    expect((await c.raw.post('/admin/routine.Config/edit', { gs1_company_prefix: '7610425002' })).body.code).toBe(1);
    expect((await c.add('Package', { outbound_id: picked.id, type: 1 })).sscc).toMatch(/^07610425002\d{7}$/);
    await t.dataSource.query("UPDATE config SET value = '12ab' WHERE name = 'gs1_company_prefix'");
    expect((await c.raw.post('/admin/wms.Package/add', { outbound_id: picked.id, type: 1 })).body).toMatchObject({ code: 0, msg: expect.stringContaining('GS1 company prefix') });
  });

  it('lets only admins holding the rules pack', async () => {
    await createAdmin(t, 'clerk', ['wms/outbound/index']);
    const clerk = as(t, await login(t, 'clerk'));
    expect((await clerk.post('/admin/wms.Package/add', { outbound_id: 1, type: 1 })).body.code).toBe(401);
    expect((await clerk.post('/admin/wms.Package/pack', { package_id: 1, code: 'P1' })).body.code).toBe(401);
    expect((await clerk.get('/admin/wms.Package/label?id=1')).body.code).toBe(401);
    expect((await clerk.get('/admin/wms.Package/orders')).body.code).toBe(401);
    expect((await clerk.get('/admin/wms.Package/order?code=1')).body.code).toBe(401);
  });
});
