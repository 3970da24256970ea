import { TestApp } from '../setup/create-test-app';
import { adminSpec } from '../support/admin-spec';
import { Client, smallWarehouse, stockOf, Warehouse } from '../support/warehouse';
import { receiveSerials, serialRow, serialHistory } from '../support/serials';

type Row = Record<string, any>;

/**
 * A wave pick of a serial-tracked product (docs/SERIALS.md, Waves): the pick task takes only serials on its
 * pick shelf, the serials picked become the order line's, the projection (`wms.Serial/index`) follows them
 * to staging and out with the ship.
 */
describe('serial numbers in a wave pick', () => {
  let t: TestApp;
  let c: Client;
  let w: Warehouse;
  adminSpec({ warehouse: smallWarehouse, ledgerChecks: true, ready: (f) => ((t = f.t), (c = f.c), (w = f.w)) });

  const P1 = () => w.products[0].id;
  const receive = (serials: string[], shelf: number) => receiveSerials(c, w, P1(), serials, shelf);
  const serial = async (serialNo: string): Promise<Row> => (await serialRow(c, P1(), serialNo))!;
  const history = (serialNo: string) => serialHistory(c, P1(), serialNo);
  const confirm = (body: object, lang = 'en') => c.raw.post('/admin/wms.Task/confirm', body).set('think-lang', lang);

  it('given SN-1 and SN-2 on S1 and SN-9 on S2, when a pick of 2 from S1 names SN-9, then it is refused in both languages; SN-1 and SN-2 are picked to staging, become the line’s serials and ship out', async () => {
    await c.post('Product', 'edit', { ...w.products[0], serial_tracked: 1 });
    await receive(['SN-1', 'SN-2'], w.shelves[0].id);
    await receive(['SN-9'], w.shelves[1].id);
    const dock = await c.add('Shelf', { warehouse_id: w.warehouse.id, warehouse_area_id: w.area.id, name: 'Dispatch', serial_no: 'ST1', kind: 2 });
    // the line names no serials yet: the pick names them
    const order = await c.add('Outbound', { customer_id: w.customer.id, type: 10, warehouse_id: w.warehouse.id, lines: [{ product_id: P1(), plan_quantity: 2, actual_quantity: 2, price: '5.00' }] });
    const wave = await c.add('Wave', { warehouse_id: w.warehouse.id, outbound_ids: [order.id] });
    await c.post('Wave', 'release', { id: wave.id });
    const task = await c.post('Task', 'next', { wave_id: wave.id });
    expect(task).toMatchObject({ quantity: 2, from_shelf: { name: 'S1' }, product: { product_no: 'P1', serial_tracked: 1 } });
    const body = { id: task.id, from_code: 'S1', product_code: 'P1', quantity: 2 };

    expect((await confirm(body)).body).toMatchObject({ code: 0, msg: 'Product 1 (P1) is serial-tracked: scan one serial number per unit (2 needed)' });
    expect((await confirm({ ...body, serials: ['SN-1'] })).body.code).toBe(0);
    expect((await confirm({ ...body, serials: ['SN-1', 'SN-9'] })).body).toMatchObject({ code: 0, msg: 'Serial number SN-9 of Product 1 (P1) is not on shelf Main / Area A / S1' });
    expect((await confirm({ ...body, serials: ['SN-1', 'SN-9'] }, 'zh-cn')).body).toMatchObject({ code: 0, msg: 'Product 1 (P1) 的序列号 SN-9 不在货架 Main / Area A / S1 上' });
    expect((await confirm({ ...body, serials: ['SN-1', 'NEVER'] })).body.msg).toContain('NEVER');
    // nothing moved by the refusals
    expect(await stockOf(t)).toMatchObject({ 'P1@S1': 2, 'P1@S2': 1 });
    expect(await serial('SN-9')).toMatchObject({ in_stock: 1, warehouse_shelf_id: w.shelves[1].id });
    expect((await c.get(`/admin/wms.Task/index?wave_id=${wave.id}`)).list[0]).toMatchObject({ id: task.id, status: 1, done_quantity: 0 });

    expect((await confirm({ ...body, serials: ['sn-2', 'SN-1'] })).body.code).toBe(1);
    expect(await stockOf(t)).toMatchObject({ 'P1@S1': 0, 'P1@Dispatch': 2, 'P1@S2': 1 });
    expect(await serial('SN-1')).toMatchObject({ in_stock: 1, warehouse_shelf_id: dock.id, shelf_location: 'Main / Area A / Dispatch' });
    expect(await history('SN-2')).toEqual([
      ['inbound', 10, 1, 'Main / Area A / S1'],
      ['wave', 120, -1, 'Main / Area A / S1'],
      ['wave', 120, 1, 'Main / Area A / Dispatch'],
    ]);
    expect((await c.get(`/admin/wms.Outbound/edit?id=${order.id}`)).row.lines[0].serials).toEqual(['SN-2', 'SN-1']);

    const shipped = await c.post('Outbound', 'ship', { id: order.id, carrier_id: w.carrier.id, courier_number: 'SF1' });
    expect(shipped).toMatchObject({ fulfilment_status: 5, audit_status: 1 });
    for (const s of ['SN-1', 'SN-2']) {
      expect(await serial(s)).toMatchObject({ in_stock: 0, warehouse_shelf_id: dock.id });
      expect((await history(s)).at(-1)).toEqual(['outbound', 40, -1, 'Main / Area A / Dispatch']);
    }
    expect((await serial('SN-2')).movements.at(-1).order_no).toBe(order.outbound_no);
    // SN-9 never left S2; the list answers it alone in stock
    const inStock = await c.get(`/admin/wms.Serial/index?product_id=${P1()}&in_stock=1`);
    expect(inStock.list.map((s: Row) => s.serial_no)).toEqual(['SN-9']);
    expect(await stockOf(t)).toMatchObject({ 'P1@Dispatch': 0, 'P1@S2': 1 });
  });
});
