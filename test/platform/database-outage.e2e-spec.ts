import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { databaseSettings, dataSourceOptions } from '../../ormconfig';
import { MariadbServer } from '../../scripts/mariadb-server';
import { ledgerViolations } from '../support/ledger';
import { MysqlProxy } from '../support/mysql-proxy';
import { buildServer, freePort, ServerProcess, signIn, sleep, startServer } from '../support/server-process';
import { Client, smallWarehouse, stockOf, stockUp } from '../support/warehouse';

/**
 * The app under a running server process loses its database and gets it back: every request during the
 * outage is answered at once with the 503 envelope, the app serves again by itself afterwards, and stock
 * commands retried with their Idempotency-Key post exactly once. SQLite: another process holds the file's
 * write lock. MariaDB (DB_URL set): a throwaway mariadbd of the spec's own, stopped and started again —
 * and killed while audits are in flight, so that some commits lose their answer.
 */
const ROOT = join(__dirname, '..', '..');
// eslint-disable-next-line @typescript-eslint/no-require-imports
const Sqlite = require('better-sqlite3') as new (file: string) => { exec(sql: string): void; close(): void };
const CLIENT_TIMEOUT_MS = 10000;
const MESSAGE = {
  en: 'The service is temporarily unavailable, please try again later!',
  'zh-cn': '服务暂时不可用，请稍后再试！',
};

interface Engine {
  env: NodeJS.ProcessEnv;
  /** What the outage does to the database, and how it ends. */
  begin(): Promise<void>;
  end(): Promise<void>;
  /** A power cut of the database while requests are in flight (MySQL only). */
  crash?(): Promise<void>;
  /** The next COMMIT happens but its answer never reaches the app (MySQL only). */
  loseNextCommitAnswer?(): void;
  /** Reads still served during the outage: SQLite's WAL lets readers past a writer's lock. */
  readsDuringOutage: boolean;
  dispose(): Promise<void>;
}

