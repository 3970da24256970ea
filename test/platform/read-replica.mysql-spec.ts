import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Connection, createConnection } from 'mysql2/promise';
import { formatMysqlUrl, MysqlTarget, parseMysqlUrl } from '../../src/shared/database/database-url';
import { buildServer, ServerProcess, signIn, sleep, startServer } from '../support/server-process';
import { Client, smallWarehouse, stockUp } from '../support/warehouse';

/**
 * DB_READ_URL: lists, exports and the dashboard are read through the replica's pool, everything else
 * through the writer's. Here the "replica" is the same server under a user that may only SELECT, so its
 * connections can be told apart (and a write sent through it would fail).
 */
describe('DB_READ_URL', () => {
  const server = parseMysqlUrl(process.env.DB_URL!);
  const database = `${server.database}_read`;
  const reader = `${server.database}_reader`;
  const readerTarget: MysqlTarget = { ...server, user: reader, password: 'Reader-Pass-1', database };
  let root: Connection;
  let app: ServerProcess;
  let c: Client;

  /** Connections the app holds as the read user (the pool keeps them open once used). */
  const readerConnections = async () => {
    const [rows] = await root.query('SELECT COUNT(*) AS n FROM information_schema.PROCESSLIST WHERE USER = ?', [reader]);
    return Number((rows as Array<{ n: number }>)[0].n);
  };

  /** Closes them, so that the next read shows whether it went through the replica's pool again. */
  const closeReaderConnections = async () => {
    const [rows] = await root.query('SELECT ID AS id FROM information_schema.PROCESSLIST WHERE USER = ?', [reader]);
    for (const { id } of rows as Array<{ id: number }>) await root.query(`KILL ${Number(id)}`);
    await sleep(300);
    expect(await readerConnections()).toBe(0);
  };

  beforeAll(async () => {
    await buildServer();
    root = await createConnection({ host: server.hosts[0].host, port: server.hosts[0].port, user: server.user, password: server.password });
    await root.query(`DROP DATABASE IF EXISTS \`${database}\``);
    for (const host of ['127.0.0.1', 'localhost']) {
      await root.query(`DROP USER IF EXISTS '${reader}'@'${host}'`);
      await root.query(`CREATE USER '${reader}'@'${host}' IDENTIFIED BY '${readerTarget.password}'`);
      await root.query(`GRANT SELECT ON \`${database}\`.* TO '${reader}'@'${host}'`);
    }
    app = await startServer({
      DB_URL: formatMysqlUrl({ ...server, database }, true),
      DB_READ_URL: formatMysqlUrl(readerTarget, true),
      DATA_DIR: mkdtempSync(join(tmpdir(), 'wms-read-')),
    });
    c = (await signIn(app)).client;
  }, 180000);

  afterAll(async () => {
    await app?.stop();
    await root.query(`DROP DATABASE IF EXISTS \`${database}\``);
    for (const host of ['127.0.0.1', 'localhost']) await root.query(`DROP USER IF EXISTS '${reader}'@'${host}'`);
    await root.end();
  });

  it('writes, audits and opens a record on the writer; lists, exports and the dashboard on the replica', async () => {
    const w = await smallWarehouse(c);
    const inbound = await stockUp(c, w, [{ product: 0, shelf: 0, quantity: 7 }]);
    expect(await c.get(`/admin/wms.Inbound/edit?id=${inbound.id}`)).toMatchObject({ row: { audit_status: 1 } });
    expect(await readerConnections()).toBe(0);

    const list = await c.get('/admin/wms.Product/index');
    expect(list.list.map((row: { product_no: string }) => row.product_no).sort()).toEqual(['P1', 'P2', 'P3']);
    expect(await readerConnections()).toBeGreaterThan(0);

    await closeReaderConnections();
    const exported = await c.raw.get('/admin/wms.Stock/export?format=csv');
    expect(exported.status).toBe(200);
    expect(exported.text).toContain('P1');
    expect(await readerConnections()).toBeGreaterThan(0);

    await closeReaderConnections();
    expect((await c.get('/admin/Dashboard/index')).pending).toEqual({ inbound_orders: 0, outbound_orders: 0 });
    expect(await readerConnections()).toBeGreaterThan(0);

    await closeReaderConnections();
    await stockUp(c, w, [{ product: 1, shelf: 0, quantity: 3 }]);
    await c.add('Brand', { name: 'Written through the writer' });
    expect(await readerConnections()).toBe(0);
    expect(await c.get('/admin/wms.InventoryHistory/index')).toMatchObject({ total: 2 });
    expect(await readerConnections()).toBeGreaterThan(0);
  });
});
