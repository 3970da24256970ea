import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync, truncateSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { DataSource } from 'typeorm';
import { databaseSettings, dataDir, dataSourceOptions } from '../../ormconfig';
import { BackupService } from '../../src/modules/security';
import { formatMysqlUrl, parseMysqlUrl } from '../../src/shared/database/database-url';
import { createTestApp, TestApp } from '../setup/create-test-app';
import { as, createAdmin, login, Session } from '../support/api';
import { ledgerViolations } from '../support/ledger';
import { buildServer } from '../support/server-process';
import { client, Client, smallWarehouse, stockOf, stockUp, Warehouse } from '../support/warehouse';

/**
 * routine.Backup: a backup taken while audits run restores (through `npm run backup:restore`'s script)
 * into a fresh database whose ledger and projections agree; a quiet one restores to exactly what was
 * there; download, delete, and the refusals (a truncated file, a bad id).
 */
const ROOT = join(__dirname, '..', '..');
const run = promisify(execFile);
const isMysql = !!process.env.DB_URL;

/** A fresh target for a restore: its own DATA_DIR, and on MySQL its own (dropped) database. */
async function freshTarget(name: string): Promise<{ env: NodeJS.ProcessEnv; open(): Promise<DataSource> }> {
  const dir = mkdtempSync(join(tmpdir(), `wms-restore-${name}-`));
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dir, DB_URL: '' };
  if (isMysql) {
    const current = parseMysqlUrl(process.env.DB_URL!);
    const target = { ...current, database: `${current.database}_${name}` };
    const admin = new DataSource(dataSourceOptions({ kind: 'mysql', database: current.database, mysql: current }));
    await admin.initialize();
    await admin.query(`DROP DATABASE IF EXISTS \`${target.database}\``);
    await admin.destroy();
    env.DB_URL = formatMysqlUrl(target, true);
  }
  return {
    env,
    async open() {
      const source = new DataSource(dataSourceOptions(databaseSettings(env)));
      return source.initialize();
    },
  };
}