function sqliteEngine(): Engine {
  const dataDir = mkdtempSync(join(tmpdir(), 'wms-outage-'));
  let holder: InstanceType<typeof Sqlite> | null = null;
  return {
    env: { DATA_DIR: dataDir, DB_URL: '' },
    readsDuringOutage: true,
    async begin() {
      holder = new Sqlite(join(dataDir, 'wms.sqlite'));
      holder.exec('BEGIN EXCLUSIVE');
    },
    async end() {
      holder!.exec('ROLLBACK');
      holder!.close();
    },
    async dispose() {
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function mariadbEngine(): Promise<Engine> {
  const dir = mkdtempSync(join(tmpdir(), 'wms-outage-db-'));
  const server = new MariadbServer({ dir, name: 'outage', port: await freePort() });
  server.install();
  await server.start();
  const proxy = new MysqlProxy({ host: '127.0.0.1', port: server.port });
  await proxy.listen();
  return {
    env: { DATA_DIR: join(dir, 'app'), DB_URL: `mysql://root@127.0.0.1:${proxy.port}/wms_outage_test` },
    readsDuringOutage: false,
    begin: () => server.stop(),
    end: () => server.start(),
    crash: () => server.kill(),
    loseNextCommitAnswer: () => proxy.loseNextCommitAnswer(),
    async dispose() {
      await proxy.close();
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

describe('the app loses its database and gets it back', () => {
  const mysql = !!process.env.DB_URL;
  let engine: Engine;
  let app: ServerProcess;
  let c: Client;
  let token: string;
  let orders: Array<Record<string, any>>;
  const audited = new Set<number>();

  const audit = (id: number, key: string, lang: 'en' | 'zh-cn' = 'en') =>
    request(app.base).post('/admin/wms.Outbound/audit').set('batoken', token).set('think-lang', lang).set('Idempotency-Key', key).timeout(CLIENT_TIMEOUT_MS).send({ id });

  /** Retries a keyed audit as a client would until it is answered with success. */
  async function auditUntilDone(id: number, key: string): Promise<void> {
    for (let attempt = 0; attempt < 60; attempt++) {
      const res = await audit(id, key).catch(() => null);
      if (res?.body.code === 1) {
        audited.add(id);
        return;
      }
      if (res && res.status !== 503) throw new Error(`audit ${id}: ${res.status} ${JSON.stringify(res.body)}`);
      await sleep(500);
    }
    throw new Error(`audit ${id} never succeeded`);
  }

  function expectUnavailable(res: request.Response, lang: 'en' | 'zh-cn' = 'en') {
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ code: 0, msg: MESSAGE[lang], time: expect.any(Number), data: null });
  }

  beforeAll(async () => {
    await buildServer();
    engine = mysql ? await mariadbEngine() : sqliteEngine();
    app = await startServer(engine.env);
    ({ token, client: c } = await signIn(app));
    const w = await smallWarehouse(c);
    await stockUp(c, w, [{ product: 0, shelf: 0, quantity: 10 }]);
    orders = [];
    for (let i = 0; i < 8; i++) {
      orders.push(await c.add('Outbound', { customer_id: w.customer.id, type: 10, lines: [{ product_id: w.products[0].id, warehouse_shelf_id: w.shelves[0].id, plan_quantity: 1, actual_quantity: 1, price: '1.00' }] }));
    }
    await auditUntilDone(orders[0].id, 'outage-0');
  }, 240000);

  afterAll(async () => {
    await app?.stop();
    await engine?.dispose();
  });

  it('answers 503 envelopes during the outage, in the caller language, without waiting for the database', async () => {
    await engine.begin();
    try {
      const [first, second, chinese, add] = await Promise.all([
        audit(orders[1].id, 'outage-1'),
        audit(orders[2].id, 'outage-2'),
        audit(orders[3].id, 'outage-3', 'zh-cn'),
        c.raw.post('/admin/wms.Brand/add', { name: 'During the outage' }).timeout(CLIENT_TIMEOUT_MS),
      ]);
      expectUnavailable(first);
      expectUnavailable(second);
      expectUnavailable(chinese, 'zh-cn');
      expectUnavailable(add);
      // Later requests too, while the outage lasts (SQLite: without holding the process for the lock again).
      expectUnavailable(await audit(orders[1].id, 'outage-1'));
      const list = await c.raw.get('/admin/wms.Outbound/index').timeout(CLIENT_TIMEOUT_MS);
      if (engine.readsDuringOutage) expect(list.body.code).toBe(1);
      else expectUnavailable(list);
    } finally {
      await engine.end();
    }
    expect(app.child.exitCode).toBeNull();
  }, 120000);

  it('serves again by itself afterwards, and the retried keyed audits post once', async () => {
    for (const i of [1, 2, 3]) await auditUntilDone(orders[i].id, `outage-${i}`);
    // The same keys again: answered with the order as it is, nothing posted twice.
    for (const i of [1, 2, 3]) expect((await audit(orders[i].id, `outage-${i}`)).body).toMatchObject({ code: 1, data: { audit_status: 1 } });
    expect((await c.raw.post('/admin/wms.Brand/add', { name: 'After the outage' })).body.code).toBe(1);
  }, 120000);

  // Failures only a server can have: a commit whose answer is lost, a crash under load.
  if (mysql) {
    it('answers 503 when a commit loses its answer, and the retry with the same key finds it done (MySQL)', async () => {
      await sleep(300); // the admin log of the last request commits after its answer
      engine.loseNextCommitAnswer!();
      expectUnavailable(await audit(orders[4].id, 'outage-4'));
      // The commit happened all the same ...
      expect(await c.get(`/admin/wms.Outbound/edit?id=${orders[4].id}`)).toMatchObject({ row: { audit_status: 1 } });
      // ... and the client's retry is answered with the order as it is, without issuing the stock again.
      await auditUntilDone(orders[4].id, 'outage-4');
    }, 60000);

    it('loses no accepted commit when the database dies under audits in flight (MySQL)', async () => {
      const inFlight = [5, 6, 7].map((i) => audit(orders[i].id, `outage-${i}`).catch(() => null));
      await sleep(5);
      await engine.crash!();
      const answers = await Promise.all(inFlight);
      for (const res of answers) if (res && res.body.code !== 1) expectUnavailable(res);
      await engine.end();
      // Every audit answered with success before the crash is there after it.
      for (const [n, res] of answers.entries()) {
        if (res?.body.code === 1) expect(await c.get(`/admin/wms.Outbound/edit?id=${orders[5 + n].id}`)).toMatchObject({ row: { audit_status: 1 } });
      }
      for (const i of [5, 6, 7]) await auditUntilDone(orders[i].id, `outage-${i}`);
    }, 120000);
  }

  it('leaves the ledger and the orders in agreement: each audited order issued exactly once', async () => {
    await app.stop();
    const dataSource = await new DataSource(dataSourceOptions(databaseSettings({ ...process.env, ...engine.env }))).initialize();
    try {
      const expected = [...audited].sort((a, b) => a - b);
      const auditedOrders: Array<{ id: number }> = await dataSource.query('SELECT id FROM outbound_order WHERE audit_status = 1 ORDER BY id');
      expect(auditedOrders.map((row) => Number(row.id))).toEqual(expected);
      const issues: Array<{ metadata: string }> = await dataSource.query("SELECT metadata FROM inventory_event WHERE type = 'inventory.stock-issued.v2'");
      const perOrder: Record<number, number> = {};
      for (const { metadata } of issues) perOrder[JSON.parse(metadata).order_id] = (perOrder[JSON.parse(metadata).order_id] ?? 0) + 1;
      expect(perOrder).toEqual(Object.fromEntries(expected.map((id) => [id, 1])));
      expect((await stockOf({ dataSource }))['P1@S1']).toBe(10 - audited.size);
      expect(audited.size).toBe(mysql ? 8 : 4);
      expect(await ledgerViolations({ dataSource })).toEqual([]);
    } finally {
      await dataSource.destroy();
    }
    const { stdout } = await promisify(execFile)(process.execPath, [join(ROOT, 'dist', 'scripts', 'rebuild-projections.js')], { cwd: ROOT, env: { ...process.env, ...engine.env } });
    expect(stdout).toContain('The rebuilt projections match what was there.');
  }, 120000);
});
