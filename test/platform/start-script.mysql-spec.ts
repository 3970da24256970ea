import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Connection, createConnection } from 'mysql2/promise';
import { migrations } from '../../migrations';
import { formatMysqlUrl, MysqlTarget, parseMysqlUrl } from '../../src/shared/database/database-url';
import { buildServer, signIn, startServer } from '../support/server-process';
import { smallWarehouse, stockUp } from '../support/warehouse';

/**
 * `npm start` and `npm run migration:run` as a new user runs them on MySQL: against a database that does not
 * exist yet, and with a runtime user limited to rows (DB_URL) beside a migration user (DB_MIGRATION_URL).
 */
const ROOT = join(__dirname, '..', '..');
const run = promisify(execFile);
const WARNING = 'holds more than the app needs';

describe('npm start on a fresh MySQL database', () => {
  const server = parseMysqlUrl(process.env.DB_URL!);
  const database = `${server.database}_start`;
  const appUser = `${server.database}_app`;
  const appPassword = 'App-Pass-1';
  const admin: MysqlTarget = { ...server, database };
  const runtime: MysqlTarget = { ...server, user: appUser, password: appPassword, database };
  let root: Connection;

  const url = (target: MysqlTarget) => formatMysqlUrl(target, true);
  const dropUser = async () => {
    for (const host of ['127.0.0.1', 'localhost']) await root.query(`DROP USER IF EXISTS '${appUser}'@'${host}'`);
  };

  beforeAll(async () => {
    await buildServer();
    root = await createConnection({ host: server.hosts[0].host, port: server.hosts[0].port, user: server.user, password: server.password });
    await root.query(`DROP DATABASE IF EXISTS \`${database}\``);
    await dropUser();
  }, 180000);

  afterAll(async () => {
    await root.query(`DROP DATABASE IF EXISTS \`${database}\``);
    await dropUser();
    await root.end();
  });

  it('creates the database, migrates, seeds and serves: the admin signs in; running as root it warns', async () => {
    const app = await startServer({ DB_URL: url(admin), DATA_DIR: mkdtempSync(join(tmpdir(), 'wms-start-')) }, { entry: 'start' });
    try {
      const { client } = await signIn(app);
      expect((await client.get('/admin/auth.Admin/index')).list.map((row: { username: string }) => row.username)).toEqual(['admin']);
      expect(app.output()).toContain(WARNING);
      expect(app.output()).toMatch(/DROP, TRIGGER, ALTER, CREATE/);
    } finally {
      await app.stop();
    }
  }, 240000);

  it('two processes started at the same moment on a missing database take turns: one migration run, one admin', async () => {
    await root.query(`DROP DATABASE IF EXISTS \`${database}\``);
    const env = () => ({ DB_URL: url(admin), DATA_DIR: mkdtempSync(join(tmpdir(), 'wms-start-')), SEED_DEMO: '1' });
    const apps = await Promise.all([startServer(env(), { timeoutMs: 200000 }), startServer(env(), { timeoutMs: 200000 })]);
    try {
      for (const app of apps) expect((await (await signIn(app)).client.get('/admin/auth.Admin/index')).total).toBe(1);
      const [migrated] = await root.query(`SELECT COUNT(*) AS n FROM \`${database}\`.migrations`);
      expect(Number((migrated as Array<{ n: number }>)[0].n)).toBe(migrations.length);
      const [warehouses] = await root.query(`SELECT COUNT(*) AS n FROM \`${database}\`.warehouse`);
      expect(Number((warehouses as Array<{ n: number }>)[0].n)).toBe(1);
    } finally {
      await Promise.all(apps.map((app) => app.stop()));
    }
  }, 300000);

  it('npm run migration:run creates and migrates a missing database, and stops', async () => {
    await root.query(`DROP DATABASE \`${database}\``);
    await run(process.execPath, [join(ROOT, 'scripts', 'start.js'), '--migrate-only'], { cwd: ROOT, env: { ...process.env, DB_URL: url(admin) } });
    const [rows] = await root.query(`SELECT COUNT(*) AS n FROM \`${database}\`.migrations`);
    expect(Number((rows as Array<{ n: number }>)[0].n)).toBe(migrations.length);
  }, 120000);

  it('runs as a user limited to rows, migrating as DB_MIGRATION_URL; that user can neither TRUNCATE the ledger nor drop its guard', async () => {
    await root.query(`DROP DATABASE \`${database}\``);
    for (const host of ['127.0.0.1', 'localhost']) {
      await root.query(`CREATE USER '${appUser}'@'${host}' IDENTIFIED BY '${appPassword}'`);
      await root.query(`GRANT SELECT, INSERT, UPDATE, DELETE ON \`${database}\`.* TO '${appUser}'@'${host}'`);
    }
    const env = { DB_URL: url(runtime), DB_MIGRATION_URL: url(admin), DATA_DIR: mkdtempSync(join(tmpdir(), 'wms-start-')) };
    const app = await startServer(env);
    try {
      expect(app.output()).not.toContain(WARNING);
      const { client } = await signIn(app);
      const w = await smallWarehouse(client);
      expect(await stockUp(client, w, [{ product: 0, shelf: 0, quantity: 5 }])).toMatchObject({ audit_status: 1 });
    } finally {
      await app.stop();
    }

    const asApp = await createConnection({ host: server.hosts[0].host, port: server.hosts[0].port, user: appUser, password: appPassword, database });
    try {
      await expect(asApp.query('TRUNCATE TABLE inventory_event')).rejects.toMatchObject({ code: 'ER_TABLEACCESS_DENIED_ERROR' });
      await expect(asApp.query('DROP TRIGGER inventory_event_no_delete')).rejects.toMatchObject({ code: 'ER_TABLEACCESS_DENIED_ERROR' });
      await expect(asApp.query('DROP TABLE inventory_event')).rejects.toMatchObject({ code: 'ER_TABLEACCESS_DENIED_ERROR' });
      await expect(asApp.query('DELETE FROM inventory_event')).rejects.toMatchObject({ sqlMessage: 'inventory_event is append-only' });
      const [rows] = await asApp.query('SELECT COUNT(*) AS n FROM inventory_event');
      expect(Number((rows as Array<{ n: number }>)[0].n)).toBe(1);
    } finally {
      await asApp.end();
    }

    // The rebuild empties the projections with TRUNCATE: it connects as the migration user.
    const { stdout } = await run(process.execPath, [join(ROOT, 'dist', 'scripts', 'rebuild-projections.js')], { cwd: ROOT, env: { ...process.env, ...env } });
    expect(stdout).toContain('The rebuilt projections match what was there.');
  }, 240000);
});