describe('database backups', () => {
  let t: TestApp;
  let session: Session;
  let c: Client;
  let w: Warehouse;
  const api = () => as(t, session);

  const finished = async (id: number) => {
    for (let i = 0; i < 600; i++) {
      const row = (await api().get('/admin/routine.Backup/index?limit=100')).body.data.list.find((r: any) => r.id === id);
      if (row.status !== 0) return row;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error('the backup never finished');
  };
  const backupNow = async () => {
    const res = await api().post('/admin/routine.Backup/add');
    expect(res.body).toMatchObject({ code: 1, data: { status: 0 } });
    const row = await finished(res.body.data.id);
    expect(row).toMatchObject({ status: 1, error: '' });
    return row;
  };
  const restore = (file: string, env: NodeJS.ProcessEnv) => run(process.execPath, [join(ROOT, 'dist', 'scripts', 'backup-restore.js'), file], { cwd: ROOT, env });

  beforeAll(async () => {
    await buildServer();
    t = await createTestApp();
    await t.reset();
    session = await login(t);
    c = client(t, session);
    w = await smallWarehouse(c);
    await stockUp(c, w, [{ product: 0, shelf: 0, quantity: 100 }]);
  }, 300000);
  afterAll(() => t.close());

  it('takes a consistent backup during 20 parallel audits: restored, its ledger and projections agree', async () => {
    const orders = [];
    for (let i = 0; i < 20; i++) {
      const kind = i % 2 ? 'Outbound' : 'Inbound';
      const party = kind === 'Inbound' ? { supplier_id: w.supplier.id } : { customer_id: w.customer.id };
      orders.push({
        kind,
        order: await c.add(kind, { ...party, type: 10, lines: [{ product_id: w.products[0].id, warehouse_shelf_id: w.shelves[kind === 'Inbound' ? 1 : 0].id, plan_quantity: 2, actual_quantity: 2, price: '1.00' }] }),
      });
    }
    const audits = orders.map(({ kind, order }) => api().post(`/admin/wms.${kind}/audit`, { id: order.id }));
    const started = await api().post('/admin/routine.Backup/add');
    expect(started.body.code).toBe(1);
    const answers = await Promise.all(audits);
    expect(answers.map((a) => a.body.code)).toEqual(orders.map(() => 1));
    const row = await finished(started.body.data.id);
    expect(row).toMatchObject({ status: 1, engine: isMysql ? 'mysql' : 'sqlite' });
    const file = join(dataDir(), 'backups', row.name);
    expect(statSync(file).size).toBe(Number(row.size));
    expect(createHash('sha256').update(readFileSync(file)).digest('hex')).toBe(row.checksum);

    const target = await freshTarget('busy');
    const { stdout } = await restore(file, target.env);
    expect(stdout).toContain('verified');
    const restored = await target.open();
    expect(await ledgerViolations({ dataSource: restored })).toEqual([]);
    await restored.destroy();
    const rebuild = await run(process.execPath, [join(ROOT, 'dist', 'scripts', 'rebuild-projections.js')], { cwd: ROOT, env: target.env });
    expect(rebuild.stdout).toContain('The rebuilt projections match what was there.');
    expect(rebuild.stdout).toMatch(/Every one of \d+ orders agrees with the ledger/);
  }, 300000);

  it('restores a quiet backup to exactly the stock and ledger that were there', async () => {
    const row = await backupNow();
    const target = await freshTarget('quiet');
    await restore(join(dataDir(), 'backups', row.name), target.env);
    const restored = await target.open();
    expect(await stockOf({ dataSource: restored })).toEqual(await stockOf(t));
    const ledger = 'SELECT id, stream_id, stream_version, payload FROM inventory_event ORDER BY id';
    expect(await restored.query(ledger)).toEqual(await t.dataSource.query(ledger));
    await restored.destroy();
  }, 300000);

  it('refuses a truncated file before touching the database', async () => {
    const row = await backupNow();
    const target = await freshTarget('truncated');
    const copy = join(target.env.DATA_DIR!, row.name);
    copyFileSync(join(dataDir(), 'backups', row.name), copy);
    copyFileSync(join(dataDir(), 'backups', `${row.name}.sha256`), `${copy}.sha256`);
    truncateSync(copy, Math.floor(Number(row.size) / 2));
    await expect(restore(copy, target.env)).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining('checksum mismatch') });
    rmSync(`${copy}.sha256`);
    await expect(restore(copy, target.env)).rejects.toMatchObject({ stderr: expect.stringContaining('cannot be verified') });
    expect(existsSync(join(target.env.DATA_DIR!, 'wms.sqlite'))).toBe(false);
    if (isMysql) {
      const probe = new DataSource(dataSourceOptions(databaseSettings()));
      await probe.initialize();
      const found = await probe.query('SELECT schema_name FROM information_schema.schemata WHERE schema_name = ?', [parseMysqlUrl(target.env.DB_URL!).database]);
      await probe.destroy();
      expect(found).toEqual([]);
    }
  }, 300000);

  it('downloads a backup by id only, and deletes it with its file', async () => {
    const row = await backupNow();
    const download = await api().get(`/admin/routine.Backup/download?id=${row.id}`).buffer(true).parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => done(null, Buffer.concat(chunks)));
    });
    expect(download.headers['content-type']).toBe('application/gzip');
    expect(createHash('sha256').update(download.body as Buffer).digest('hex')).toBe(row.checksum);
    expect((await api().get('/admin/routine.Backup/download?id=../../wms.sqlite')).body.code).toBe(0);
    // a name in the table that is not a backup name is never opened
    await t.dataSource.query('UPDATE backup SET name = ? WHERE id = ?', ['../wms.sqlite', row.id]);
    expect((await api().get(`/admin/routine.Backup/download?id=${row.id}`)).body).toMatchObject({ code: 0, msg: 'The backup file is not available' });
    await t.dataSource.query('UPDATE backup SET name = ? WHERE id = ?', [row.name, row.id]);
    expect((await api().del(`/admin/routine.Backup/del?ids[]=${row.id}`)).body.code).toBe(1);
    expect(existsSync(join(dataDir(), 'backups', row.name))).toBe(false);
    expect(existsSync(join(dataDir(), 'backups', `${row.name}.sha256`))).toBe(false);
  });

  it('needs the backup rules', async () => {
    await createAdmin(t, 'reader', ['routine/backup/index']);
    const reader = as(t, await login(t, 'reader'));
    expect((await reader.get('/admin/routine.Backup/index')).body.code).toBe(1);
    expect((await reader.post('/admin/routine.Backup/add')).body.code).toBe(401);
    expect((await reader.get('/admin/routine.Backup/download?id=1')).body.code).toBe(401);
  });

  // MySQL only: SQLite backups are never dumps
  if (isMysql)
    it('dumps in Node when no dump tool is used, and that dump restores too', async () => {
    const service = t.app.get(BackupService);
    service.useDumpTool = false;
    try {
      const row = await backupNow();
      const target = await freshTarget('node');
      await restore(join(dataDir(), 'backups', row.name), target.env);
      const restored = await target.open();
      expect(await stockOf({ dataSource: restored })).toEqual(await stockOf(t));
      expect(await ledgerViolations({ dataSource: restored })).toEqual([]);
      await restored.destroy();
    } finally {
      service.useDumpTool = true;
    }
  }, 300000);
});
