import { TestApp } from '../setup/create-test-app';
import { adminSpec } from '../support/admin-spec';
import { Client, smallWarehouse, stockOf, Warehouse } from '../support/warehouse';
import { receiveSerials, serialRow } from '../support/serials';

type Row = Record<string, any>;

/**
 * The classic audit of a reserved outbound order of a serial-tracked product (docs/SERIALS.md, Waves): the
 * line's serials go to its reservations in order, each serial on its reservation's shelf; a serial on the
 * wrong shelf refuses the whole audit, keeping the reservations.
 */
describe('serial numbers in the audit of a reserved outbound order', () => {
  let t: TestApp;
  let c: Client;
  let w: Warehouse;
  adminSpec({ warehouse: smallWarehouse, ledgerChecks: true, ready: (f) => ((t = f.t), (c = f.c), (w = f.w)) });

  const P1 = () => w.products[0].id;
  const receive = (serials: string[], shelf: number) => receiveSerials(c, w, P1(), serials, shelf);
  const serial = async (serialNo: string): Promise<Row> => (await serialRow(c, P1(), serialNo))!;
  const lineOf = (serials: string[]) => ({ product_id: P1(), plan_quantity: 3, actual_quantity: 3, price: '5.00', serials });
  const reservations = async () => Number((await t.dataSource.query('SELECT COUNT(*) AS n FROM stock_reservation'))[0].n);

  it('given 3 reserved over S1 (SN-1, SN-2) and S2 (SN-9), when the line lists SN-9 first, then the audit is refused and nothing moves; listed in reservation order, the audit issues each from its shelf', async () => {
    await c.post('Product', 'edit', { ...w.products[0], serial_tracked: 1 });
    await receive(['SN-1', 'SN-2'], w.shelves[0].id);
    await receive(['SN-9'], w.shelves[1].id);
    const order = await c.add('Outbound', { customer_id: w.customer.id, type: 10, warehouse_id: w.warehouse.id, lines: [lineOf(['SN-9', 'SN-1', 'SN-2'])] });
    const reserved = await c.post('Outbound', 'reserve', { id: order.id });
    expect(reserved.lines[0].reservations).toEqual([
      { warehouse_shelf_id: w.shelves[0].id, lot_no: '', quantity: 2 },
      { warehouse_shelf_id: w.shelves[1].id, lot_no: '', quantity: 1 },
    ]);

    // SN-9 and SN-1 go to the S1 reservation: SN-9 is not there
    const refused = await c.raw.post('/admin/wms.Outbound/audit', { id: order.id });
    expect(refused.body).toMatchObject({ code: 0, msg: 'Serial number SN-9 of Product 1 (P1) is not on shelf Main / Area A / S1' });
    const zh = await c.raw.post('/admin/wms.Outbound/audit', { id: order.id }).set('think-lang', 'zh-cn');
    expect(zh.body).toMatchObject({ code: 0, msg: 'Product 1 (P1) 的序列号 SN-9 不在货架 Main / Area A / S1 上' });
    expect(await stockOf(t)).toMatchObject({ 'P1@S1': 2, 'P1@S2': 1 });
    expect(await serial('SN-9')).toMatchObject({ in_stock: 1, warehouse_shelf_id: w.shelves[1].id });
    expect(await reservations()).toBe(2);
    expect((await c.get(`/admin/wms.Outbound/edit?id=${order.id}`)).row).toMatchObject({ audit_status: 0, fulfilment_status: 1 });

    // listed in the reservations' order (release, correct, reserve again): each serial leaves its own shelf
    await c.post('Outbound', 'unreserve', { id: order.id });
    await c.post('Outbound', 'edit', { id: order.id, customer_id: w.customer.id, type: 10, warehouse_id: w.warehouse.id, lines: [lineOf(['sn-2', 'SN-1', 'SN-9'])] });
    await c.post('Outbound', 'reserve', { id: order.id });
    const audited = await c.post('Outbound', 'audit', { id: order.id });
    expect(audited).toMatchObject({ audit_status: 1 });
    expect(await reservations()).toBe(0);
    expect(await stockOf(t)).toMatchObject({ 'P1@S1': 0, 'P1@S2': 0 });
    const out = async (s: string) => (await serial(s)).movements.map((m: Row) => [m.order_type, m.form_type, m.direction, m.shelf_location]).at(-1);
    expect(await out('SN-2')).toEqual(['outbound', 40, -1, 'Main / Area A / S1']);
    expect(await out('SN-1')).toEqual(['outbound', 40, -1, 'Main / Area A / S1']);
    expect(await out('SN-9')).toEqual(['outbound', 40, -1, 'Main / Area A / S2']);
    expect((await c.get(`/admin/wms.Serial/index?product_id=${P1()}&in_stock=1`)).total).toBe(0);
  });
});
