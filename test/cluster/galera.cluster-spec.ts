import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { Connection, createConnection } from 'mysql2/promise';
import request from 'supertest';
import { galeraNodes, startCluster, stopCluster } from '../../scripts/galera-local';
import { MariadbServer } from '../../scripts/mariadb-server';
import { asAt } from '../support/api';
import { buildServer, ServerProcess, signIn, sleep, startServer } from '../support/server-process';
import { Client, clientOf, smallWarehouse, stockUp, Warehouse } from '../support/warehouse';
import { TestReceiver } from '../support/webhook-receiver';

/**
 * The app on a MariaDB Galera cluster of three nodes on loopback, with two app processes writing through
 * different nodes (A: node1 first, B: node2 first, its lists read from node3): contested audits, order
 * numbers under parallel adds, and node2 killed with SIGKILL in the middle of a load. Clients behave as the
 * web client does: a request has 10 s, and a stock command answered 503 is sent again with the same
 * Idempotency-Key. Both processes run the webhook worker: every ledger event of an accepted command reaches
 * a receiver on loopback (a `stock.changed`), whatever node died. Its figures go to the log,
 * test-output/cluster-figures.md and docs/SCALE.md.
 */
const ROOT = join(__dirname, '..', '..');
const DATABASE = 'wms_cluster';
const CLIENT_TIMEOUT_MS = 10000;
const JWT_SECRET = 'cluster-suite-secret-0000000000000000000000';

interface Answer {
  status: number;
  body: { code: number; msg: string; data: any } | null;
}

type Phase = 'contest' | 'numbers' | 'load';
let phase: Phase = 'contest';

const figures = {
  commandsSent: 0,
  accepted: 0,
  refusedInsufficientStock: 0,
  clientRetriesAfter503: { contest: 0, numbers: 0, load: 0 },
  clientTimeouts: 0,
  addsAnswered503: 0,
  addsAnswered503ButCommitted: 0,
  conflictRetries: 0,
  conflictRetriesAtCommit: 0,
  nodeFailureRetries: 0,
  failovers: 0,
  lost: 0,
  secondsFromKillToFirstAcceptedOnB: 0,
  webhookEventsLost: 0,
  ledgerEventsPerNode: [] as Array<{ node: string; events: number; checksum: string }>,
  suiteSeconds: 0,
};

