import { LedgerVerifier, ProjectionRebuilder } from '../../src/modules/inventory';
import { OrdersLedgerReader } from '../../src/modules/orders';
import { TestApp } from '../setup/create-test-app';
import { ledgerViolations, orderLedgerMismatches } from '../support/ledger';
import { Client, smallWarehouse, stockOf, stockUp, Warehouse } from '../support/warehouse';
import { adminSpec } from '../support/admin-spec';

describe('stock under concurrency', () => {
  let t: TestApp;
  let c: Client;
  let w: Warehouse;
  adminSpec({ warehouse: smallWarehouse, reset: 'once', ready: (fixture) => ({ t, c, w } = fixture) });

  it('40 parallel outbound audits of 1 against a shelf holding 25: exactly 25 succeed, stock ends at 0', async () => {
    await stockUp(c, w, [{ product: 0, shelf: 0, quantity: 25 }]);
    const orders = [];
    for (let i = 0; i < 40; i++) {
      orders.push(await c.add('Outbound', { customer_id: w.customer.id, type: 10, lines: [{ product_id: w.products[0].id, warehouse_shelf_id: w.shelves[0].id, plan_quantity: 1, actual_quantity: 1, price: '3.00' }] }));
    }
    const answers = await Promise.all(orders.map((o) => c.raw.post('/admin/wms.Outbound/audit', { id: o.id })));
    const codes = answers.map((a) => a.body.code);
    expect(codes.filter((code) => code === 1)).toHaveLength(25);
    expect(codes.filter((code) => code === 0)).toHaveLength(15);
    for (const refused of answers.filter((a) => a.body.code === 0)) expect(refused.body.msg).toMatch(/^Insufficient stock: product Product 1 \(P1\) has 0 on shelf Main \/ Area A \/ S1, 1 needed$/);
    expect((await stockOf(t))['P1@S1']).toBe(0);
    const [{ audited }] = await t.dataSource.query('SELECT COUNT(*) AS audited FROM outbound_order WHERE audit_status = 1');
    expect(Number(audited)).toBe(25);
  });

  it('15 parallel audits of one inbound order apply it once', async () => {
    const order = await c.add('Inbound', { supplier_id: w.supplier.id, type: 10, lines: [{ product_id: w.products[1].id, warehouse_shelf_id: w.shelves[1].id, plan_quantity: 5, actual_quantity: 5, price: '1.00' }] });
    const answers = await Promise.all(Array.from({ length: 15 }, () => c.raw.post('/admin/wms.Inbound/audit', { id: order.id })));
    expect(answers.filter((a) => a.body.code === 1)).toHaveLength(1);
    expect(answers.filter((a) => a.body.msg === 'This order has already been audited')).toHaveLength(14);
    expect((await stockOf(t))['P2@S2']).toBe(5);
  });

  it('moves stock both ways between two shelves at once without deadlocking or losing a unit', async () => {
    await stockUp(c, w, [
      { product: 2, shelf: 0, quantity: 30 },
      { product: 2, shelf: 1, quantity: 30 },
    ]);
    const relocation = async (from: number, to: number) => {
      const order = await c.add('Relocation', { lines: [{ product_id: w.products[2].id, source_warehouse_shelf_id: w.shelves[from].id, target_warehouse_shelf_id: w.shelves[to].id, plan_quantity: 3 }] });
      await c.post('Relocation', 'audit', { id: order.id });
      return order;
    };
    const orders = [];
    for (let i = 0; i < 10; i++) orders.push(await relocation(i % 2, 1 - (i % 2)));
    const answers = await Promise.all(orders.map((o) => c.raw.post('/admin/wms.Relocation/move', { id: o.id, lines: [{ id: o.lines[0].id, quantity: 3 }] })));
    expect(answers.map((a) => a.body.code)).toEqual(Array(10).fill(1));
    const stock = await stockOf(t);
    expect(stock['P3@S1'] + stock['P3@S2']).toBe(60);
    expect(stock['P3@S1']).toBe(30);
  });

  it('keeps the ledger and every projection in agreement, and a rebuild reproduces them exactly', async () => {
    expect(await ledgerViolations(t)).toEqual([]);
    // every contested append chained onto the head its stream had when it took the lock
    expect(await t.app.get(LedgerVerifier).verify({ digest: null, adminId: 1, source: 'cli' })).toMatchObject({ intact: true, problem: null });
    const report = await t.app.get(ProjectionRebuilder).rebuild();
    expect(report).toMatchObject({ matched: true, differing: [], ledgerProblems: [] });
    expect(report.events).toBeGreaterThan(25);
    expect(await ledgerViolations(t)).toEqual([]);
    expect(await orderLedgerMismatches(t)).toEqual([]);
    expect(await t.app.get(OrdersLedgerReader).check(t.dataSource.manager)).toEqual({ orders: 53, mismatches: 0, problems: [] });
  });

  it('refuses to edit or delete ledger rows at the database level', async () => {
    await expect(t.dataSource.query('UPDATE inventory_event SET stream_version = stream_version + 100')).rejects.toThrow(/append-only/);
    await expect(t.dataSource.query('DELETE FROM inventory_event')).rejects.toThrow(/append-only/);
    expect(await ledgerViolations(t)).toEqual([]);
  });

  it('notices a tampered projection and repairs it from the ledger', async () => {
    await t.dataSource.query('UPDATE stock SET quantity = quantity + 7 WHERE id = (SELECT id FROM (SELECT MIN(id) AS id FROM stock) AS first)');
    expect((await ledgerViolations(t)).length).toBeGreaterThan(0);
    const report = await t.app.get(ProjectionRebuilder).rebuild();
    expect(report.matched).toBe(false);
    expect(report.differing).toContain('stock');
    expect(await ledgerViolations(t)).toEqual([]);
  });

  it('notices an order whose lines no longer say what the ledger recorded under it, and events of no order', async () => {
    const [line] = await t.dataSource.query('SELECT l.id, o.outbound_no FROM outbound_order_line l JOIN outbound_order o ON o.id = l.outbound_order_id WHERE o.audit_status = 1 ORDER BY l.id LIMIT 1');
    await t.dataSource.query('UPDATE outbound_order_line SET actual_quantity = actual_quantity + 2 WHERE id = ?', [line.id]);
    await t.dataSource.query("UPDATE inventory_history SET order_id = 9999 WHERE id = (SELECT id FROM (SELECT MAX(id) AS id FROM inventory_history WHERE order_type = 'inbound') AS last)");
    const report = await t.app.get(OrdersLedgerReader).check(t.dataSource.manager);
    expect(report.mismatches).toBe(3);
    expect(report.problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(new RegExp(`^${line.outbound_no} \\(outbound #\\d+\\) product@shelf \\d+@\\d+: lines say -3, ledger says -1$`)),
        expect.stringMatching(/^inbound #9999 \(no such order\) product@shelf \d+@\d+: lines say 0, ledger says \d+$/),
        expect.stringMatching(/^RK\d{8}-\d{4} \(inbound #\d+\) product@shelf \d+@\d+: lines say \d+, ledger says 0$/),
      ]),
    );
    expect((await orderLedgerMismatches(t)).length).toBe(1);
  });
});
