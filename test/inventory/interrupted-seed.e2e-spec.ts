import { options, seedLarge } from '../../scripts/seed-large';
import { TestApp } from '../setup/create-test-app';
import { ledgerViolations, orderLedgerMismatches } from '../support/ledger';
import { Client } from '../support/warehouse';
import { adminSpec } from '../support/admin-spec';

/**
 * `npm run seed:large` interrupted part-way used to leave a ledger whose projections were behind it, and
 * every audit touching those streams then answered HTTP 500.
 */
describe('an interrupted seed:large and projections behind the ledger', () => {
  let t: TestApp;
  let c: Client;
  const count = async (table: string) => Number((await t.dataSource.query(`SELECT COUNT(*) AS n FROM ${table}`))[0].n);
  const quiet = { log: () => undefined, progress: () => undefined };
  const small = options(['--products', '300', '--events', '4000', '--days', '20', '--batch', '100']);

  adminSpec({ reset: 'once', ready: (fixture) => ({ t, c } = fixture) });

  it('leaves nothing behind when interrupted while writing the ledger', async () => {
    const interrupt = new AbortController();
    const code = await seedLarge(t.app, small, {
      ...quiet,
      signal: interrupt.signal,
      progress: (text) => {
        if (/ledger events .* ([2-9]\d|100)%/.test(text)) interrupt.abort();
      },
    });
    expect(interrupt.signal.aborted).toBe(true);
    expect(code).toBe(130);
    for (const table of ['product', 'warehouse_shelf', 'inventory_event', 'inbound_order', 'inbound_order_line', 'outbound_order', 'relocation_order', 'stock', 'inventory_history']) expect([table, await count(table)]).toEqual([table, 0]);
  });

  it('then fills the database completely, the orders agreeing with the ledger', async () => {
    expect(await seedLarge(t.app, small, { ...quiet, signal: new AbortController().signal })).toBe(0);
    expect(await count('inventory_event')).toBe(4000);
    expect(await ledgerViolations(t)).toEqual([]);
    expect(await orderLedgerMismatches(t)).toEqual([]);
  });

  it('answers a clear message naming projections:rebuild, not a 500, when a stock row is behind its stream', async () => {
    const [stock] = await t.dataSource.query('SELECT product_id, warehouse_shelf_id, version FROM stock WHERE quantity > 0 ORDER BY id LIMIT 1');
    await t.dataSource.query('UPDATE stock SET version = version - 1 WHERE product_id = ? AND warehouse_shelf_id = ?', [stock.product_id, stock.warehouse_shelf_id]);
    const [supplier] = await t.dataSource.query('SELECT id FROM supplier ORDER BY id LIMIT 1');
    const order = await c.add('Inbound', { supplier_id: supplier.id, type: 10, lines: [{ product_id: stock.product_id, warehouse_shelf_id: stock.warehouse_shelf_id, plan_quantity: 1, actual_quantity: 1, price: '1.00' }] });
    const events = await count('inventory_event');
    for (const lang of ['en', 'zh-cn']) {
      const answer = await c.raw.post('/admin/wms.Inbound/audit', { id: order.id }).set('think-lang', lang);
      expect(answer.status).toBe(200);
      expect(answer.body.code).toBe(0);
      expect(answer.body.msg).toContain('npm run projections:rebuild');
    }
    expect(await count('inventory_event')).toBe(events);
    expect((await c.get(`/admin/wms.Inbound/edit?id=${order.id}`)).row.audit_status).toBe(0);
  });
});
