import { ProjectionRebuilder } from '../../src/modules/inventory';
import { OrdersLedgerReader } from '../../src/modules/orders';
import { TestApp } from '../setup/create-test-app';
import { Session } from '../support/api';
import { adminSpec } from '../support/admin-spec';
import { download } from '../support/download';
import { lotProduct, outboundLine, receive } from '../support/lots';
import { compact, readPdf } from '../support/pdf';
import { Client, smallWarehouse, Warehouse } from '../support/warehouse';
import { subscribeWebhook } from '../support/webhook-receiver';

type Row = Record<string, any>;

/** Customer returns (docs/RETURNS.md): against a shipped order, dispositions, the returnable quantity enforced; the lot trace. */
describe('customer returns and the lot trace', () => {
  let t: TestApp;
  let c: Client;
  let w: Warehouse;
  let session: Session;
  adminSpec({ warehouse: smallWarehouse, ledgerChecks: true, ready: (f) => ((t = f.t), (c = f.c), (w = f.w), (session = f.session)) });

  let milk: Row;
  let hold: Row;
  let shipped: Row;
  const refusal = async (url: string, body: object, lang = 'en') => {
    const res = await c.raw.post(url, body).set('think-lang', lang);
    expect(res.body.code).toBe(0);
    return String(res.body.msg);
  };
  const line = (quantity: number, disposition: number, shelf: Row, lotNo = 'L1', reason = 'customer changed mind') => ({ product_id: milk.id, lot_no: lotNo, quantity, disposition, warehouse_shelf_id: shelf.id, reason });
  const events = async (formType: number) => t.dataSource.query('SELECT warehouse_shelf_id, lot_no, quantity, order_type FROM inventory_history WHERE form_type = ? ORDER BY id', [formType]);

  /** 12 of lot L1 received on S1 (Acme Supply), 10 shipped to Big Shop. */
  const shipTen = async () => {
    milk = await lotProduct(c, w, 'MILK');
    hold = await c.add('Shelf', { warehouse_id: w.warehouse.id, warehouse_area_id: w.area.id, name: 'QC', serial_no: 'QC', kind: 3 });
    await receive(c, w, [{ product: milk, shelf: w.shelves[0], quantity: 12, lot_no: 'L1', expiry_date: '2099-01-01' }]);
    const order = await c.add('Outbound', { customer_id: w.customer.id, type: 10, lines: [outboundLine(milk, w.shelves[0], 10, 'L1')] });
    shipped = await c.post('Outbound', 'audit', { id: order.id });
  };

  it('given 10 shipped, when 6 come back (3 restock, 2 hold, 1 scrap), then form type 150 onto each shelf, the scrap adjusted out, and a return of 5 more is refused naming 5 and 4', async () => {
    await subscribeWebhook(c, ['return.audited']);
    await shipTen();
    const offered = await c.get(`/admin/wms.Return/returnable?outbound_id=${shipped.id}`);
    expect(offered.returnable).toEqual([{ product_id: milk.id, lot_no: 'L1', shipped: 10, returned: 0, returnable: 10, price: '5.00', product: expect.objectContaining({ product_no: 'MILK', lot_tracked: 1 }) }]);
    expect(offered.outbound).toMatchObject({ id: shipped.id, outbound_no: shipped.outbound_no, customer_name: 'Big Shop' });

    const order = await c.add('Return', { outbound_id: shipped.id, lines: [line(3, 1, w.shelves[1]), line(2, 2, hold, 'l1'), line(1, 3, hold, 'L1', 'crushed')] });
    expect(order.return_no).toMatch(/^TH\d{8}-\d{4}$/);
    expect(order).toMatchObject({ customer_id: w.customer.id, outbound_id: shipped.id, outbound_no: shipped.outbound_no, audit_status: 0 });
    expect(order.lines.map((l: Row) => [l.lot_no, l.quantity, l.disposition, l.price, l.total_price])).toEqual([
      ['L1', 3, 1, '5.00', '15.00'],
      ['L1', 2, 2, '5.00', '10.00'],
      ['L1', 1, 3, '5.00', '5.00'],
    ]);
    const audited = await c.post('Return', 'audit', { id: order.id });
    expect(audited).toMatchObject({ audit_status: 1, returnable: [{ lot_no: 'L1', shipped: 10, returned: 6, returnable: 4 }] });
    expect(await events(150)).toEqual([
      { warehouse_shelf_id: w.shelves[1].id, lot_no: 'L1', quantity: 3, order_type: 'return' },
      { warehouse_shelf_id: hold.id, lot_no: 'L1', quantity: 2, order_type: 'return' },
      { warehouse_shelf_id: hold.id, lot_no: 'L1', quantity: 1, order_type: 'return' },
    ]);
    expect(await events(110)).toEqual([{ warehouse_shelf_id: hold.id, lot_no: 'L1', quantity: -1, order_type: 'adjustment' }]);
    const [audit] = await t.dataSource.query("SELECT body FROM webhook_outbox WHERE type = 'return.audited'");
    expect(JSON.parse(audit.body)).toMatchObject({ data: { return_no: order.return_no, audit_status: 1 } });
    expect(JSON.parse(audit.body).ledger).toHaveLength(4); // three receipts (150) and the scrap (110)
    const scrap = await c.get(`/admin/wms.Adjustment/edit?id=${audited.scrap_adjustment_id}`);
    expect(scrap.row).toMatchObject({ audit_status: 1, order_sn: order.return_no });
    expect(scrap.row.lines.map((l: Row) => [l.quantity, l.reason, l.lot_no])).toEqual([[-1, 'return_scrap', 'L1']]);
    // on hand: S1 2 left, S2 3 restocked (available), QC 2 held (available 0)
    const stock = (await c.get(`/admin/wms.Stock/index?product_id=${milk.id}&limit=10`)).list as Row[];
    expect(Object.fromEntries(stock.map((r) => [r.shelf.name, [r.quantity, r.available_quantity]]))).toEqual({ S1: [2, 2], S2: [3, 3], QC: [2, 0] });

    // 5 more: refused at save and naming both figures, in either language
    const five = { outbound_id: shipped.id, lines: [line(5, 1, w.shelves[1])] };
    expect(await refusal('/admin/wms.Return/add', five)).toBe('Line 1: 5 of Lot product MILK (MILK) lot L1 cannot be returned: only 4 can still be (shipped 10, returned 6)');
    expect(await refusal('/admin/wms.Return/add', five, 'zh-cn')).toBe('第 1 行：Lot product MILK (MILK) 批次 L1 不能退回 5：最多还可退回 4（已发货 10，已退回 6）');
    // an audited return is neither edited nor deleted
    expect((await c.raw.post('/admin/wms.Return/edit', { id: order.id, outbound_id: shipped.id, lines: [line(1, 1, w.shelves[1])] })).body.code).toBe(0);

    // the return receipt
    const pdf = await download(t, `/admin/wms.Return/print?id=${order.id}&format=pdf`, session.token);
    expect(pdf.type).toContain('application/pdf');
    const text = compact((await readPdf(pdf.body)).text);
    for (const expected of ['Customerreturnreceipt', order.return_no, shipped.outbound_no, 'BigShop', 'Restock', 'Hold', 'Scrap', 'crushed']) expect(text).toContain(expected);

    // the trace: from Acme Supply, to Big Shop with 6 back, where it is now; its totals are the ledger's
    const trace = await c.get(`/admin/wms.Lot/trace?product_id=${milk.id}&lot_no=l1`);
    expect(trace.receipts.map((r: Row) => [r.supplier_name, r.quantity])).toEqual([['Acme Supply', 12]]);
    expect(trace.shipments.map((s: Row) => [s.order_no, s.customer_name, s.quantity, s.returned])).toEqual([[shipped.outbound_no, 'Big Shop', 10, 6]]);
    expect(trace.returns.map((r: Row) => [r.order_no, r.quantity])).toEqual([[order.return_no, 6]]);
    expect(trace.other.map((o: Row) => [o.form_type, o.quantity])).toEqual([[110, -1]]);
    expect(trace.on_hand.map((s: Row) => [s.shelf_name, s.quantity])).toEqual([['S1', 2], ['S2', 3], ['QC', 2]]);
    const [ledger] = await t.dataSource.query("SELECT SUM(quantity) AS n FROM inventory_event e JOIN inventory_history h ON h.event_id = e.id WHERE h.product_id = ? AND h.lot_no = 'L1'", [milk.id]);
    expect(trace.totals).toEqual({ received: 12, shipped: 10, returned: 6, other: -1, on_hand: 7, ledger: Number(ledger.n) });
    expect(trace.totals.received - trace.totals.shipped + trace.totals.returned + trace.totals.other).toBe(trace.totals.on_hand);
    const csv = (await download(t, `/admin/wms.Lot/trace/export?product_id=${milk.id}&lot_no=L1`, session.token)).body.toString('utf8');
    expect(csv).toContain(shipped.outbound_no);
    expect(csv).toContain('Big Shop');
    const xlsx = await download(t, `/admin/wms.Lot/trace/export?product_id=${milk.id}&lot_no=L1&format=xlsx`, session.token);
    expect(xlsx.body.subarray(0, 2).toString()).toBe('PK');

    // the projections rebuilt from the ledger match, the block and returns untouched; every order agrees with the ledger
    await c.post('Lot', 'block', { product_id: milk.id, lot_no: 'L1', reason: 'recall' });
    expect(await t.app.get(ProjectionRebuilder).rebuild()).toMatchObject({ matched: true, differing: [], ledgerProblems: [] });
    expect((await c.get('/admin/wms.Lot/index?blocked=1')).list.map((l: Row) => l.lot_no)).toEqual(['L1']);
    expect(await t.app.get(OrdersLedgerReader).check(t.dataSource.manager)).toMatchObject({ mismatches: 0, problems: [] });
  });

  it('given 20 returns of 1 against a shipment with 4 left, when all are audited at once, then exactly 4 go through', async () => {
    await shipTen();
    const six = await c.add('Return', { outbound_id: shipped.id, lines: [line(6, 1, w.shelves[1])] });
    await c.post('Return', 'audit', { id: six.id });
    const returns = await Promise.all(Array.from({ length: 20 }, () => c.add('Return', { outbound_id: shipped.id, lines: [line(1, 1, w.shelves[1])] })));
    const answers = await Promise.all(returns.map((r) => c.raw.post('/admin/wms.Return/audit', { id: r.id })));
    expect(answers.filter((a) => a.body.code === 1)).toHaveLength(4);
    for (const refused of answers.filter((a) => a.body.code !== 1)) expect(refused.body.msg).toMatch(/only 0 can still be \(shipped 10, returned 10\)/);
    const [back] = await t.dataSource.query('SELECT SUM(l.quantity) AS n FROM return_order_line l JOIN return_order o ON o.id = l.return_order_id WHERE o.audit_status = 1');
    expect(Number(back.n)).toBe(10);
    expect((await c.get(`/admin/wms.Return/returnable?outbound_id=${shipped.id}`)).returnable[0]).toMatchObject({ returned: 10, returnable: 0 });
  });

  it('refuses a return against an unshipped order, a restock onto a hold shelf, a hold onto a storage shelf, a lot not shipped; honours Idempotency-Key on add', async () => {
    await shipTen();
    const open = await c.add('Outbound', { customer_id: w.customer.id, type: 10, lines: [outboundLine(milk, w.shelves[0], 1, 'L1')] });
    expect(await refusal('/admin/wms.Return/add', { outbound_id: open.id, lines: [line(1, 1, w.shelves[1])] })).toBe('Only a shipped outbound order can be returned against');
    expect(await refusal('/admin/wms.Return/add', { outbound_id: shipped.id, lines: [line(1, 1, hold)] })).toBe('Line 1: restocked goods go onto a storage shelf, not Main / Area A / QC');
    expect(await refusal('/admin/wms.Return/add', { outbound_id: shipped.id, lines: [line(1, 2, w.shelves[1])] })).toBe('Line 1: held goods go onto a hold shelf, not Main / Area A / S2');
    expect(await refusal('/admin/wms.Return/add', { outbound_id: shipped.id, lines: [line(1, 1, w.shelves[1], 'OTHER')] })).toMatch(/^Line 1: 1 of .* lot OTHER cannot be returned: only 0/);
    expect(await refusal('/admin/wms.Return/add', { outbound_id: shipped.id, lines: [{ ...line(1, 1, w.shelves[1]), lot_no: '' }] })).toMatch(/lot-tracked/);
    expect(await refusal('/admin/wms.Return/add', { outbound_id: shipped.id, lines: [line(1, 4, w.shelves[1])] })).toMatch(/invalid value/);

    const body = { outbound_id: shipped.id, lines: [line(2, 1, w.shelves[1])] };
    const first = await c.raw.post('/admin/wms.Return/add', body).set('Idempotency-Key', 'return-1');
    const again = await c.raw.post('/admin/wms.Return/add', body).set('Idempotency-Key', 'return-1');
    expect(again.body.data.id).toBe(first.body.data.id);
    expect(Number((await t.dataSource.query('SELECT COUNT(*) AS n FROM return_order'))[0].n)).toBe(1);
    // unaudited: edited and deleted
    const edited = await c.post('Return', 'edit', { id: first.body.data.id, outbound_id: shipped.id, lines: [line(1, 2, hold)] });
    expect(edited.lines.map((l: Row) => [l.quantity, l.disposition])).toEqual([[1, 2]]);
    expect((await c.get('/admin/wms.Return/index?quickSearch=' + encodeURIComponent(shipped.outbound_no))).list.map((r: Row) => r.outbound.outbound_no)).toEqual([shipped.outbound_no]);
    expect((await c.raw.del(`/admin/wms.Return/del?ids[]=${first.body.data.id}`)).body.code).toBe(1);
  });
});
