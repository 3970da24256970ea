import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, createWriteStream, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import { createGzip, gunzipSync, gzipSync } from 'node:zlib';
import { DataSource } from 'typeorm';
import { databaseSettings, dataDir, dataSourceOptions } from '../../ormconfig';
import { backupKey, BackupService, signBackup, withSignatureSpace } from '../../src/modules/security';
import { formatMysqlUrl, parseMysqlUrl } from '../../src/shared/database/database-url';
import { createTestApp, TestApp } from '../setup/create-test-app';
import { as, createAdmin, login, Session } from '../support/api';
import { ledgerViolations } from '../support/ledger';
import { buildServer, startServer } from '../support/server-process';
import { client, Client, smallWarehouse, stockOf, stockUp, Warehouse } from '../support/warehouse';

/**
 * routine.Backup: a backup taken while audits run restores (through `npm run backup:restore`'s script)
 * into a fresh database — on a fresh DATA_DIR, as on a new machine after a lost one — whose ledger and
 * projections agree; a quiet one restores to exactly what was there; download, delete, and the refusals (a
 * truncated, unsigned, wrongly signed or altered file, a dump naming another database, a bad id).
 */
const ROOT = join(__dirname, '..', '..');
const run = promisify(execFile);
const isMysql = !!process.env.DB_URL;
/** The operator's key, kept apart from the backups (here: in the environment of the app and of the restore). */
const KEY = 'spec-backup-key-kept-apart-0123456789abcdef';
const OTHER_KEY = 'another-machines-backup-key-0123456789abcdef';

