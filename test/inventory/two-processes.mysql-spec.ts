import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ProjectionRebuilder } from '../../src/modules/inventory';
import { createTestApp, TestApp } from '../setup/create-test-app';
import { ledgerViolations } from '../support/ledger';
import { buildServer, ServerProcess, signIn, startServer } from '../support/server-process';
import { Client, smallWarehouse, stockOf, stockUp } from '../support/warehouse';

/**
 * Stock correctness with two app processes writing the same rows: only where the database is
 * shared by processes, i.e. MySQL / MariaDB (jest.config.js selects *.mysql-spec.ts when DB_URL is set).
 */
describe('two server processes on one MariaDB database', () => {
  let t: TestApp;
  const servers: ServerProcess[] = [];
  let a: Client;
  let b: Client;
  beforeAll(async () => {
    await buildServer();
    t = await createTestApp();
    await t.reset();
    const dataDir = mkdtempSync(join(tmpdir(), 'wms-two-'));
    for (let i = 0; i < 2; i++) servers.push(await startServer({ DATA_DIR: dataDir }));
    a = (await signIn(servers[0])).client;
    b = (await signIn(servers[1])).client;
  }, 180000);
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await t.close();
  });

  it('40 audits of 1 split over both processes against 25 on the shelf: exactly 25 succeed', async () => {
    const w = await smallWarehouse(a);
    await stockUp(a, w, [{ product: 0, shelf: 0, quantity: 25 }]);
    const orders = [];
    for (let i = 0; i < 40; i++) {
      orders.push(await (i % 2 ? b : a).add('Outbound', { customer_id: w.customer.id, type: 10, lines: [{ product_id: w.products[0].id, warehouse_shelf_id: w.shelves[0].id, plan_quantity: 1, actual_quantity: 1, price: '1.00' }] }));
    }
    const answers = await Promise.all(orders.map((o, i) => (i % 2 ? a : b).raw.post('/admin/wms.Outbound/audit', { id: o.id })));
    expect(answers.filter((r) => r.body.code === 1)).toHaveLength(25);
    expect(answers.filter((r) => r.body.code === 0 && /^Insufficient stock/.test(r.body.msg))).toHaveLength(15);
    expect((await stockOf(t))['P1@S1']).toBe(0);

    const inbound = await a.add('Inbound', { supplier_id: w.supplier.id, type: 10, lines: [{ product_id: w.products[1].id, warehouse_shelf_id: w.shelves[1].id, plan_quantity: 5, actual_quantity: 5, price: '1.00' }] });
    const audits = await Promise.all(Array.from({ length: 15 }, (_, i) => (i % 2 ? a : b).raw.post('/admin/wms.Inbound/audit', { id: inbound.id })));
    expect(audits.filter((r) => r.body.code === 1)).toHaveLength(1);
    expect((await stockOf(t))['P2@S2']).toBe(5);

    expect(await ledgerViolations(t)).toEqual([]);
    expect(await t.app.get(ProjectionRebuilder).rebuild()).toMatchObject({ matched: true, ledgerProblems: [] });
  });
});
