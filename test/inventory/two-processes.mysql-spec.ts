import { ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { ProjectionRebuilder } from '../../src/modules/inventory';
import { createTestApp, TEST_ADMIN_PASSWORD, TestApp } from '../setup/create-test-app';
import { ledgerViolations } from '../support/ledger';
import { Client, smallWarehouse, stockOf, stockUp } from '../support/warehouse';

/**
 * Stock correctness with two app processes writing the same rows (DESIGN.md §3): only where the database is
 * shared by processes, i.e. MySQL / MariaDB (jest.config.js selects *.mysql-spec.ts when DB_URL is set).
 */
const ROOT = join(__dirname, '..', '..');

async function startServer(port: number, dataDir: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, [join(ROOT, 'dist', 'src', 'main.js')], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOGIN_CAPTCHA: '0', SEED_DEMO: '0' },
    stdio: 'ignore',
  });
  for (let i = 0; i < 150; i++) {
    const up = await request(`http://127.0.0.1:${port}`).get('/admin/index/login').then((r) => r.body.code === 1, () => false);
    if (up) return child;
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill();
  throw new Error(`server on ${port} did not start`);
}

function clientFor(base: string, token: string): Client {
  const ok = (res: request.Response, what: string) => {
    if (res.body.code !== 1) throw new Error(`${what}: ${JSON.stringify(res.body)}`);
    return res.body.data;
  };
  const post = (url: string, body: object) => request(base).post(url).set('batoken', token).set('think-lang', 'en').send(body);
  return {
    raw: { post, get: (url: string) => request(base).get(url).set('batoken', token).set('think-lang', 'en'), del: (url: string) => request(base).delete(url).set('batoken', token) },
    add: (controller: string, body: object) => post(`/admin/wms.${controller}/add`, body).then((r) => ok(r, `add ${controller}`)),
    post: (controller: string, action: string, body: object) => post(`/admin/wms.${controller}/${action}`, body).then((r) => ok(r, action)),
    get: (url: string) => request(base).get(url).set('batoken', token).then((r) => ok(r, url)),
  } as unknown as Client;
}

describe('two server processes on one MariaDB database', () => {
  let t: TestApp;
  const servers: ChildProcess[] = [];
  let a: Client;
  let b: Client;
  beforeAll(async () => {
    execFileSync(process.execPath, [join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.build.json'], { cwd: ROOT, stdio: 'inherit' });
    t = await createTestApp();
    await t.reset();
    const dataDir = mkdtempSync(join(tmpdir(), 'wms-two-'));
    const ports = [20000 + Math.floor(Math.random() * 20000), 0];
    ports[1] = ports[0] + 1;
    for (const port of ports) servers.push(await startServer(port, dataDir));
    const login = await request(`http://127.0.0.1:${ports[0]}`).post('/admin/index/login').send({ username: 'admin', password: TEST_ADMIN_PASSWORD });
    const token = login.body.data.userInfo.token;
    a = clientFor(`http://127.0.0.1:${ports[0]}`, token);
    b = clientFor(`http://127.0.0.1:${ports[1]}`, token);
  }, 180000);
  afterAll(async () => {
    for (const server of servers) server.kill('SIGTERM');
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
