import { Connection, createConnection } from 'mysql2/promise';
import { chainHash, LedgerDigests, LedgerVerifier } from '../../src/modules/inventory';
import { parseMysqlUrl } from '../../src/shared/database/database-url';
import { unixNow } from '../../src/shared/http/envelope';
import { createTestApp, TestApp } from '../setup/create-test-app';
import { as, login } from '../support/api';
import { sleep } from '../support/server-process';
import { client, Client, smallWarehouse, stockUp, Warehouse } from '../support/warehouse';

/**
 * A digest's range on MySQL, where ids are allocated before their appends commit: as the runtime user the
 * README describes (SELECT, INSERT, UPDATE, DELETE on the database, nothing else), an event written with a
 * chosen id into the range of a digest is found; and a digest taken while an append holding a lower id is
 * still open waits for it, so the range it signs is the one verification later recounts.
 */
describe('a digest pins its range on MariaDB, against the least-privilege runtime user', () => {
  const server = parseMysqlUrl(process.env.DB_URL!);
  const runtimeUser = `${server.database}_rt`.slice(0, 80);
  const password = 'Runtime-Pass-1';
  let t: TestApp;
  let c: Client;
  let w: Warehouse;
  let root: Connection;
  let runtime: Connection;

  const connect = (user: string, pass: string) => createConnection({ host: server.hosts[0].host, port: server.hosts[0].port, user, password: pass, database: server.database });
  const dropUser = async () => {
    for (const host of ['127.0.0.1', 'localhost']) await root.query(`DROP USER IF EXISTS '${runtimeUser}'@'${host}'`);
  };
  const verify = (digest: Parameters<LedgerVerifier['verify']>[0]['digest']) => t.app.get(LedgerVerifier).verify({ digest, adminId: 1, source: 'cli' });
  /** An event's row as an append writes it (a valid chain link), without its id. */
  const eventRow = (stream: string, version: number, previousHash: string) => {
    const row = { stream_id: stream, stream_version: version, type: 'inventory.stock-received.v2', payload: JSON.stringify({ product_id: 999, warehouse_shelf_id: 999, quantity: 1000, balance: 1000 * version }), metadata: '{}', occurred_at: unixNow() };
    return { ...row, hash: chainHash(previousHash, row) };
  };
  const insert = (connection: Connection, row: Record<string, unknown>) =>
    connection.query(`INSERT INTO inventory_event (${Object.keys(row).join(', ')}) VALUES (${Object.keys(row).map(() => '?').join(', ')})`, Object.values(row));

  beforeAll(async () => {
    t = await createTestApp();
    root = await connect(server.user, server.password);
    await dropUser();
    for (const host of ['127.0.0.1', 'localhost']) {
      await root.query(`CREATE USER '${runtimeUser}'@'${host}' IDENTIFIED BY '${password}'`);
      await root.query(`GRANT SELECT, INSERT, UPDATE, DELETE ON \`${server.database}\`.* TO '${runtimeUser}'@'${host}'`);
    }
    runtime = await connect(runtimeUser, password);
  }, 120000);
  beforeEach(async () => {
    await t.reset();
    c = client(t, await login(t));
    w = await smallWarehouse(c);
    await stockUp(c, w, [{ product: 0, shelf: 0, quantity: 10 }, { product: 1, shelf: 0, quantity: 5 }]);
  });
  afterAll(async () => {
    await runtime?.end();
    await dropUser();
    await root.end();
    await t.close();
  });

  it('finds a new stream the runtime user back-dates into a digest’s range, in an id an append rolled back left free', async () => {
    // an append rolled back: InnoDB keeps its id unused
    await runtime.query('BEGIN');
    await insert(runtime, eventRow('stock-998-998', 1, ''));
    const [[{ free }]] = (await runtime.query('SELECT LAST_INSERT_ID() AS free')) as unknown as [[{ free: number }]];
    await runtime.query('ROLLBACK');
    await stockUp(c, w, [{ product: 0, shelf: 1, quantity: 3 }]);
    const taken = (await as(t, await login(t)).post('/admin/audit.Ledger/take')).body.data;
    expect(taken).toMatchObject({ events: 3, streams: 3 });
    expect(taken.last_event_id).toBeGreaterThan(Number(free));

    // what the runtime user may do: insert a valid first event of a new stream with the free id…
    await insert(runtime, { id: Number(free), ...eventRow('stock-999-999', 1, '') });
    // …but neither change nor remove a digest or its leaves
    await expect(runtime.query('UPDATE ledger_digest SET events = events + 1 WHERE id = ?', [taken.id])).rejects.toMatchObject({ sqlMessage: 'ledger_digest is append-only' });
    await expect(runtime.query('DELETE FROM ledger_digest WHERE id = ?', [taken.id])).rejects.toMatchObject({ sqlMessage: 'ledger_digest is append-only' });
    await expect(runtime.query('DELETE FROM ledger_digest_leaf')).rejects.toMatchObject({ sqlMessage: 'ledger_digest_leaf is append-only' });
    await expect(runtime.query('DROP TRIGGER ledger_digest_no_update')).rejects.toMatchObject({ code: 'ER_TABLEACCESS_DENIED_ERROR' });

    expect(await verify(null)).toMatchObject({ intact: true, events: 4, streams: 4 });
    const found = { intact: false, problem: { kind: 'back-dated', stream_id: 'stock-999-999', stream_version: 1, event_id: Number(free) }, digest: { signature_valid: true, matched: false } };
    expect(await verify('latest')).toMatchObject(found);
    expect(await verify(taken)).toMatchObject(found);
  });

  it('a digest taken while an append with a lower id is still open waits for it, and then covers it', async () => {
    const open = await connect(server.user, server.password);
    try {
      await open.query('BEGIN');
      await insert(open, eventRow('stock-997-997', 1, ''));
      const [[{ inFlight }]] = (await open.query('SELECT LAST_INSERT_ID() AS inFlight')) as unknown as [[{ inFlight: number }]];
      // a later append commits a higher id meanwhile
      await stockUp(c, w, [{ product: 0, shelf: 1, quantity: 3 }]);
      const [[{ last }]] = (await root.query('SELECT MAX(id) AS last FROM inventory_event')) as unknown as [[{ last: number }]];
      expect(Number(last)).toBeGreaterThan(Number(inFlight));

      const taking = t.app.get(LedgerDigests).take(1);
      let done = false;
      void taking.then(
        () => (done = true),
        () => (done = true),
      );
      // wait until the digest waits on the open append's row (or, were it not to wait, is taken), then commit
      for (;;) {
        const [[{ waiting }]] = (await root.query("SELECT COUNT(*) AS waiting FROM information_schema.INNODB_TRX WHERE trx_state = 'LOCK WAIT'")) as unknown as [[{ waiting: number }]];
        if (Number(waiting) > 0 || done) break;
        // InnoDB refreshes INNODB_TRX only when it has not been read for 100 ms: look less often than that
        await sleep(150);
      }
      await open.query('COMMIT');
      const taken = await taking;
      expect(taken).toMatchObject({ last_event_id: Number(last), events: 4, streams: 4 });
      expect(await verify(taken)).toMatchObject({ intact: true, digest: { matched: true } });
    } finally {
      await open.end();
    }
  });
});
