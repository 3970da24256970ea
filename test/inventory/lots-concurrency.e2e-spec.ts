import { ProjectionRebuilder } from '../../src/modules/inventory';
import { TestApp } from '../setup/create-test-app';
import { ledgerViolations, orderLedgerMismatches } from '../support/ledger';
import { dayFromToday, inboundLine, lotProduct, outboundLine, receive } from '../support/lots';
import { Client, smallWarehouse, Warehouse } from '../support/warehouse';
import { adminSpec } from '../support/admin-spec';

type Row = Record<string, any>;

/** Lots under parallel keyed requests: allocation decides on locked streams, a lot's first receipt is registered once. */
describe('lots under concurrency', () => {
  let t: TestApp;
  let c: Client;
  let w: Warehouse;
  let milk: Row;
  let key = 0;
  const keyed = (url: string, body: object) => c.raw.post(url, body).set('Idempotency-Key', `lots-race-${++key}`);

  adminSpec({ warehouse: smallWarehouse, ready: (fixture) => ({ t, c, w } = fixture) });
  beforeEach(async () => {
    milk = await lotProduct(c, w, 'MILK');
  });
  afterEach(async () => {
    expect(await ledgerViolations(t)).toEqual([]);
    expect(await orderLedgerMismatches(t)).toEqual([]);
  });

  it('40 parallel outbound audits over four lots on one shelf: no lot below zero, each allocation in the ledger, rebuild matches', async () => {
    const shelf = w.shelves[0];
    await receive(c, w, [
      { product: milk, shelf, quantity: 13, lot_no: 'L1', expiry_date: dayFromToday(10) },
      { product: milk, shelf, quantity: 17, lot_no: 'L2', expiry_date: dayFromToday(20) },
      { product: milk, shelf, quantity: 11, lot_no: 'L3' },
      { product: milk, shelf, quantity: 50, lot_no: 'GONE', expiry_date: dayFromToday(-1) },
    ]);
    // 40 orders of 1–2 each (60 in all) against 41 non-expired: some must be refused, none may touch GONE
    const orders: Row[] = [];
    for (let i = 0; i < 40; i++) orders.push(await c.add('Outbound', { customer_id: w.customer.id, type: 10, lines: [outboundLine(milk, shelf, 1 + (i % 2))] }));
    const answers = await Promise.all(orders.map((o) => keyed('/admin/wms.Outbound/audit', { id: o.id })));
    const audited = answers.filter((a) => a.body.code === 1);
    for (const refused of answers.filter((a) => a.body.code !== 1)) expect(refused.body.msg).toMatch(/^Insufficient stock that has not expired/);
    const taken = audited.reduce((sum, a) => sum + a.body.data.lines[0].actual_quantity, 0);
    expect(taken).toBeGreaterThanOrEqual(40);
    expect(taken).toBeLessThanOrEqual(41);

    const rows: Row[] = await t.dataSource.query('SELECT lot_no, quantity FROM stock WHERE product_id = ? ORDER BY lot_no', [milk.id]);
    const left = Object.fromEntries(rows.map((r) => [r.lot_no, Number(r.quantity)]));
    expect(left.GONE).toBe(50);
    expect(left.L1 + left.L2 + left.L3).toBe(41 - taken);
    for (const quantity of Object.values(left)) expect(quantity).toBeGreaterThanOrEqual(0);
    // first expiry first: L1 is used up before L2 is touched, L2 before L3
    if (left.L2 < 17) expect(left.L1).toBe(0);
    if (left.L3 < 11) expect(left.L2).toBe(0);

    // every allocation answered is in the ledger under its order, lot by lot
    for (const a of audited) {
      const order = a.body.data;
      const history: Row[] = await t.dataSource.query("SELECT lot_no, quantity FROM inventory_history WHERE order_type = 'outbound' AND order_id = ? ORDER BY id", [order.id]);
      expect(history.map((h) => ({ lot_no: h.lot_no, quantity: -Number(h.quantity) }))).toEqual(order.lines[0].allocations);
    }
    // a retried key answers the order as it is and moves nothing more
    const retried = await c.raw.post('/admin/wms.Outbound/audit', { id: orders[0].id }).set('Idempotency-Key', 'lots-race-1');
    expect(retried.body.code).toBe(1);
    expect(await t.app.get(ProjectionRebuilder).rebuild()).toMatchObject({ matched: true, differing: [], ledgerProblems: [] });
  });

  it('parallel first receipts of one lot on two shelves: the lot gets the dates of one of them, the others are refused', async () => {
    const orders: Row[] = [];
    for (let i = 0; i < 12; i++) {
      const dates = i % 2 ? { production_date: '2026-01-01', expiry_date: '2026-06-01' } : { production_date: '2026-02-01', expiry_date: '2026-07-01' };
      orders.push(await c.add('Inbound', { supplier_id: w.supplier.id, type: 10, lines: [inboundLine({ product: milk, shelf: w.shelves[i % 2], quantity: 2, lot_no: 'NEW1', ...dates })] }));
    }
    const answers = await Promise.all(orders.map((o) => keyed('/admin/wms.Inbound/audit', { id: o.id })));
    const lots: Row[] = await t.dataSource.query('SELECT production_date, expiry_date FROM stock_lot WHERE product_id = ?', [milk.id]);
    expect(lots).toHaveLength(1);
    const winner = lots[0].production_date === '2026-01-01' ? 1 : 0;
    expect(answers.map((a) => a.body.code)).toEqual(orders.map((_, i) => (i % 2 === winner ? 1 : 0)));
    const rows: Row[] = await t.dataSource.query('SELECT warehouse_shelf_id, quantity, expiry_date FROM stock WHERE product_id = ?', [milk.id]);
    expect(rows).toEqual([{ warehouse_shelf_id: w.shelves[winner].id, quantity: 12, expiry_date: lots[0].expiry_date }]);
    expect(await t.app.get(ProjectionRebuilder).rebuild()).toMatchObject({ matched: true, differing: [] });
  });
});
