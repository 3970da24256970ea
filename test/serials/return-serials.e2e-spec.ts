import { TestApp } from '../setup/create-test-app';
import { adminSpec } from '../support/admin-spec';
import { Client, smallWarehouse, stockOf, Warehouse } from '../support/warehouse';
import { serialRow, serialHistory } from '../support/serials';

type Row = Record<string, any>;

/**
 * A customer return of a serial-tracked product (docs/SERIALS.md): the serial returned comes back into stock
 * (its history out → return in); a serial the order never shipped, or one already returned, is refused naming
 * the line, the serial and the order, when the return is written and again at its audit.
 */
describe('serial numbers in a customer return', () => {
  let t: TestApp;
  let c: Client;
  let w: Warehouse;
  adminSpec({ warehouse: smallWarehouse, ledgerChecks: true, ready: (f) => ((t = f.t), (c = f.c), (w = f.w)) });

  const P1 = () => w.products[0].id;
  const S1 = () => w.shelves[0].id;
  const S2 = () => w.shelves[1].id;
  const serial = async (serialNo: string): Promise<Row> => (await serialRow(c, P1(), serialNo))!;
  const history = (serialNo: string) => serialHistory(c, P1(), serialNo);
  const ship = async (serials: string[]) => {
    const order = await c.add('Outbound', { customer_id: w.customer.id, type: 10, lines: [{ product_id: P1(), warehouse_shelf_id: S1(), plan_quantity: serials.length, actual_quantity: serials.length, price: '5.00', serials }] });
    return c.post('Outbound', 'audit', { id: order.id });
  };
  const returnBody = (outboundId: number, serials: string[], disposition = 1) => ({
    outbound_id: outboundId,
    lines: [{ product_id: P1(), warehouse_shelf_id: S2(), quantity: serials.length, disposition, reason: 'customer changed mind', serials }],
  });
  const refusal = async (url: string, body: object, lang = 'en') => {
    const res = await c.raw.post(url, body).set('think-lang', lang);
    expect(res.body.code).toBe(0);
    return String(res.body.msg);
  };

  /** SN-1…SN-4 received on S1; order A ships SN-1, SN-2 and SN-3, order B ships SN-4; SN-5 stays on S1. */
  const setUp = async () => {
    await c.post('Product', 'edit', { ...w.products[0], serial_tracked: 1 });
    const inbound = await c.add('Inbound', { supplier_id: w.supplier.id, type: 10, lines: [{ product_id: P1(), warehouse_shelf_id: S1(), plan_quantity: 5, actual_quantity: 5, price: '3.00', serials: ['SN-1', 'SN-2', 'SN-3', 'SN-4', 'SN-5'] }] });
    await c.post('Inbound', 'audit', { id: inbound.id });
    return { a: await ship(['SN-1', 'SN-2', 'SN-3']), b: await ship(['SN-4']) };
  };

  it('given SN-1 shipped by order A, when it comes back (restock onto S2), then it is in stock on S2 and its history reads in, out, return in', async () => {
    const { a } = await setUp();
    expect(await serial('SN-1')).toMatchObject({ in_stock: 0 });
    // the form learns from what is returnable that the line scans serials
    expect((await c.get(`/admin/wms.Return/returnable?outbound_id=${a.id}`)).returnable).toEqual([expect.objectContaining({ product_id: P1(), returnable: 3, product: expect.objectContaining({ serial_tracked: 1, lot_tracked: 0 }) })]);
    const order = await c.add('Return', returnBody(a.id, [' sn-1 ']));
    expect(order.lines[0]).toMatchObject({ quantity: 1, serials: ['SN-1'] });
    await c.post('Return', 'audit', { id: order.id });
    expect(await serial('SN-1')).toMatchObject({ in_stock: 1, warehouse_shelf_id: S2(), shelf_location: 'Main / Area A / S2' });
    expect(await history('SN-1')).toEqual([
      ['inbound', 10, 1, 'Main / Area A / S1'],
      ['outbound', 40, -1, 'Main / Area A / S1'],
      ['return', 150, 1, 'Main / Area A / S2'],
    ]);
    expect((await serial('SN-1')).movements[2].order_no).toBe(order.return_no);
    expect(await stockOf(t)).toMatchObject({ 'P1@S1': 1, 'P1@S2': 1 });
    // scrapped: in (150) and out again (110), the serial gone
    const scrap = await c.add('Return', returnBody(a.id, ['SN-3'], 3));
    await c.post('Return', 'audit', { id: scrap.id });
    expect(await serial('SN-3')).toMatchObject({ in_stock: 0 });
    expect((await history('SN-3')).map((m: unknown[]) => m.slice(0, 3))).toEqual([
      ['inbound', 10, 1],
      ['outbound', 40, -1],
      ['return', 150, 1],
      ['adjustment', 110, -1],
    ]);
  });

  it('refuses a serial the order never shipped (in stock, shipped by another order, or never seen) and one already returned, in both languages', async () => {
    const { a, b } = await setUp();
    const url = '/admin/wms.Return/add';
    expect(await refusal(url, returnBody(a.id, ['SN-5']))).toBe(`Line 1: serial number SN-5 of Product 1 (P1) was not shipped by order ${a.outbound_no} (or is returned already)`);
    expect(await refusal(url, returnBody(a.id, ['sn-5']), 'zh-cn')).toBe(`第 1 行：Product 1 (P1) 的序列号 SN-5 不是出库单 ${a.outbound_no} 发出的（或已退回）`);
    expect(await refusal(url, returnBody(a.id, ['SN-4']))).toContain('SN-4');
    expect(await refusal(url, returnBody(a.id, ['SN-1', 'NEVER-1']))).toContain('NEVER-1');
    // against its own order SN-4 comes back
    await c.post('Return', 'audit', { id: (await c.add('Return', returnBody(b.id, ['SN-4']))).id });
    expect(await serial('SN-4')).toMatchObject({ in_stock: 1, warehouse_shelf_id: S2() });

    // two returns of SN-2 written while neither is audited: the second is refused at its audit, nothing moved
    const first = await c.add('Return', returnBody(a.id, ['SN-2']));
    const second = await c.add('Return', returnBody(a.id, ['SN-2']));
    await c.post('Return', 'audit', { id: first.id });
    const before = await stockOf(t);
    expect(await refusal('/admin/wms.Return/audit', { id: second.id })).toBe(`Line 1: serial number SN-2 of Product 1 (P1) was not shipped by order ${a.outbound_no} (or is returned already)`);
    expect(await stockOf(t)).toEqual(before);
    expect((await c.get(`/admin/wms.Return/edit?id=${second.id}`)).row).toMatchObject({ audit_status: 0 });
    // and written again now: refused at once
    expect(await refusal(url, returnBody(a.id, ['SN-2']))).toContain('SN-2');
    expect(await history('SN-2')).toEqual([
      ['inbound', 10, 1, 'Main / Area A / S1'],
      ['outbound', 40, -1, 'Main / Area A / S1'],
      ['return', 150, 1, 'Main / Area A / S2'],
    ]);
  });
});
