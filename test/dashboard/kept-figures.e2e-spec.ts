import { ProjectionRebuilder } from '../../src/modules/inventory';
import { QueryCounter } from '../../src/shared/database/query-counter';
import { TestApp } from '../setup/create-test-app';
import { adminSpec } from '../support/admin-spec';
import { dayFromToday, lotProduct, outboundLine, receive } from '../support/lots';
import { Client, smallWarehouse, stockUp, Warehouse } from '../support/warehouse';

type Row = Record<string, any>;

/**
 * The dashboard's figures kept by the ledger in each posting's transaction (monthly statistics, each lot's
 * stock over its shelves) agree with the same figures computed from scratch — from the daily statistics and
 * the stock rows — after a mix of receipts, issues of named and first-expiring lots, moves and an
 * adjustment; a rebuild recomputes them from the ledger and finds them equal; a dashboard request sends a
 * fixed number of statements however many lots and days there are.
 */
describe('dashboard: figures kept by the ledger', () => {
  let t: TestApp;
  let c: Client;
  let w: Warehouse;

  adminSpec({ warehouse: smallWarehouse, ready: (fixture) => ({ t, c, w } = fixture) });

  /** What the dashboard computed per request before the figures were kept: from the stock rows and the days. */
  async function fromScratch(warnUntil: string) {
    const [expiring] = await t.dataSource.query(
      `SELECT COUNT(*) AS lots, COALESCE(SUM(quantity), 0) AS quantity FROM
         (SELECT product_id, lot_no, SUM(quantity) AS quantity FROM stock WHERE quantity > 0 AND expiry_date <> '' AND expiry_date <= ? GROUP BY product_id, lot_no) expiring`,
      [warnUntil],
    );
    const lots: Row[] = await t.dataSource.query(
      "SELECT product_id, lot_no, SUM(quantity) AS quantity FROM stock WHERE lot_no <> '' GROUP BY product_id, lot_no ORDER BY product_id, lot_no",
    );
    const months: Row[] = await t.dataSource.query(
      'SELECT SUBSTR(day, 1, 7) AS month, form_type, SUM(quantity) AS quantity, SUM(ROUND(amount * 100)) AS cents FROM inventory_daily_stat GROUP BY SUBSTR(day, 1, 7), form_type ORDER BY month, form_type',
    );
    return {
      expiring: { lots: Number(expiring.lots), quantity: Number(expiring.quantity) },
      lots: lots.map((r) => `${r.product_id}:${r.lot_no}=${Number(r.quantity)}`),
      months: months.map((r) => `${r.month}|${r.form_type}|${Number(r.quantity)}|${Math.round(Number(r.cents))}`),
    };
  }

  async function kept() {
    const lots: Row[] = await t.dataSource.query('SELECT product_id, lot_no, quantity FROM stock_lot ORDER BY product_id, lot_no');
    const months: Row[] = await t.dataSource.query('SELECT month, form_type, quantity, ROUND(amount * 100) AS cents FROM inventory_monthly_stat ORDER BY month, form_type');
    return {
      lots: lots.map((r) => `${r.product_id}:${r.lot_no}=${Number(r.quantity)}`),
      months: months.map((r) => `${r.month}|${r.form_type}|${Number(r.quantity)}|${Math.round(Number(r.cents))}`),
    };
  }

  it('keeps the monthly statistics and each lot’s stock as a from-scratch computation gives them, and a rebuild agrees', async () => {
    const milk = await lotProduct(c, w, 'MILK', 0);
    const [S1, S2] = w.shelves;
    await receive(c, w, [
      { product: milk, shelf: S1, quantity: 20, lot_no: 'a1', expiry_date: dayFromToday(10) },
      { product: milk, shelf: S2, quantity: 5, lot_no: 'b1', expiry_date: dayFromToday(200) },
      { product: milk, shelf: S2, quantity: 4, lot_no: 'c1', expiry_date: dayFromToday(5) },
      { product: milk, shelf: S1, quantity: 7, lot_no: 'd1' },
    ]);
    await stockUp(c, w, [{ product: 0, shelf: 0, quantity: 10, price: '2.50' }]);
    // issues: a named lot, and first-expiring-first-out on S2 (takes all of C1, then B1)
    for (const lines of [[outboundLine(milk, S1, 6, 'A1')], [outboundLine(milk, S2, 5)], [{ product_id: w.products[0].id, warehouse_shelf_id: S1.id, plan_quantity: 3, actual_quantity: 3, price: '4.00' }]]) {
      const order = await c.add('Outbound', { customer_id: w.customer.id, type: 10, lines });
      await c.post('Outbound', 'audit', { id: order.id });
    }
    // a move of A1 to the other shelf (the lot's stock unchanged, its shelves two)
    const relocation = await c.add('Relocation', { lines: [{ product_id: milk.id, source_warehouse_shelf_id: S1.id, target_warehouse_shelf_id: S2.id, plan_quantity: 4, lot_no: 'A1' }] });
    await c.post('Relocation', 'audit', { id: relocation.id });
    await c.post('Relocation', 'move', { id: relocation.id, lines: relocation.lines.map((l: Row) => ({ id: l.id, quantity: l.plan_quantity })) });
    // an adjustment: 2 of D1 lost
    const adjustment = await c.add('Adjustment', { lines: [{ product_id: milk.id, warehouse_shelf_id: S1.id, quantity: -2, reason: 'damaged', lot_no: 'D1' }] });
    await c.post('Adjustment', 'audit', { id: adjustment.id });

    const warnUntil = dayFromToday(30);
    const scratch = await fromScratch(warnUntil);
    // A1: 20 − 6 = 14 over two shelves; C1 taken whole (4, then 1 of B1): C1 has no stock and is not counted
    expect(scratch.lots).toEqual([`${milk.id}:A1=14`, `${milk.id}:B1=4`, `${milk.id}:C1=0`, `${milk.id}:D1=5`]);
    expect(scratch.expiring).toEqual({ lots: 1, quantity: 14 });
    expect(await kept()).toEqual({ lots: scratch.lots, months: scratch.months });
    expect(scratch.months.length).toBeGreaterThan(0);

    const dashboard = await c.get('/admin/dashboard/index');
    expect(dashboard.expiring).toEqual(scratch.expiring);
    expect(dashboard.today).toEqual({ inbound_quantity: 46, outbound_quantity: 14 });

    const report = await t.app.get(ProjectionRebuilder).rebuild();
    expect(report).toMatchObject({ matched: true, differing: [], ledgerProblems: [] });
    expect(await kept()).toEqual({ lots: scratch.lots, months: scratch.months });
  });

  it('names the monthly statistics and the lots’ stock when a rebuild finds them wrong', async () => {
    const milk = await lotProduct(c, w, 'MILK', 0);
    await receive(c, w, [{ product: milk, shelf: w.shelves[0], quantity: 3, lot_no: 'a1', expiry_date: dayFromToday(3) }]);
    await t.dataSource.query('UPDATE stock_lot SET quantity = quantity + 1');
    await t.dataSource.query('UPDATE inventory_monthly_stat SET quantity = quantity + 1');
    const report = await t.app.get(ProjectionRebuilder).rebuild();
    expect(report.differing).toEqual(['lots', 'monthly']);
    expect((await c.get('/admin/dashboard/index')).expiring).toEqual({ lots: 1, quantity: 3 });
  });

  it('answers in three statements once warm, however many lots, days and orders there are', async () => {
    const milk = await lotProduct(c, w, 'MILK', 0);
    const count = async () => {
      await c.get('/admin/dashboard/index'); // the account, the time zone, the warning days and the remark, read once
      let last: number;
      do {
        last = QueryCounter.count;
        await new Promise((resolve) => setTimeout(resolve, 60));
      } while (QueryCounter.count !== last);
      const { queries } = await QueryCounter.measure(() => c.get('/admin/dashboard/index'));
      return queries;
    };
    const first = await count();
    await receive(
      c,
      w,
      Array.from({ length: 12 }, (_, i) => ({ product: milk, shelf: w.shelves[i % 2], quantity: 2, lot_no: `L${i}`, expiry_date: dayFromToday(i * 5) })),
    );
    await c.add('Inbound', { supplier_id: w.supplier.id, type: 10, lines: [{ product_id: w.products[0].id, warehouse_shelf_id: w.shelves[0].id, plan_quantity: 1, actual_quantity: 1, price: '1.00' }] });
    expect(first).toBe(3);
    expect(await count()).toBe(3);
  });
});