/** Writes `content` as a backup file signed with the key of `env`, the way the app writes its backups. */
async function signedBackup(path: string, content: Buffer, env: NodeJS.ProcessEnv): Promise<void> {
  await pipeline(Readable.from([content]), createGzip(), withSignatureSpace(), createWriteStream(path));
  await signBackup(path, backupKey(env, env.DATA_DIR!, { create: false }));
}

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

  const keyBefore = process.env.BACKUP_KEY;
  beforeAll(async () => {
    process.env.BACKUP_KEY = KEY;
    await buildServer();
    t = await createTestApp();
    await t.reset();
    session = await login(t);
    c = client(t, session);
    w = await smallWarehouse(c);
    await stockUp(c, w, [{ product: 0, shelf: 0, quantity: 100 }]);
  }, 300000);
  afterAll(async () => {
    process.env.BACKUP_KEY = keyBefore;
    await t.close();
  });

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
    expect(stdout).toContain('checksum');
    expect(stdout).toContain('signature verified');
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
    // nothing of the unpacking is left beside the database (SQLite: no wms.sqlite.restoring-wal / -shm)
    expect(readdirSync(target.env.DATA_DIR!).filter((name) => name.includes('restoring'))).toEqual([]);
    const restored = await target.open();
    expect(await stockOf({ dataSource: restored })).toEqual(await stockOf(t));
    const ledger = 'SELECT id, stream_id, stream_version, payload FROM inventory_event ORDER BY id';
    expect(await restored.query(ledger)).toEqual(await t.dataSource.query(ledger));
    await restored.destroy();
  }, 300000);

  /** The database a restore would write, when it is there at all (on SQLite the file, on MySQL the schema). */
  const targetExists = async (env: NodeJS.ProcessEnv, database?: string) => {
    if (!isMysql) return existsSync(join(env.DATA_DIR!, 'wms.sqlite'));
    const probe = new DataSource(dataSourceOptions(databaseSettings()));
    await probe.initialize();
    const found = await probe.query('SELECT schema_name FROM information_schema.schemata WHERE schema_name = ?', [database ?? parseMysqlUrl(env.DB_URL!).database]);
    await probe.destroy();
    return found.length > 0;
  };

  it('refuses an unsigned file, one signed with another key and one altered since, before touching the database', async () => {
    const row = await backupNow();
    const target = await freshTarget('signature');
    const original = join(dataDir(), 'backups', row.name);
    const copy = join(target.env.DATA_DIR!, row.name);
    // unsigned: the same content gzipped again without the signature, with a checksum file that matches it
    writeFileSync(copy, gzipSync(gunzipSync(readFileSync(original))));
    writeFileSync(`${copy}.sha256`, `${createHash('sha256').update(readFileSync(copy)).digest('hex')}  ${row.name}\n`);
    await expect(restore(copy, target.env)).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining('is not signed') });
    // signed by another installation's key
    await expect(restore(original, { ...target.env, BACKUP_KEY: OTHER_KEY })).rejects.toMatchObject({ stderr: expect.stringContaining('is signed with another key') });
    // altered by someone without the key: one byte of the data changed, the checksum file written to match
    const altered = readFileSync(original);
    altered[altered.length - 20] ^= 0xff;
    writeFileSync(copy, altered);
    writeFileSync(`${copy}.sha256`, `${createHash('sha256').update(altered).digest('hex')}  ${row.name}\n`);
    await expect(restore(copy, target.env)).rejects.toMatchObject({ stderr: expect.stringContaining('does not match its signature') });
    // a BACKUP_KEY too short to be a key is refused, not used
    await expect(restore(original, { ...target.env, BACKUP_KEY: 'short' })).rejects.toMatchObject({ stderr: expect.stringContaining('BACKUP_KEY must be at least 32 characters') });
    expect(await targetExists(target.env)).toBe(false);
    // the file alone (downloaded: no .sha256 beside it) restores with the key, on this fresh machine
    copyFileSync(original, copy);
    rmSync(`${copy}.sha256`);
    const { stdout } = await restore(copy, target.env);
    expect(stdout).toContain('the signature alone vouches for it');
    expect(await targetExists(target.env)).toBe(true);
  }, 300000);

  it('without BACKUP_KEY signs with a key it makes in DATA_DIR: a new machine restores only with that key file', async () => {
    delete process.env.BACKUP_KEY;
    try {
      const row = await backupNow();
      expect(existsSync(join(dataDir(), 'backup-key'))).toBe(true);
      const target = await freshTarget('datadir_key');
      const file = join(dataDir(), 'backups', row.name);
      await expect(restore(file, target.env)).rejects.toMatchObject({ stderr: expect.stringContaining('no backup key: set BACKUP_KEY') });
      expect(await targetExists(target.env)).toBe(false);
      copyFileSync(join(dataDir(), 'backup-key'), join(target.env.DATA_DIR!, 'backup-key'));
      const { stdout } = await restore(file, target.env);
      expect(stdout).toContain('the key in DATA_DIR');
      const restored = await target.open();
      expect(await stockOf({ dataSource: restored })).toEqual(await stockOf(t));
      await restored.destroy();
    } finally {
      process.env.BACKUP_KEY = KEY;
    }
  }, 300000);

  it('fails a backup, saying why, when BACKUP_KEY is too short to be a key', async () => {
    process.env.BACKUP_KEY = 'short';
    try {
      const res = await api().post('/admin/routine.Backup/add');
      const row = await finished(res.body.data.id);
      expect(row).toMatchObject({ status: 2, error: expect.stringContaining('BACKUP_KEY must be at least 32 characters') });
      expect(existsSync(join(dataDir(), 'backups', row.name))).toBe(false);
    } finally {
      process.env.BACKUP_KEY = KEY;
    }
  });

  it('warns at start when BACKUP_KEY is not set, and makes the key in DATA_DIR then', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'wms-backup-warning-'));
    const server = await startServer({ DATA_DIR: dir, DB_URL: '', BACKUP_KEY: '' });
    try {
      expect(server.output()).toContain(`BACKUP_KEY is not set: backups are signed with the key generated in ${join(dir, 'backup-key')}`);
      expect(existsSync(join(dir, 'backup-key'))).toBe(true);
    } finally {
      await server.stop();
    }
  }, 300000);

  it('refuses a truncated file before touching the database', async () => {
    const row = await backupNow();
    const target = await freshTarget('truncated');
    const copy = join(target.env.DATA_DIR!, row.name);
    copyFileSync(join(dataDir(), 'backups', row.name), copy);
    copyFileSync(join(dataDir(), 'backups', `${row.name}.sha256`), `${copy}.sha256`);
    truncateSync(copy, Math.floor(Number(row.size) / 2));
    await expect(restore(copy, target.env)).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining('checksum mismatch') });
    // without its checksum file, the signature finds the truncation
    rmSync(`${copy}.sha256`);
    await expect(restore(copy, target.env)).rejects.toMatchObject({ stderr: expect.stringContaining('does not match its signature') });
    expect(await targetExists(target.env)).toBe(false);
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
    it('refuses a signed dump that names another database, before anything runs', async () => {
      const row = await backupNow();
      const target = await freshTarget('other_db');
      const other = `${parseMysqlUrl(target.env.DB_URL!).database}_other`;
      const dump = gunzipSync(readFileSync(join(dataDir(), 'backups', row.name))).toString('utf8');
      for (const [name, content] of [
        ['use', `CREATE DATABASE /*!32312 IF NOT EXISTS*/ \`${other}\`;\nUSE \`${other}\`;\n${dump}`],
        ['qualified', `${dump}\nINSERT INTO \`${other}\`.\`admin\` VALUES (1);\n`],
      ]) {
        const file = join(target.env.DATA_DIR!, `wms-20260101-000000-00${name === 'use' ? 1 : 2}.sql.gz`);
        await signedBackup(file, Buffer.from(content), target.env);
        await expect(restore(file, target.env)).rejects.toMatchObject({ stderr: expect.stringContaining(`cannot be restored into ${parseMysqlUrl(target.env.DB_URL!).database}`) });
        expect(await targetExists(target.env)).toBe(false);
        expect(await targetExists(target.env, other)).toBe(false);
      }
    }, 300000);

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
