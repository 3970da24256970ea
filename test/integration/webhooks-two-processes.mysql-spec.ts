import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestApp, TestApp } from '../setup/create-test-app';
import { buildServer, ServerProcess, signIn, sleep, startServer } from '../support/server-process';
import { Client, smallWarehouse, Warehouse } from '../support/warehouse';
import { TestReceiver } from '../support/webhook-receiver';

type Row = Record<string, any>;

/**
 * Two app processes on one MariaDB database, both running the webhook worker (claims with leases, taken with
 * `FOR UPDATE SKIP LOCKED`): each event reaches each webhook, and each webhook gets its events in outbox order,
 * never interleaved by the two processes — with receivers that are slow and that sometimes fail.
 */
describe('webhooks delivered by two server processes on one MariaDB database', () => {
  let t: TestApp;
  const servers: ServerProcess[] = [];
  const receivers = [new TestReceiver(), new TestReceiver(), new TestReceiver()];
  let clients: Client[];
  let w: Warehouse;

  beforeAll(async () => {
    await buildServer();
    t = await createTestApp();
    await t.reset();
    for (const receiver of receivers) await receiver.start();
    const dataDir = mkdtempSync(join(tmpdir(), 'wms-webhooks-two-'));
    const env = { DATA_DIR: dataDir, WEBHOOK_WORKER: '1', WEBHOOK_ALLOW_PRIVATE: '1', WEBHOOK_POLL_MS: '100', WEBHOOK_RETRY_SECONDS: '1' };
    for (let i = 0; i < 2; i++) servers.push(await startServer(env));
    clients = [(await signIn(servers[0])).client, (await signIn(servers[1])).client];
    w = await smallWarehouse(clients[0]);
  }, 180000);
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
    for (const receiver of receivers) await receiver.stop();
    await t.close();
  });

  it('every event to every webhook exactly in outbox order, while both processes deliver', async () => {
    // receivers that take their time, and fail one request in five before doing anything
    let calls = 0;
    for (const receiver of receivers) receiver.answer = () => (++calls % 5 === 0 ? 503 : 200);
    const hooks: Row[] = [];
    for (const [i, receiver] of receivers.entries()) {
      const res = await clients[i % 2].raw.post('/admin/routine.Webhook/add', { url: receiver.url, events: i === 2 ? ['inbound.audited'] : ['inbound.audited', 'stock.changed'] });
      expect(res.body.code).toBe(1);
      hooks.push(res.body.data.row);
    }
    // 30 receipts, audited through both processes at once
    const orders: Row[] = [];
    for (let i = 0; i < 30; i++) {
      orders.push(
        await clients[i % 2].add('Inbound', {
          supplier_id: w.supplier.id,
          type: 10,
          lines: [
            { product_id: w.products[i % 3].id, warehouse_shelf_id: w.shelves[i % 2].id, plan_quantity: 1 + i, actual_quantity: 1 + i, price: '1.00' },
            { product_id: w.products[(i + 1) % 3].id, warehouse_shelf_id: w.shelves[(i + 1) % 2].id, plan_quantity: 2, actual_quantity: 2, price: '1.00' },
          ],
        }),
      );
    }
    // as the web client does: an audit answered 503 (the database busy past the retries) is sent again with its key
    const audit = async (id: number, via: Client) => {
      for (let attempt = 1; ; attempt++) {
        const res = await via.raw.post('/admin/wms.Inbound/audit', { id }).set('Idempotency-Key', `audit-${id}`);
        if (res.status !== 503 || attempt >= 10) return res;
        await sleep(200 * attempt);
      }
    };
    const audits = await Promise.all(orders.map((order, i) => audit(order.id, clients[(i + 1) % 2])));
    expect(audits.filter((a) => a.body.code !== 1).map((a) => `${a.status} ${JSON.stringify(a.body)}`)).toEqual([]);

    const expected = async (hookId: number): Promise<string[]> => (await t.dataSource.query('SELECT event_id FROM webhook_delivery WHERE webhook_id = ? ORDER BY id', [hookId])).map((r: Row) => r.event_id);
    const wanted = [30 * 3, 30 * 3, 30];
    const deadline = Date.now() + 120000;
    const done = () => receivers.every((receiver, i) => new Set(receiver.accepted().map((r) => r.event.id)).size === wanted[i]);
    while (!done() && Date.now() < deadline) await sleep(100);

    for (const [i, receiver] of receivers.entries()) {
      const order = await expected(hooks[i].id);
      expect(order).toHaveLength(wanted[i]);
      // accepted exactly once each, in the outbox order of this webhook's deliveries
      expect(receiver.accepted().map((r) => r.event.id)).toEqual(order);
      // every refused request was the event then due, sent again until accepted: never a later one overtaking it
      const firstAccepted = order.map((id) => receiver.got.findIndex((r) => r.event.id === id && r.status === 200));
      receiver.got.forEach((r, at) => {
        const index = order.indexOf(r.event.id);
        expect(index).toBeGreaterThanOrEqual(0);
        if (index > 0) expect(firstAccepted[index - 1]).toBeLessThan(at);
      });
    }
    // the inbound.audited events of the third webhook are the orders' audits, each carrying its ledger events
    const audited = receivers[2].accepted().map((r) => r.event);
    expect(new Set(audited.map((e) => e.data.id))).toEqual(new Set(orders.map((o) => o.id)));
    expect(audited.every((e) => e.ledger.length === 2)).toBe(true);
    const rows: Row[] = await t.dataSource.query('SELECT status, COUNT(*) AS n FROM webhook_delivery GROUP BY status');
    expect(rows.map((r) => [Number(r.status), Number(r.n)])).toEqual([[1, 210]]);
  });
});