describe('two app processes on a three-node Galera cluster', () => {
  const ownCluster = !process.env.GALERA_DIR;
  const dir = process.env.GALERA_DIR ? resolve(process.env.GALERA_DIR) : mkdtempSync(join(tmpdir(), 'wms-galera-'));
  const started = Date.now();
  let nodes: MariadbServer[];
  let a: ServerProcess;
  let b: ServerProcess;
  let token: string;
  let ca: Client;
  let cb: Client;
  let w: Warehouse;
  const receiver = new TestReceiver();
  const alive = [true, true, true];

  const urlFor = (order: number[]) => `mysql://root@${order.map((i) => `127.0.0.1:${nodes[i].port}`).join(',')}/${DATABASE}`;

  /** A connection to one node that waits for what the cluster committed before it reads. */
  async function onNode<T>(index: number, work: (connection: Connection) => Promise<T>, database: string | null = DATABASE): Promise<T> {
    const connection = await createConnection({ host: '127.0.0.1', port: nodes[index].port, user: 'root', database: database ?? undefined, supportBigNumbers: true });
    try {
      await connection.query('SET SESSION wsrep_sync_wait = 1');
      return await work(connection);
    } finally {
      await connection.end();
    }
  }

  async function rows<T>(index: number, sql: string, params: unknown[] = []): Promise<T[]> {
    return onNode(index, async (connection) => (await connection.query(sql, params))[0] as T[]);
  }

  const survivors = () => [0, 1, 2].filter((i) => alive[i]);

  /**
   * A command as the web client sends it. A keyed stock command answered 503 (or not answered in time) is
   * sent again with its key until it gets a real answer; other writes are sent once unless `retry` says a
   * 503 can only mean "rolled back" (no node fails during that test).
   */
  async function send(server: ServerProcess, url: string, body: object, { key, retry = !!key }: { key?: string; retry?: boolean } = {}): Promise<Answer> {
    figures.commandsSent++;
    for (let attempt = 1; ; attempt++) {
      let req = request(server.base).post(url).set('batoken', token).set('think-lang', 'en').timeout(CLIENT_TIMEOUT_MS);
      if (key) req = req.set('Idempotency-Key', key);
      const res: Answer = await req.send(body).then(
        (r) => ({ status: r.status, body: r.body }),
        (error) => {
          if (error.timeout) figures.clientTimeouts++;
          return { status: 0, body: null };
        },
      );
      if (res.status === 200 || res.status === 201) {
        if (res.body?.code === 1) figures.accepted++;
        else if (/^Insufficient stock/.test(res.body?.msg ?? '')) figures.refusedInsufficientStock++;
        return res;
      }
      if (!retry || attempt >= 40) return res;
      figures.clientRetriesAfter503[phase]++;
      await sleep(200 * Math.min(attempt, 5));
    }
  }

  beforeAll(async () => {
    await buildServer();
    nodes = ownCluster ? await startCluster(dir) : galeraNodes(dir);
    await onNode(0, (connection) => connection.query(`DROP DATABASE IF EXISTS ${DATABASE}`), null);
    await receiver.start();
    // the webhook worker on in both processes, polling often, retrying after a second, to the receiver on loopback
    const webhooks = { WEBHOOK_WORKER: '1', WEBHOOK_ALLOW_PRIVATE: '1', WEBHOOK_POLL_MS: '200', WEBHOOK_RETRY_SECONDS: '1' };
    const env = { JWT_SECRET, DB_MIGRATION_URL: '', DATA_DIR: mkdtempSync(join(tmpdir(), 'wms-cluster-app-')), ...webhooks };
    // A migrates and seeds; B starts on a migrated database.
    a = await startServer({ ...env, DB_URL: urlFor([0, 1, 2]), DB_READ_URL: '' });
    b = await startServer({ ...env, DB_URL: urlFor([1, 2, 0]), DB_READ_URL: `mysql://root@127.0.0.1:${nodes[2].port}/${DATABASE}` });
    ({ token } = await signIn(a));
    ca = clientOf(asAt(a.base, token));
    cb = clientOf(asAt(b.base, token));
    w = await smallWarehouse(ca);
  }, 300000);

  afterAll(async () => {
    await a?.stop();
    await b?.stop();
    await receiver.stop().catch(() => undefined);
    figures.suiteSeconds = Math.round((Date.now() - started) / 1000);
    if (a && b) recordFigures();
    if (ownCluster) await stopCluster(dir);
  }, 120000);

  function recordFigures(): void {
    const logs = a.output() + b.output();
    figures.conflictRetries = (logs.match(/retrying a transaction after ER_LOCK_(DEADLOCK|WAIT_TIMEOUT)/g) ?? []).length;
    figures.conflictRetriesAtCommit = (logs.match(/retrying a transaction after ER_LOCK_DEADLOCK at COMMIT/g) ?? []).length;
    figures.nodeFailureRetries = (logs.match(/retrying a transaction after \S+ before COMMIT/g) ?? []).length;
    figures.failovers = (logs.match(/failing over to/g) ?? []).length;
    const text = figuresText();
    process.stdout.write(`\n${text}\n`);
    mkdirSync(join(ROOT, 'test-output'), { recursive: true });
    writeFileSync(join(ROOT, 'test-output', 'cluster-figures.md'), `${text}\n`);
    const scale = join(ROOT, 'docs', 'SCALE.md');
    if (existsSync(scale)) {
      const doc = readFileSync(scale, 'utf8');
      const marked = /(<!-- cluster-figures:start -->\n)[\s\S]*?(<!-- cluster-figures:end -->)/;
      if (marked.test(doc)) writeFileSync(scale, doc.replace(marked, `$1${text}\n$2`));
    }
  }

  function figuresText(): string {
    const f = figures;
    return [
      `Cluster suite, ${new Date().toISOString().slice(0, 10)}: 3 Galera nodes on loopback, 2 app processes (A writes to node1, B to node2 and reads from node3); node2 killed with SIGKILL mid-load.`,
      '',
      '| figure | value |',
      '|---|---|',
      `| commands sent (audits and adds) | ${f.commandsSent} |`,
      `| commands accepted (answered with success) | ${f.accepted} |`,
      `| refused: insufficient stock (as they must be) | ${f.refusedInsufficientStock} |`,
      `| transactions retried on a deadlock / certification conflict (of them at COMMIT) | ${f.conflictRetries} (${f.conflictRetriesAtCommit}) |`,
      `| transactions retried on the next node after a node failure before COMMIT | ${f.nodeFailureRetries} |`,
      `| fail-overs to the next node (both processes) | ${f.failovers} |`,
      `| commands answered 503 and sent again (same key): contested audits / parallel adds / load with the kill | ${f.clientRetriesAfter503.contest} / ${f.clientRetriesAfter503.numbers} / ${f.clientRetriesAfter503.load} |`,
      `| adds answered 503 (not retried), of them committed all the same | ${f.addsAnswered503}, ${f.addsAnswered503ButCommitted} |`,
      `| requests not answered within 10 s | ${f.clientTimeouts} |`,
      `| seconds from the kill to B's first accepted command | ${f.secondsFromKillToFirstAcceptedOnB} |`,
      `| inventory_event rows and checksum per surviving node | ${f.ledgerEventsPerNode.map((n) => `${n.node}: ${n.events} / ${n.checksum}`).join('; ')} |`,
      `| **accepted commands lost** | **${f.lost}** |`,
      `| **webhook events of accepted audits lost** (stock.changed never delivered) | **${f.webhookEventsLost}** |`,
      `| suite run time (build, app starts, the four tests; ${ownCluster ? 'cluster start included' : 'the cluster was started before'}) | ${f.suiteSeconds} s |`,
    ].join('\n');
  }

  it('built the same schema on every node: a primary key on every table, the ledger triggers', async () => {
    for (const index of [0, 1, 2]) {
      const keyless = await rows(
        index,
        `SELECT t.table_name AS name FROM information_schema.tables t WHERE t.table_schema = DATABASE() AND t.table_type = 'BASE TABLE'
           AND NOT EXISTS (SELECT 1 FROM information_schema.table_constraints c WHERE c.table_schema = t.table_schema AND c.table_name = t.table_name AND c.constraint_type = 'PRIMARY KEY')`,
      );
      expect(keyless).toEqual([]);
      const triggers = await rows<{ name: string }>(index, "SELECT trigger_name AS name FROM information_schema.triggers WHERE trigger_schema = DATABASE() AND event_object_table = 'inventory_event' ORDER BY 1");
      expect(triggers.map((t) => t.name)).toEqual(['inventory_event_no_delete', 'inventory_event_no_update']);
    }
  });

  it('40 contested outbound audits split across both processes: exactly the stock on the shelf (25) succeed', async () => {
    await stockUp(ca, w, [{ product: 0, shelf: 0, quantity: 25 }]);
    const orders = [];
    for (let i = 0; i < 40; i++) orders.push(await (i % 2 ? cb : ca).add('Outbound', outboundOf(w, 0, 0)));
    const answers = await Promise.all(orders.map((order, i) => send(i % 2 ? a : b, '/admin/wms.Outbound/audit', { id: order.id }, { key: `contest-${order.id}` })));
    expect(answers.filter((res) => res.body?.code === 1)).toHaveLength(25);
    expect(answers.filter((res) => /^Insufficient stock/.test(res.body?.msg ?? ''))).toHaveLength(15);
    for (const index of survivors()) expect(await stockAt(index, w.products[0].id, w.shelves[0].id)).toBe(0);
  });

  it('gives orders added in parallel on both nodes distinct, consecutive numbers', async () => {
    phase = 'numbers';
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => send(i % 2 ? a : b, '/admin/wms.Inbound/add', { ...inboundOf(w, 1, 1, 1), order_sn: `parallel-${i}` }, { retry: true })));
    expect(answers.every((res) => res.body?.code === 1)).toBe(true);
    const numbers = answers.map((res) => res.body!.data.receipt_no as string);
    expect(new Set(numbers).size).toBe(30);
    // No number skipped or doubled: the day's counter moved once per committed order, on whichever node.
    const stored = await rows<{ receipt_no: string }>(0, "SELECT receipt_no FROM inbound_order WHERE order_sn LIKE 'parallel-%'");
    expect(stored.map((row) => row.receipt_no).sort()).toEqual([...numbers].sort());
    const sequence = numbers.map((n) => Number(n.split('-')[1])).sort((x, y) => x - y);
    expect(sequence[sequence.length - 1] - sequence[0]).toBe(29);
  });

  it('loses no accepted command when node2 is killed mid-load; every surviving node holds the same ledger; the rebuild matches', async () => {
    phase = 'load';
    const hook = await send(a, '/admin/routine.Webhook/add', { url: receiver.url, events: ['stock.changed'] }, { retry: true });
    expect(hook.body?.code).toBe(1);
    const stock = 150;
    const orderCount = 160;
    await stockUp(ca, w, [{ product: 1, shelf: 0, quantity: stock }]);
    const orders: Array<{ id: number; via: ServerProcess }> = [];
    for (let i = 0; i < orderCount; i++) orders.push({ id: (await (i % 2 ? cb : ca).add('Outbound', outboundOf(w, 1, 0))).id, via: i % 2 ? a : b });

    type Job = { kind: 'audit'; id: number; via: ServerProcess } | { kind: 'add'; sn: string; via: ServerProcess };
    const jobs: Job[] = [];
    orders.forEach((order, i) => {
      jobs.push({ kind: 'audit', ...order });
      if (i % 4 === 0) jobs.push({ kind: 'add', sn: `load-${i}`, via: i % 8 ? a : b });
    });
    const audits = new Map<number, Answer>();
    const adds = new Map<string, Answer>();
    let taken = 0;
    let killedAt = 0;
    const killAt = Math.floor(jobs.length / 3);
    const worker = async () => {
      for (;;) {
        const job = jobs[taken++];
        if (!job) return;
        if (taken === killAt) {
          killedAt = Date.now();
          alive[1] = false;
          void nodes[1].kill();
        }
        if (job.kind === 'audit') {
          const res = await send(job.via, '/admin/wms.Outbound/audit', { id: job.id }, { key: `load-${job.id}` });
          audits.set(job.id, res);
          if (killedAt && job.via === b && res.body?.code === 1 && !figures.secondsFromKillToFirstAcceptedOnB) {
            figures.secondsFromKillToFirstAcceptedOnB = Math.round((Date.now() - killedAt) / 100) / 10;
          }
        } else {
          const res = await send(job.via, '/admin/wms.Inbound/add', { ...inboundOf(w, 2, 1, 1), order_sn: job.sn });
          if (res.status === 503 || res.status === 0) figures.addsAnswered503++;
          adds.set(job.sn, res);
        }
      }
    };
    await Promise.all(Array.from({ length: 12 }, worker));
    expect(killedAt).toBeGreaterThan(0);

    // Every audit got a real answer; exactly the stock's worth succeeded.
    const accepted = [...audits].filter(([, res]) => res.body?.code === 1).map(([id]) => id);
    const refused = [...audits].filter(([, res]) => /^Insufficient stock/.test(res.body?.msg ?? '')).map(([id]) => id);
    expect(accepted.length + refused.length).toBe(orderCount);
    expect(accepted).toHaveLength(stock);

    for (const index of survivors()) {
      // Accepted audits are audited, each issued exactly once; refused ones are not.
      const issued = await rows<{ metadata: string }>(index, "SELECT metadata FROM inventory_event WHERE type = 'inventory.stock-issued.v2'");
      const perOrder = new Map<number, number>();
      for (const { metadata } of issued) {
        const id = (typeof metadata === 'string' ? JSON.parse(metadata) : metadata).order_id;
        perOrder.set(id, (perOrder.get(id) ?? 0) + 1);
      }
      const lostAudits = accepted.filter((id) => perOrder.get(id) !== 1);
      const doubled = [...perOrder].filter(([, n]) => n > 1);
      const refusedButIssued = refused.filter((id) => perOrder.has(id));
      // Accepted adds exist.
      const acceptedAdds = [...adds].filter(([, res]) => res.body?.code === 1).map(([sn]) => sn);
      const found = new Set((await rows<{ sn: string }>(index, "SELECT order_sn AS sn FROM inbound_order WHERE order_sn LIKE 'load-%'")).map((row) => row.sn));
      const lostAdds = acceptedAdds.filter((sn) => !found.has(sn));
      figures.addsAnswered503ButCommitted = [...adds].filter(([sn, res]) => res.body?.code !== 1 && found.has(sn)).length;
      figures.lost = Math.max(figures.lost, lostAudits.length + lostAdds.length);
      expect({ lostAudits, doubled, refusedButIssued, lostAdds }).toEqual({ lostAudits: [], doubled: [], refusedButIssued: [], lostAdds: [] });
      const [{ lowest }] = await rows<{ lowest: number }>(index, 'SELECT MIN(quantity) AS lowest FROM stock');
      expect(Number(lowest)).toBeGreaterThanOrEqual(0);
      expect(await stockAt(index, w.products[1].id, w.shelves[0].id)).toBe(0);
    }

    // Every accepted audit's ledger event reached the webhook (at least once), and no refused audit's did.
    const deadline = Date.now() + 120000;
    const issuedTo = () => new Set(receiver.accepted().filter((r) => r.event.type === 'stock.changed' && r.event.data.form_type === 40).map((r) => Number(r.event.data.order_id)));
    while (accepted.some((id) => !issuedTo().has(id)) && Date.now() < deadline) await sleep(250);
    const missing = accepted.filter((id) => !issuedTo().has(id));
    figures.webhookEventsLost = missing.length;
    expect({ missing, refusedButSent: refused.filter((id) => issuedTo().has(id)) }).toEqual({ missing: [], refusedButSent: [] });

    // The same ledger on every surviving node.
    for (const index of survivors()) {
      const [row] = await rows<{ events: number; checksum: string }>(
        index,
        "SELECT COUNT(*) AS events, CAST(COALESCE(SUM(CRC32(CONCAT_WS('|', id, stream_id, stream_version, type, payload, metadata, occurred_at))), 0) AS CHAR) AS checksum FROM inventory_event",
      );
      figures.ledgerEventsPerNode.push({ node: nodes[index].options.name, events: Number(row.events), checksum: row.checksum });
    }
    expect(new Set(figures.ledgerEventsPerNode.map((n) => `${n.events}/${n.checksum}`)).size).toBe(1);

    // With the apps stopped, the projections rebuilt from the ledger equal what the commands wrote.
    await a.stop();
    await b.stop();
    const { stdout } = await promisify(execFile)(process.execPath, [join(ROOT, 'dist', 'scripts', 'rebuild-projections.js')], {
      cwd: ROOT,
      env: { ...process.env, DB_URL: urlFor(survivors()), DB_MIGRATION_URL: '', DB_READ_URL: '' },
    });
    expect(stdout).toContain('The rebuilt projections match what was there.');
  });

  async function stockAt(index: number, productId: number, shelfId: number): Promise<number> {
    const [row] = await rows<{ quantity: number }>(index, 'SELECT quantity FROM stock WHERE product_id = ? AND warehouse_shelf_id = ?', [productId, shelfId]);
    return Number(row?.quantity ?? 0);
  }
});

function outboundOf(w: Warehouse, product: number, shelf: number) {
  return { customer_id: w.customer.id, type: 10, lines: [{ product_id: w.products[product].id, warehouse_shelf_id: w.shelves[shelf].id, plan_quantity: 1, actual_quantity: 1, price: '1.00' }] };
}

function inboundOf(w: Warehouse, product: number, shelf: number, quantity: number) {
  return { supplier_id: w.supplier.id, type: 10, lines: [{ product_id: w.products[product].id, warehouse_shelf_id: w.shelves[shelf].id, plan_quantity: quantity, actual_quantity: quantity, price: '1.00' }] };
}
