import { CommandBus } from '@nestjs/cqrs';
import { AuditInboundOrderCommand } from '../../src/modules/orders/commands/audit-inbound-order/audit-inbound-order.command';
import { QueryCounter } from '../../src/shared/database/query-counter';
import { TestApp } from '../setup/create-test-app';
import { ledgerViolations } from '../support/ledger';
import { Client, smallWarehouse, Warehouse } from '../support/warehouse';
import { adminSpec } from '../support/admin-spec';

/** Auditing is batched: the statements an audit sends grow with the batches, not with the lines. */
describe('statements sent by an inbound audit', () => {
  let t: TestApp;
  let c: Client;
  let w: Warehouse;
  const productIds: number[] = [];
  const shelfIds: number[] = [];
  adminSpec({ warehouse: smallWarehouse, reset: 'once', ready: (fixture) => ({ t, c, w } = fixture) });
  beforeAll(async () => {
    // 100 products × 10 shelves: every line of a 1,000-line order is its own stock stream.
    for (let i = 0; i < 10; i++) shelfIds.push((await c.add('Shelf', { warehouse_id: w.warehouse.id, warehouse_area_id: w.area.id, name: `Bulk ${i}`, serial_no: `B${i}` })).id);
    const values = Array.from({ length: 100 }, (_, i) => `('BULK${i}', 'Bulk product ${i}', ${w.unit.id}, '1.50', 10, 0, 0)`).join(', ');
    await t.dataSource.query(`INSERT INTO product (product_no, name, unit_id, price, status, weigh, total_stock_num) VALUES ${values}`);
    productIds.push(...(await t.dataSource.query("SELECT id FROM product WHERE product_no LIKE 'BULK%' ORDER BY id")).map((r: { id: number }) => Number(r.id)));
  }, 120000);

  async function statementsToAudit(lineCount: number): Promise<number> {
    const lines = Array.from({ length: lineCount }, (_, i) => ({ product_id: productIds[Math.floor(i / 10) % 100], warehouse_shelf_id: shelfIds[i % 10], plan_quantity: 2, actual_quantity: 2, price: '1.50' }));
    const logged = async () => Number((await t.dataSource.query("SELECT COUNT(*) AS n FROM admin_log WHERE url LIKE '%wms.Inbound/add%'"))[0].n);
    const before = await logged();
    const order = await c.add('Inbound', { supplier_id: w.supplier.id, type: 10, lines });
    // the admin log is written after the answer: let its statements land before counting the audit's own
    for (let waited = 0; (await logged()) === before && waited < 100; waited++) await new Promise((r) => setTimeout(r, 20));
    const admin = { id: 1, username: 'admin', nickname: 'Admin', isSuper: true, nodes: new Set<string>(), tokenId: '' };
    const { result, queries } = await QueryCounter.measureOwn(() => t.app.get(CommandBus).execute(new AuditInboundOrderCommand(order.id, { admin })));
    expect(result.audit_status).toBe(1);
    expect(result.lines).toHaveLength(lineCount);
    return queries;
  }

  it('audits 1,000 lines with a bounded number of statements', async () => {
    const ten = await statementsToAudit(10);
    // What a 10-line audit sends today (MySQL adds its locking reads); an audit must not grow past it. One of
    // them is the outbox's: the audit's webhook event and its ten `stock.changed` events, one INSERT at commit;
    // another the monthly statistics' upsert, which keeps the dashboard's year current (was summed per request).
    expect(ten).toBeLessThanOrEqual(process.env.DB_URL ? 25 : 24);
    const thousand = await statementsToAudit(1000);
    // Two 500-row batches per batched step at most, plus reading the order back.
    expect(thousand).toBeLessThanOrEqual(ten + 25);
    expect(thousand).toBeLessThan(70);
    const [{ n }] = await t.dataSource.query('SELECT COUNT(*) AS n FROM inventory_event');
    expect(Number(n)).toBe(1010);
    expect(await ledgerViolations(t)).toEqual([]);
  });
});
