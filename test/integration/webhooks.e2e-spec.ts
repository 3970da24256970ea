import { ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import request from 'supertest';
import { WebhookWorker } from '../../src/modules/integration';
import { signatureMatches, signatureOf } from '../../src/modules/integration/domain/signature';
import { unixNow } from '../../src/shared/http/envelope';
import { runAtTime } from '../../src/shared/time/clock';
import { createTestApp, TestApp } from '../setup/create-test-app';
import { as, createAdmin, http, login, Session } from '../support/api';
import { freePort } from '../support/server-process';
import { client, Client, smallWarehouse, stockUp, Warehouse } from '../support/warehouse';
import { TestReceiver } from '../support/webhook-receiver';

type Row = Record<string, any>;

/**
 * `routine.Webhook` and its deliveries: an outbox row in the transaction of each change, signed
 * deliveries at least once, in outbox order per webhook, exponential retry for up to 24 hours (then the webhook
 * is failing), nothing lost across a restart, redelivery, a test event. The worker's passes are run by the
 * spec at the times it chooses (`runAtTime`): no test waits for a retry pause.
 */
describe('webhooks', () => {
  let t: TestApp;
  let admin: Session;
  let c: Client;
  let w: Warehouse;
  let receiver: TestReceiver;
  const allowPrivate = process.env.WEBHOOK_ALLOW_PRIVATE;

  const addWebhook = async (url: string, events: string[], status = 1): Promise<{ row: Row; secret: string }> => {
    const res = await as(t, admin).post('/admin/routine.Webhook/add', { url, events, status });
    if (res.body.code !== 1) throw new Error(JSON.stringify(res.body));
    return res.body.data;
  };
  /** One pass of the worker with the application clock at `at` (now by default). */
  const pass = (at = unixNow()) => runAtTime(at, () => t.app.get(WebhookWorker).runOnce());
  const deliveries = async (webhookId: number): Promise<Row[]> => t.dataSource.query('SELECT * FROM webhook_delivery WHERE webhook_id = ? ORDER BY id', [webhookId]);
  /** Passes at the time each next attempt is due until nothing is pending or `limit` passes ran. */
  const passUntilSettled = async (webhookId: number, limit = 80): Promise<void> => {
    for (let i = 0; i < limit; i++) {
      const pending = (await deliveries(webhookId)).filter((d) => Number(d.status) === 0);
      const [hook] = await t.dataSource.query('SELECT failing, retry_at FROM webhook WHERE id = ?', [webhookId]);
      if (!pending.length || Number(hook.failing)) return;
      await pass(Math.max(unixNow(), Number(hook.retry_at), ...pending.slice(0, 1).map((d) => Number(d.next_attempt_time))));
    }
  };
  const inbound = (quantity: number, shelf = 0) => stockUp(c, w, [{ product: 0, shelf, quantity }]);

  beforeAll(async () => {
    process.env.WEBHOOK_ALLOW_PRIVATE = '1';
    t = await createTestApp();
  });
  beforeEach(async () => {
    process.env.WEBHOOK_ALLOW_PRIVATE = '1';
    await t.reset();
    admin = await login(t);
    c = client(t, admin);
    w = await smallWarehouse(c);
    receiver = await new TestReceiver().start();
  });
  afterEach(() => receiver.stop());
  afterAll(async () => {
    if (allowPrivate === undefined) delete process.env.WEBHOOK_ALLOW_PRIVATE;
    else process.env.WEBHOOK_ALLOW_PRIVATE = allowPrivate;
    await t.close();
  });

  it('is permission-checked, answers the secret once, and refuses loopback, private and non-https URLs unless WEBHOOK_ALLOW_PRIVATE=1', async () => {
    expect((await http(t).get('/admin/routine.Webhook/index')).body.code).toBe(302);
    await createAdmin(t, 'clerk', ['wms', 'wms/stock', 'wms/stock/index']);
    const clerk = await login(t, 'clerk');
    expect((await as(t, clerk).post('/admin/routine.Webhook/add', { url: receiver.url, events: ['stock.changed'] })).body.code).toBe(401);
    expect((await as(t, clerk).get('/admin/routine.WebhookDelivery/index')).body.code).toBe(401);
    expect((await as(t, clerk).post('/admin/routine.WebhookDelivery/redeliver', { ids: [1] })).body.code).toBe(401);

    const { row, secret } = await addWebhook(receiver.url, ['stock.changed', 'inbound.audited']);
    expect(secret).toMatch(/^whsec_[\w-]{43}$/);
    expect(row).toMatchObject({ url: receiver.url, events: ['inbound.audited', 'stock.changed'], status: 1, failing: 0 });
    expect(row).not.toHaveProperty('secret');
    const listed = await c.get('/admin/routine.Webhook/index');
    const edited = await c.get(`/admin/routine.Webhook/edit?id=${row.id}`);
    expect(JSON.stringify([listed, edited])).not.toContain(secret);
    expect(edited.row.events).toEqual(['inbound.audited', 'stock.changed']);

    delete process.env.WEBHOOK_ALLOW_PRIVATE;
    const refused = async (url: string, pattern: RegExp) => {
      const res = await as(t, admin).post('/admin/routine.Webhook/add', { url, events: ['stock.changed'] });
      expect(res.body).toMatchObject({ code: 0, msg: expect.stringMatching(pattern) });
    };
    await refused(receiver.url, /https/);
    await refused('https://127.0.0.1:9/hook', /loopback or private address/);
    await refused('https://10.1.2.3/hook', /loopback or private address/);
    await refused('https://[::ffff:192.168.1.1]/hook', /loopback or private address/);
    await refused('https://169.254.169.254/latest', /loopback or private address/);
    await refused('https://localhost/hook', /loopback or private address/);
    await refused('ftp://example.com/x', /https/);
    await refused('not a url', /not valid/);
    // a public address is accepted (disabled: nothing is ever sent to it)
    expect((await as(t, admin).post('/admin/routine.Webhook/add', { url: 'https://93.184.216.34/hook', events: ['stock.changed'], status: 0 })).body.code).toBe(1);
    // an edit is checked the same way
    expect((await as(t, admin).post('/admin/routine.Webhook/edit', { id: row.id, url: 'https://10.0.0.1/', events: ['stock.changed'] })).body.code).toBe(0);
    process.env.WEBHOOK_ALLOW_PRIVATE = '1';

    for (const body of [{ url: receiver.url, events: ['stock.moved'] }, { url: receiver.url, events: [] }, { url: receiver.url }, { url: '', events: ['stock.changed'] }, { url: receiver.url, events: ['stock.changed'], status: 5 }]) {
      const res = await as(t, admin).post('/admin/routine.Webhook/add', body);
      expect(res.body.code).toBe(0);
      expect(res.body.msg).toBeTruthy();
    }
    expect(Number((await t.dataSource.query('SELECT COUNT(*) AS n FROM webhook'))[0].n)).toBe(2);
  });

  it('writes the outbox in the transaction of the change: an audit writes its event and one stock.changed per ledger event, a refused one writes nothing', async () => {
    await addWebhook(receiver.url, ['inbound.audited', 'stock.changed', 'outbound.shipped']);
    const order = await c.add('Inbound', {
      supplier_id: w.supplier.id,
      type: 10,
      lines: [
        { product_id: w.products[0].id, warehouse_shelf_id: w.shelves[0].id, plan_quantity: 4, actual_quantity: 4, price: '1.00' },
        { product_id: w.products[1].id, warehouse_shelf_id: w.shelves[1].id, plan_quantity: 6, actual_quantity: 6, price: '2.00' },
      ],
    });
    expect(Number((await t.dataSource.query('SELECT COUNT(*) AS n FROM webhook_outbox'))[0].n)).toBe(0);
    await c.post('Inbound', 'audit', { id: order.id });
    const outbox: Row[] = await t.dataSource.query('SELECT * FROM webhook_outbox ORDER BY id');
    expect(outbox.map((r) => r.type)).toEqual(['stock.changed', 'stock.changed', 'inbound.audited']);
    const ledger: Row[] = await t.dataSource.query('SELECT id, stream_id, stream_version, hash FROM inventory_event ORDER BY id');
    const refs = ledger.map((e) => ({ event_id: Number(e.id), stream: e.stream_id, version: Number(e.stream_version), hash: e.hash }));
    const audited = JSON.parse(outbox[2].body);
    expect(audited).toMatchObject({ id: outbox[2].event_id, type: 'inbound.audited', data: { id: order.id, audit_status: 1, lines: [{ actual_quantity: 4 }, { actual_quantity: 6 }] }, ledger: refs });
    expect(JSON.parse(outbox[0].body)).toMatchObject({ type: 'stock.changed', data: { event_id: refs[0].event_id, quantity: 4, balance: 4, order_no: order.receipt_no }, ledger: [refs[0]] });

    // an outbound that cannot be audited (not enough stock) rolls back, and its events with it
    const out = await c.add('Outbound', { customer_id: w.customer.id, type: 10, lines: [{ product_id: w.products[0].id, warehouse_shelf_id: w.shelves[0].id, plan_quantity: 50, actual_quantity: 50, price: '1.00' }] });
    expect((await c.raw.post('/admin/wms.Outbound/audit', { id: out.id })).body.code).toBe(0);
    expect(Number((await t.dataSource.query('SELECT COUNT(*) AS n FROM webhook_outbox'))[0].n)).toBe(3);
    // a transition that is no event writes none; shipping is one
    const ok = await c.add('Outbound', { customer_id: w.customer.id, type: 10, lines: [{ product_id: w.products[0].id, warehouse_shelf_id: w.shelves[0].id, plan_quantity: 1, actual_quantity: 1, price: '1.00' }] });
    await c.post('Outbound', 'audit', { id: ok.id });
    await c.post('Outbound', 'ship', { id: ok.id, carrier_id: w.carrier.id, courier_number: 'SF1' });
    expect((await t.dataSource.query('SELECT type FROM webhook_outbox ORDER BY id')).map((r: Row) => r.type)).toEqual(['stock.changed', 'stock.changed', 'inbound.audited', 'stock.changed', 'outbound.shipped']);
  });

  it('writes only what an enabled webhook wants: nothing without one, nothing for a disabled one; a webhook enabled by SQL is seen by the next request; a document event keeps its ledger references without stock.changed', async () => {
    const outboxTypes = async () => (await t.dataSource.query('SELECT type FROM webhook_outbox ORDER BY id')).map((r: Row) => r.type);
    await inbound(2);
    expect(await outboxTypes()).toEqual([]);
    const { row } = await addWebhook(receiver.url, ['inbound.audited', 'stock.changed'], 0);
    await inbound(2);
    expect(await outboxTypes()).toEqual([]);
    // as another process or an operator would: the triggers raise the site version, the next request reads anew
    await t.dataSource.query('UPDATE webhook SET status = 1 WHERE id = ?', [row.id]);
    await inbound(2);
    expect(await outboxTypes()).toEqual(['stock.changed', 'inbound.audited']);
    await t.dataSource.query("UPDATE webhook SET events = 'inbound.audited' WHERE id = ?", [row.id]);
    const order = await inbound(3, 1);
    expect(await outboxTypes()).toEqual(['stock.changed', 'inbound.audited', 'inbound.audited']);
    const [last] = await t.dataSource.query("SELECT body FROM webhook_outbox WHERE type = 'inbound.audited' ORDER BY id DESC LIMIT 1");
    const [event] = await t.dataSource.query('SELECT id, hash FROM inventory_event ORDER BY id DESC LIMIT 1');
    expect(JSON.parse(last.body)).toMatchObject({ data: { id: order.id }, ledger: [{ event_id: Number(event.id), hash: event.hash }] });
    // a lease taken or a retry set changes no subscription: the site version stays
    const [before] = await t.dataSource.query("SELECT version FROM cache_version WHERE name = 'site'");
    await t.dataSource.query('UPDATE webhook SET lease_until = lease_until + 1, retry_at = 5 WHERE id = ?', [row.id]);
    expect((await t.dataSource.query("SELECT version FROM cache_version WHERE name = 'site'"))[0].version).toEqual(before.version);
  });

  it('directed work is told too: a reservation (outbound.reserved), a wave released (wave.released) and a task when its confirm closes it (task.done), not a partial pick', async () => {
    await addWebhook(receiver.url, ['inbound.audited', 'outbound.reserved', 'wave.released', 'task.done']);
    await inbound(10);
    const types = async () => (await t.dataSource.query("SELECT type FROM webhook_outbox ORDER BY id")).map((r: Row) => r.type);
    const line = (quantity: number) => ({ product_id: w.products[0].id, plan_quantity: quantity, actual_quantity: quantity, price: '1.00' });
    const reserved = await c.add('Outbound', { customer_id: w.customer.id, type: 10, warehouse_id: w.warehouse.id, lines: [line(2)] });
    await c.post('Outbound', 'reserve', { id: reserved.id });
    const [reservation] = await t.dataSource.query("SELECT body FROM webhook_outbox WHERE type = 'outbound.reserved'");
    expect(JSON.parse(reservation.body)).toMatchObject({ type: 'outbound.reserved', data: { id: reserved.id, outbound_no: reserved.outbound_no }, ledger: [] });

    await c.add('Shelf', { warehouse_id: w.warehouse.id, warehouse_area_id: w.area.id, name: 'Dispatch', serial_no: 'ST1', kind: 2 });
    const picked = await c.add('Outbound', { customer_id: w.customer.id, type: 10, warehouse_id: w.warehouse.id, lines: [line(4)] });
    const wave = await c.add('Wave', { warehouse_id: w.warehouse.id, outbound_ids: [picked.id] });
    await c.post('Wave', 'release', { id: wave.id });
    expect(await types()).toEqual(['inbound.audited', 'outbound.reserved', 'wave.released']);
    const task = await c.post('Task', 'next', { wave_id: wave.id });
    await c.post('Task', 'confirm', { id: task.id, from_code: 'S1', product_code: 'P1', quantity: 1 });
    expect(await types()).toEqual(['inbound.audited', 'outbound.reserved', 'wave.released']);
    await c.post('Task', 'confirm', { id: task.id, from_code: 'S1', product_code: 'P1', quantity: 3 });
    expect(await types()).toEqual(['inbound.audited', 'outbound.reserved', 'wave.released', 'task.done']);
    const [done] = await t.dataSource.query("SELECT body FROM webhook_outbox WHERE type = 'task.done'");
    // the ledger events of the closing confirm: out of S1 and into the staging shelf
    const last = (await t.dataSource.query('SELECT id FROM inventory_event ORDER BY id DESC LIMIT 2')).map((r: Row) => Number(r.id)).reverse();
    expect(JSON.parse(done.body)).toMatchObject({ data: { id: task.id, status: 2, done_quantity: 4 } });
    expect(JSON.parse(done.body).ledger.map((r: Row) => r.event_id)).toEqual(last);
  });

  it('delivers signed JSON in outbox order, only the subscribed types, and records each delivery', async () => {
    const { row, secret } = await addWebhook(receiver.url, ['inbound.audited', 'stock.changed']);
    const other = new TestReceiver();
    await other.start();
    const second = await addWebhook(other.url, ['inbound.audited']);
    await inbound(3);
    await inbound(2);
    const report = await pass();
    expect(report.dispatched).toBe(4);
    expect(receiver.got.map((r) => r.event.type)).toEqual(['stock.changed', 'inbound.audited', 'stock.changed', 'inbound.audited']);
    expect(other.got.map((r) => r.event.type)).toEqual(['inbound.audited', 'inbound.audited']);
    await other.stop();
    const outbox: Row[] = await t.dataSource.query('SELECT event_id, body FROM webhook_outbox ORDER BY id');
    expect(receiver.got.map((r) => r.body)).toEqual(outbox.map((o) => o.body));
    for (const got of receiver.got) {
      expect(got.headers['content-type']).toBe('application/json');
      expect(got.headers['x-wms-event-id']).toBe(got.event.id);
      expect(signatureMatches(secret, String(got.headers['x-wms-timestamp']), got.body, String(got.headers['x-wms-signature']))).toBe(true);
      expect(signatureMatches(second.secret, String(got.headers['x-wms-timestamp']), got.body, String(got.headers['x-wms-signature']))).toBe(false);
      expect(Object.keys(got.event).sort()).toEqual(['data', 'id', 'ledger', 'occurred_at', 'type']);
    }
    // the chain: the second receipt's event follows the first in its stream
    const [first, , next] = receiver.got.map((r) => r.event);
    expect(next.data.chain.previous_hash).toBe(first.ledger[0].hash);
    expect(next.ledger[0]).toMatchObject({ stream: first.ledger[0].stream, version: first.ledger[0].version + 1 });

    const list = await c.get(`/admin/routine.WebhookDelivery/index?webhook_id=${row.id}`);
    expect(list.total).toBe(4);
    expect(list.list[0]).toMatchObject({ status: 1, attempts: 1, last_status: 200, webhook: { url: receiver.url } });
    // nothing twice: a second pass sends nothing
    expect(await pass()).toEqual({ dispatched: 0, attempted: 0 });
    expect(receiver.got).toHaveLength(4);
  });

  it('a receiver down for a while and then back gets every event, in order; a repeat carries the same event id and body', async () => {
    const { row } = await addWebhook(receiver.url, ['inbound.audited', 'stock.changed']);
    receiver.answer = () => 503;
    await inbound(1);
    await inbound(2);
    await inbound(3);
    const start = unixNow();
    await pass(start);
    // the first event failed; the others wait behind it, unsent
    expect(receiver.got).toHaveLength(1);
    let rows = await deliveries(row.id);
    expect(rows.map((d) => Number(d.attempts))).toEqual([1, 0, 0, 0, 0, 0]);
    expect(Number(rows[0].next_attempt_time)).toBe(start + 10);
    expect(await pass(start + 9)).toMatchObject({ attempted: 0 });
    await pass(start + 10);
    await pass(start + 30);
    expect(receiver.got).toHaveLength(3);
    expect(new Set(receiver.got.map((r) => r.event.id)).size).toBe(1);

    // back, but the third event is processed and its answer lost once (HTTP 500 after the work)
    const order = rows.map((d) => d.event_id);
    let lostOnce = false;
    receiver.answer = ({ event }) => (event.id === order[2] && !lostOnce ? ((lostOnce = true), 500) : 200);
    await passUntilSettled(row.id);
    rows = await deliveries(row.id);
    expect(rows.every((d) => Number(d.status) === 1)).toBe(true);
    expect(receiver.accepted().map((r) => r.event.id)).toEqual(order);
    const repeats = receiver.got.filter((r) => r.status !== 200);
    expect(repeats.length).toBeGreaterThan(3);
    for (const repeat of repeats) {
      const delivered = receiver.accepted().find((r) => r.event.id === repeat.event.id)!;
      expect(repeat.body).toBe(delivered.body);
      expect(repeat.headers['x-wms-event-id']).toBe(delivered.headers['x-wms-event-id']);
    }
    // each event was accepted after every earlier one was
    const acceptedAt = order.map((id) => receiver.got.findIndex((r) => r.event.id === id && r.status === 200));
    expect([...acceptedAt].sort((a, b) => a - b)).toEqual(acceptedAt);
  });

  it('retries with exponential pauses for up to 24 hours, then marks the webhook failing; its later events wait until it is redelivered', async () => {
    const { row } = await addWebhook(receiver.url, ['inbound.audited']);
    receiver.answer = () => 503;
    await inbound(1);
    await inbound(1);
    const start = unixNow();
    await pass(start);
    await passUntilSettled(row.id, 100);
    const [hook] = await t.dataSource.query('SELECT failing, failing_since FROM webhook WHERE id = ?', [row.id]);
    expect(Number(hook.failing)).toBe(1);
    const times = receiver.got.map((r) => Number(r.headers['x-wms-timestamp']));
    const pauses = times.slice(1).map((time, i) => time - times[i]);
    expect(pauses.slice(0, 6)).toEqual([10, 20, 40, 80, 160, 320]);
    expect(Math.max(...pauses)).toBe(3600);
    expect(times[times.length - 1] - start).toBeLessThanOrEqual(86400);
    // the attempt after the last would have come more than 24 hours after the first
    expect(times[times.length - 1] + 3600 - start).toBeGreaterThan(86400);
    // only the first event was ever tried
    expect(new Set(receiver.got.map((r) => r.event.id)).size).toBe(1);
    const [failed, waiting] = await deliveries(row.id);
    expect(Number(failed.status)).toBe(2);
    expect(Number(failed.attempts)).toBe(receiver.got.length);
    expect(Number(failed.last_status)).toBe(503);
    expect(Number(waiting.status)).toBe(0);
    expect(Number(waiting.attempts)).toBe(0);
    expect((await c.get(`/admin/routine.Webhook/edit?id=${row.id}`)).row.failing).toBe(1);
    // still failing an hour later: nothing is sent
    expect(await pass(times[times.length - 1] + 7200)).toMatchObject({ attempted: 0 });

    receiver.answer = () => 200;
    const redelivered = await as(t, admin).post('/admin/routine.WebhookDelivery/redeliver', { ids: [failed.id] });
    expect(redelivered.body).toMatchObject({ code: 1, data: { count: 1 } });
    await pass();
    expect(receiver.accepted().map((r) => r.event.id)).toEqual([failed.event_id, waiting.event_id]);
    expect((await deliveries(row.id)).map((d) => Number(d.status))).toEqual([1, 1]);
    expect((await c.get(`/admin/routine.Webhook/edit?id=${row.id}`)).row.failing).toBe(0);
    // redelivering a delivered event sends it again, with the same id
    await as(t, admin).post('/admin/routine.WebhookDelivery/redeliver', { ids: [waiting.id] });
    await pass();
    expect(receiver.accepted().map((r) => r.event.id)).toEqual([failed.event_id, waiting.event_id, waiting.event_id]);
    expect((await as(t, admin).post('/admin/routine.WebhookDelivery/redeliver', { ids: [99999] })).body.code).toBe(0);
  });

  it('sends a test event to one webhook only and answers its delivery', async () => {
    const { row } = await addWebhook(receiver.url, ['stock.changed']);
    const other = new TestReceiver();
    await other.start();
    await addWebhook(other.url, ['stock.changed']);
    const res = await as(t, admin).post('/admin/routine.Webhook/test', { id: row.id });
    expect(res.body).toMatchObject({ code: 1, data: { status: 1, attempts: 1, last_status: 200, type: 'webhook.test', webhook_id: row.id } });
    expect(receiver.got.map((r) => r.event.type)).toEqual(['webhook.test']);
    expect(receiver.got[0].event.data).toMatchObject({ webhook_id: row.id });
    expect(other.got).toHaveLength(0);
    await other.stop();
    expect((await as(t, admin).post('/admin/routine.Webhook/test', { id: 99999 })).body.code).toBe(0);
  });

  it('the example receiver (docs/examples) verifies signatures and chain hashes of real deliveries, and refuses forgeries', async () => {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}/`;
    const { secret } = await addWebhook(url, ['inbound.audited', 'stock.changed']);
    const example: ChildProcess = spawn(process.execPath, [join(__dirname, '..', '..', 'docs', 'examples', 'webhook-receiver.mjs')], { env: { ...process.env, PORT: String(port), WEBHOOK_SECRET: secret } });
    const lines: Row[] = [];
    let buffer = '';
    example.stdout!.on('data', (chunk) => {
      buffer += chunk;
      const parts = buffer.split('\n');
      buffer = parts.pop()!;
      lines.push(...parts.filter(Boolean).map((l) => JSON.parse(l)));
    });
    try {
      for (let i = 0; !lines.some((l) => l.listening) && i < 200; i++) await new Promise((r) => setTimeout(r, 25));
      await inbound(5);
      await inbound(7);
      await pass();
      // the receiver prints its verdict after answering: wait for its four lines, not for the answers
      for (let i = 0; lines.filter((l) => l.verdict).length < 4 && i < 200; i++) await new Promise((r) => setTimeout(r, 25));
      const verdicts = lines.filter((l) => l.verdict);
      expect(verdicts.map((l) => [l.type, l.verdict, l.chain])).toEqual([
        ['stock.changed', 'accepted', 'ok'],
        ['inbound.audited', 'accepted', 'n/a'],
        ['stock.changed', 'accepted', 'linked'],
        ['inbound.audited', 'accepted', 'n/a'],
      ]);
      const body = String((await t.dataSource.query("SELECT body FROM webhook_outbox WHERE type = 'stock.changed' ORDER BY id LIMIT 1"))[0].body);
      const post = (payload: string, signature: string, timestamp = Math.floor(Date.now() / 1000)) =>
        request(`http://127.0.0.1:${port}`).post('/').set('content-type', 'application/json').set('x-wms-event-id', JSON.parse(payload).id).set('x-wms-timestamp', String(timestamp)).set('x-wms-signature', signature).send(payload);
      const now = Math.floor(Date.now() / 1000);
      expect((await post(body, 'sha256=00')).status).toBe(401);
      expect((await post(body, signatureOf(secret, now - 3600, body), now - 3600)).status).toBe(401);
      // a repeat of a delivered event is acknowledged and not handled again
      expect((await post(body, signatureOf(secret, now, body))).text).toBe('duplicate');
      // signed with the right secret but with altered content: the chain hash gives it away
      const altered = JSON.parse(body);
      altered.id = '00000000-0000-4000-8000-000000000000';
      altered.data.chain.content.payload = altered.data.chain.content.payload.replace('"quantity":5', '"quantity":50');
      const forged = JSON.stringify(altered);
      const answer = await post(forged, signatureOf(secret, now, forged));
      expect(answer.status).toBe(422);
      expect(answer.text).toBe('the hash does not match the content');
    } finally {
      example.kill();
    }
  });

  it('loses no event across a restart: another app on the same database delivers what the first could not', async () => {
    const { row } = await addWebhook(receiver.url, ['inbound.audited', 'stock.changed']);
    receiver.answer = () => 503;
    await inbound(4);
    await inbound(6);
    await pass();
    expect(receiver.accepted()).toHaveLength(0);
    const expected = (await deliveries(row.id)).map((d) => d.event_id);
    expect(expected).toHaveLength(4);
    // a change committed after the last pass, never dispatched before the stop
    await inbound(1);
    await t.close();
    t = await createTestApp();
    receiver.answer = () => 200;
    await passUntilSettled(row.id);
    const all: Row[] = await t.dataSource.query('SELECT event_id FROM webhook_outbox ORDER BY id');
    expect(all).toHaveLength(6);
    expect(receiver.accepted().map((r) => r.event.id)).toEqual(all.map((r) => r.event_id));
    expect(receiver.accepted().slice(0, 4).map((r) => r.event.id)).toEqual(expected);
  });
});
