import { mkdtempSync, writeFileSync } from 'node:fs';
import { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDigestGuard, createLedgerGuard, dropDigestGuard, dropLedgerGuard } from '../../migrations/ledger-guard';
import { chainExistingEvents } from '../../migrations/1764000800000-ledger-hash-chain';
import { ledgerVerify } from '../../scripts/ledger-verify';
import { chainHash, LedgerVerifier, VerificationReport } from '../../src/modules/inventory';
import { LedgerSigningKey } from '../../src/modules/inventory/integrity/ledger-signing-key';
import { statementOf } from '../../src/modules/inventory/integrity/ledger-digests.service';
import { unixNow } from '../../src/shared/http/envelope';
import { TestApp } from '../setup/create-test-app';
import { as, createAdmin, login } from '../support/api';
import { Client, smallWarehouse, stockUp, Warehouse } from '../support/warehouse';
import { adminSpec } from '../support/admin-spec';

type EventRow = { id: number; stream_id: string; stream_version: number; payload: string; hash: string } & Record<string, any>;

/**
 * Tamper evidence, end to end: the test acts as a database administrator (it lifts the append-only guard
 * and edits the ledger with SQL) and verification must find and pinpoint each change.
 */
describe('a ledger auditors can verify', () => {
  let t: TestApp;
  let c: Client;
  let w: Warehouse;

  adminSpec({ warehouse: smallWarehouse, ready: (fixture) => ({ t, c, w } = fixture) });
  beforeEach(async () => {
    // three streams: P1@S1 with versions 1..4, P2@S1 with 1..2, P1@S2 with 1
    await stockUp(c, w, [
      { product: 0, shelf: 0, quantity: 10 },
      { product: 1, shelf: 0, quantity: 5 },
    ]);
    await stockUp(c, w, [{ product: 0, shelf: 0, quantity: 7 }]);
    const out = await c.add('Outbound', { customer_id: w.customer.id, type: 10, lines: [{ product_id: w.products[0].id, warehouse_shelf_id: w.shelves[0].id, plan_quantity: 3, actual_quantity: 3, price: '2.00' }] });
    await c.post('Outbound', 'audit', { id: out.id });
    const move = await c.add('Relocation', { lines: [{ product_id: w.products[0].id, source_warehouse_shelf_id: w.shelves[0].id, target_warehouse_shelf_id: w.shelves[1].id, plan_quantity: 2 }] });
    await c.post('Relocation', 'audit', { id: move.id });
    await c.post('Relocation', 'move', { id: move.id, lines: [{ id: move.lines[0].id, quantity: 2 }] });
    await stockUp(c, w, [{ product: 1, shelf: 0, quantity: 1 }]);
  });

  const verify = (digest: Parameters<LedgerVerifier['verify']>[0]['digest'] = 'latest'): Promise<VerificationReport> => t.app.get(LedgerVerifier).verify({ digest, adminId: 1, source: 'cli' });
  const events = (): Promise<EventRow[]> => t.dataSource.query('SELECT * FROM inventory_event ORDER BY stream_id, stream_version');
  const streamOf = (product: number, shelf: number) => `stock-${w.products[product].id}-${w.shelves[shelf].id}`;
  const eventAt = async (stream: string, version: number) => (await events()).find((e) => e.stream_id === stream && Number(e.stream_version) === version)!;

  /** SQL as a database administrator: the append-only guards (ledger, digests) are lifted for it and put back. */
  async function asDba(sql: Array<[string, unknown[]]>): Promise<void> {
    const runner = t.dataSource.createQueryRunner();
    try {
      await dropLedgerGuard(runner);
      await dropDigestGuard(runner);
      for (const [statement, params] of sql) await runner.query(statement, params);
      await createLedgerGuard(runner);
      await createDigestGuard(runner);
    } finally {
      await runner.release();
    }
  }
  const take = async () => (await as(t, await login(t)).post('/admin/audit.Ledger/take')).body.data;
  /** A new stream's first event as whoever may only INSERT would write it: a valid chain, the id chosen. */
  const forgedStream = (id: number, stream: string) => {
    const row = { stream_id: stream, stream_version: 1, type: 'inventory.stock-received.v2', payload: JSON.stringify({ product_id: 999, warehouse_shelf_id: 999, quantity: 1000, balance: 1000 }), metadata: '{}', occurred_at: unixNow() };
    return ['INSERT INTO inventory_event (id, stream_id, stream_version, type, payload, metadata, occurred_at, hash) VALUES (?, ?, ?, ?, ?, ?, ?, ?)', [id, ...Object.values(row), chainHash('', row)]] as [string, unknown[]];
  };
  /**
   * Free ids below the last event, as a database's own history leaves them (an append rolled back on MySQL
   * keeps its id unused): here the newest event moves up by 100 before any digest is taken. Answers a free id.
   */
  async function leaveGap(): Promise<number> {
    const [{ last }] = await t.dataSource.query('SELECT MAX(id) AS last FROM inventory_event');
    await asDba([['UPDATE inventory_event SET id = ? WHERE id = ?', [Number(last) + 100, last]]]);
    return Number(last) + 50;
  }

  it('chains every event at append onto the one before it in its stream', async () => {
    const all = await events();
    expect(all).toHaveLength(7);
    const previous = new Map<string, string>();
    for (const e of all) {
      expect(e.hash).toBe(chainHash(previous.get(e.stream_id) ?? '', e));
      previous.set(e.stream_id, e.hash);
    }
    // the guard still refuses an edit of the hash as of everything else
    await expect(t.dataSource.query("UPDATE inventory_event SET hash = 'x' WHERE id = ?", [all[0].id])).rejects.toThrow(/append-only/);
  });

  it('chains the events of every kind of movement: adjustments too', async () => {
    const line = (product: number, shelf: number, quantity: number, reason: string) => ({ product_id: w.products[product].id, warehouse_shelf_id: w.shelves[shelf].id, quantity, reason });
    const adjustment = await c.add('Adjustment', { lines: [line(0, 0, -2, 'damaged'), line(2, 1, 3, 'found')] });
    await c.post('Adjustment', 'audit', { id: adjustment.id });
    expect(await verify(null)).toMatchObject({ intact: true, events: 9, streams: 4 });
  });

  it('answers an untouched ledger "intact up to" its last event, with and without a digest', async () => {
    const [{ last }] = await t.dataSource.query('SELECT MAX(id) AS last FROM inventory_event');
    expect(await verify(null)).toMatchObject({ intact: true, events: 7, streams: 3, intact_up_to: Number(last), problem: null, digest: null });
    const admin = as(t, await login(t));
    const answer = (await admin.post('/admin/audit.Ledger/take')).body;
    const taken = answer.data;
    // the answer says what was taken (the page shows it)
    expect(answer.msg).toBe(`Digest #${taken.id} taken: 7 events in 3 streams, signed`);
    expect(taken).toMatchObject({ format: 'wms-ledger-digest/2', last_event_id: Number(last), streams: 3, events: 7, previous_id: 0 });
    expect(taken.root).toMatch(/^[0-9a-f]{64}$/);
    await stockUp(c, w, [{ product: 2, shelf: 1, quantity: 4 }]); // events after the digest change nothing it covers
    const report = await verify('latest');
    expect(report).toMatchObject({ intact: true, events: 8, problem: null, digest: { id: taken.id, root: taken.root, signature_valid: true, matched: true } });
    expect(await verify(taken)).toMatchObject({ intact: true, digest: { signature_valid: true, matched: true } });
  });

  it('finds a changed quantity and names its stream and order number', async () => {
    const target = await eventAt(streamOf(0, 0), 2);
    const payload = JSON.parse(target.payload);
    await asDba([['UPDATE inventory_event SET payload = ? WHERE id = ?', [JSON.stringify({ ...payload, quantity: payload.quantity + 100, balance: payload.balance + 100 }), target.id]]]);
    const report = await verify(null);
    expect(report).toMatchObject({ intact: false, problem: { kind: 'altered', stream_id: streamOf(0, 0), stream_version: 2, event_id: Number(target.id) }, intact_up_to: Number(target.id) - 1 });
  });

  it('finds a deleted event', async () => {
    const target = await eventAt(streamOf(0, 0), 3);
    await asDba([['DELETE FROM inventory_event WHERE id = ?', [target.id]]]);
    const next = await eventAt(streamOf(0, 0), 4);
    expect(await verify(null)).toMatchObject({ intact: false, problem: { kind: 'removed', stream_id: streamOf(0, 0), stream_version: 3, event_id: Number(next.id) } });
  });

  it('finds an inserted event', async () => {
    const head = await eventAt(streamOf(1, 0), 2);
    const { id: _id, hash: _hash, ...content } = head;
    await asDba([['INSERT INTO inventory_event (stream_id, stream_version, type, payload, metadata, occurred_at) VALUES (?, ?, ?, ?, ?, ?)', [content.stream_id, 3, content.type, content.payload, content.metadata, content.occurred_at]]]);
    const forged = await eventAt(streamOf(1, 0), 3);
    expect(await verify(null)).toMatchObject({ intact: false, problem: { kind: 'inserted', stream_id: streamOf(1, 0), stream_version: 3, event_id: Number(forged.id) } });
  });

  it('finds two events swapped, whether their order numbers or their positions were exchanged', async () => {
    const a = await eventAt(streamOf(0, 0), 2);
    const b = await eventAt(streamOf(0, 0), 3);
    await asDba([
      ['UPDATE inventory_event SET stream_version = 0 WHERE id = ?', [a.id]],
      ['UPDATE inventory_event SET stream_version = 2 WHERE id = ?', [b.id]],
      ['UPDATE inventory_event SET stream_version = 3 WHERE id = ?', [a.id]],
    ]);
    expect(await verify(null)).toMatchObject({ intact: false, problem: { kind: 'altered', stream_id: streamOf(0, 0), stream_version: 2, event_id: Number(b.id) } });

    // put them back, then swap whole rows: each keeps its content and hash but takes the other's position
    await asDba([
      ['UPDATE inventory_event SET stream_version = 0 WHERE id = ?', [a.id]],
      ['UPDATE inventory_event SET stream_version = 3 WHERE id = ?', [b.id]],
      ['UPDATE inventory_event SET stream_version = 2 WHERE id = ?', [a.id]],
    ]);
    expect(await verify(null)).toMatchObject({ intact: true });
    const columns = ['stream_version', 'type', 'payload', 'metadata', 'occurred_at', 'hash'];
    const set = (row: EventRow) => [`UPDATE inventory_event SET ${columns.map((col) => `${col} = ?`).join(', ')} WHERE id = ?`, [...columns.map((col) => (col === 'stream_version' ? Number(row[col]) : row[col])), 0]] as [string, unknown[]];
    const [toA, toB] = [set(b), set(a)];
    toA[1][columns.length] = a.id;
    toB[1][columns.length] = b.id;
    await asDba([['UPDATE inventory_event SET stream_version = 0 WHERE id = ?', [a.id]], toB, toA]);
    expect(await verify(null)).toMatchObject({ intact: false, problem: { kind: 'reordered', stream_id: streamOf(0, 0), stream_version: 3, event_id: Number(a.id) } });
  });

  it('finds a stream whose tail was truncated after a digest, although its chain is whole', async () => {
    const admin = as(t, await login(t));
    const taken = (await admin.post('/admin/audit.Ledger/take')).body.data;
    const [v3, v4] = [await eventAt(streamOf(0, 0), 3), await eventAt(streamOf(0, 0), 4)];
    await asDba([['DELETE FROM inventory_event WHERE id IN (?, ?)', [v3.id, v4.id]]]);
    expect(await verify(null)).toMatchObject({ intact: true });
    expect(await verify(taken)).toMatchObject({ intact: false, problem: { kind: 'removed', stream_id: streamOf(0, 0), stream_version: 3, event_id: null }, digest: { signature_valid: true, matched: false } });
  });

  it('finds a stream rewritten with recomputed hashes after a digest', async () => {
    const taken = (await as(t, await login(t)).post('/admin/audit.Ledger/take')).body.data;
    const stream = (await events()).filter((e) => e.stream_id === streamOf(1, 0));
    let previous = '';
    const updates: Array<[string, unknown[]]> = [];
    for (const e of stream) {
      const payload = JSON.parse(e.payload);
      const forged = { ...e, payload: JSON.stringify({ ...payload, price: '0.01' }) };
      previous = chainHash(previous, forged);
      updates.push(['UPDATE inventory_event SET payload = ?, hash = ? WHERE id = ?', [forged.payload, previous, e.id]]);
    }
    await asDba(updates);
    expect(await verify(null)).toMatchObject({ intact: true });
    expect(await verify(taken)).toMatchObject({ intact: false, problem: { kind: 'digest-mismatch', stream_id: streamOf(1, 0), stream_version: 2 } });
  });

  it('rejects a digest whose signature or content was altered', async () => {
    const admin = as(t, await login(t));
    const taken = (await admin.post('/admin/audit.Ledger/take')).body.data;
    const download = await admin.get(`/admin/audit.Ledger/download?id=${taken.id}`);
    expect(download.headers['content-disposition']).toBe(`attachment; filename="ledger-digest-${taken.id}.json"`);
    const file = JSON.parse(download.text);
    expect(file).toEqual(taken);
    expect(file.public_key).toBe((await admin.get('/admin/audit.Ledger/publicKey')).body.data.public_key);
    const flipped = file.signature[5] === 'A' ? 'B' : 'A';
    const badSignature = { ...file, signature: file.signature.slice(0, 5) + flipped + file.signature.slice(6) };
    expect(await verify(badSignature)).toMatchObject({ intact: false, problem: { kind: 'digest-signature' }, digest: { signature_valid: false } });
    expect(await verify({ ...file, root: '0'.repeat(64) })).toMatchObject({ intact: false, problem: { kind: 'digest-signature' } });
    // and a forged leaf in the database no longer gives the signed root
    await asDba([['UPDATE ledger_digest_leaf SET stream_version = stream_version + 1 WHERE stream_id = ?', [streamOf(0, 1)]]]);
    expect((await verify(file)).problem?.kind).toMatch(/^(removed|digest-leaves)$/);
  });

  it('keeps digests and their leaves append-only, as the ledger: UPDATE and DELETE are refused', async () => {
    const taken = await take();
    for (const statement of ['UPDATE ledger_digest SET root = ? WHERE id = ?', 'UPDATE ledger_digest SET signature = ? WHERE id = ?']) {
      await expect(t.dataSource.query(statement, ['0'.repeat(64), taken.id])).rejects.toThrow(/ledger_digest is append-only/);
    }
    await expect(t.dataSource.query('DELETE FROM ledger_digest WHERE id = ?', [taken.id])).rejects.toThrow(/ledger_digest is append-only/);
    await expect(t.dataSource.query('UPDATE ledger_digest_leaf SET hash = ? WHERE digest_id = ?', ['0'.repeat(64), taken.id])).rejects.toThrow(/ledger_digest_leaf is append-only/);
    await expect(t.dataSource.query('DELETE FROM ledger_digest_leaf WHERE digest_id = ?', [taken.id])).rejects.toThrow(/ledger_digest_leaf is append-only/);
    const [{ n }] = await t.dataSource.query('SELECT COUNT(*) AS n FROM ledger_digest_leaf WHERE digest_id = ?', [taken.id]);
    expect(Number(n)).toBe(3);
    expect(await verify(taken)).toMatchObject({ intact: true, digest: { matched: true } });
    // each digest names the one before it, and stores only the heads that changed since
    await stockUp(c, w, [{ product: 0, shelf: 0, quantity: 1 }]);
    const next = await take();
    expect(next).toMatchObject({ id: taken.id + 1, previous_id: taken.id, events: 8, streams: 3 });
    const [{ changed }] = await t.dataSource.query('SELECT COUNT(*) AS changed FROM ledger_digest_leaf WHERE digest_id = ?', [next.id]);
    expect(Number(changed)).toBe(1);
    expect(await verify(next)).toMatchObject({ intact: true, digest: { matched: true } });
  });

  describe('a digest pins the whole ledger up to its last event', () => {
    it('finds a new stream back-dated into its range (an id in a gap), though every chain is whole', async () => {
      const free = await leaveGap();
      const taken = await take();
      expect(taken.last_event_id).toBeGreaterThan(free);
      await t.dataSource.query(...forgedStream(free, 'stock-999-999'));
      expect(await verify(null)).toMatchObject({ intact: true, events: 8, streams: 4 });
      const expected = { intact: false, problem: { kind: 'back-dated', stream_id: 'stock-999-999', stream_version: 1, event_id: free }, digest: { signature_valid: true, matched: false } };
      expect(await verify('latest')).toMatchObject(expected);
      expect(await verify(taken)).toMatchObject(expected);
    });

    it('finds an event back-dated into a signed stream, at the order number after the signed head', async () => {
      const free = await leaveGap();
      const taken = await take();
      const head = await eventAt(streamOf(0, 0), 4);
      expect(Number(head.id)).toBeLessThan(free);
      const row = { stream_id: head.stream_id, stream_version: 5, type: head.type, payload: head.payload, metadata: head.metadata, occurred_at: head.occurred_at };
      await t.dataSource.query('INSERT INTO inventory_event (id, stream_id, stream_version, type, payload, metadata, occurred_at, hash) VALUES (?, ?, ?, ?, ?, ?, ?, ?)', [free, ...Object.values(row), chainHash(head.hash, row)]);
      expect(await verify(null)).toMatchObject({ intact: true });
      expect(await verify(taken)).toMatchObject({ intact: false, problem: { kind: 'back-dated', stream_id: streamOf(0, 0), stream_version: 5, event_id: free } });
    });

    it('finds a signed head moved after the last event, and figures that differ when the leaves are gone', async () => {
      const taken = await take();
      const head = await eventAt(streamOf(0, 1), 1);
      await asDba([['UPDATE inventory_event SET id = ? WHERE id = ?', [Number(taken.last_event_id) + 10, head.id]]]);
      expect(await verify(null)).toMatchObject({ intact: true });
      expect(await verify(taken)).toMatchObject({ intact: false, problem: { kind: 'digest-range', stream_id: streamOf(0, 1), stream_version: 1, event_id: Number(taken.last_event_id) + 10 } });
      // the stored digest deleted too: the file alone still carries the signed figures
      await asDba([['DELETE FROM ledger_digest_leaf WHERE digest_id = ?', [taken.id]], ['DELETE FROM ledger_digest WHERE id = ?', [taken.id]]]);
      expect(await verify(taken)).toMatchObject({ intact: false, problem: { kind: 'digest-counts' }, digest: { signature_valid: true } });
    });

    it('recounts only up to its last event: events after it belong to the next digest', async () => {
      const taken = await take();
      await stockUp(c, w, [{ product: 2, shelf: 1, quantity: 4 }]);
      // figures are recounted up to the digest's last event, not over the whole ledger
      expect(await verify(taken)).toMatchObject({ intact: true, events: 8, streams: 4, digest: { matched: true } });
      const next = await take();
      expect(next).toMatchObject({ events: 8, streams: 4, previous_id: taken.id });
    });
  });

  describe('npm run ledger:verify, without a digest file, checks the stored digests as a series', () => {
    const day = 86400;
    const cli = async (args: string[], now?: number) => {
      const out: string[] = [];
      const warnings: string[] = [];
      const code = await ledgerVerify(t.app.get(LedgerVerifier), args, { progress: () => undefined, line: (l) => out.push(l), warn: (l) => warnings.push(l) }, now);
      return { code, out, warnings };
    };

    it('exits 0 when a digest covers the ledger, and warns and exits 3 when events older than a day have none', async () => {
      expect(await cli([], unixNow() + 3600)).toMatchObject({ code: 0, warnings: [] });
      const none = await cli([], unixNow() + 2 * day);
      expect(none.code).toBe(3);
      expect(none.warnings).toEqual([expect.stringMatching(/^WARNING: 7 events \(the oldest written .*\) are older than a day and no signed digest covers them \(there is no digest\)\.$/)]);
      await take();
      expect(await cli([], unixNow() + 2 * day)).toMatchObject({ code: 0, warnings: [] });
      await stockUp(c, w, [{ product: 2, shelf: 1, quantity: 4 }]);
      const late = await cli(['--no-digest'], unixNow() + 2 * day);
      expect(late).toMatchObject({ code: 3, warnings: [expect.stringContaining('1 events')] });
      expect(late.out).toContain('No digest checked (chains only).');
    });

    it('warns about a digest removed, one unsigned and a day without a digest while the ledger grew', async () => {
      const first = await take();
      await stockUp(c, w, [{ product: 2, shelf: 1, quantity: 4 }]);
      const second = await take();
      await stockUp(c, w, [{ product: 2, shelf: 1, quantity: 1 }]);
      const third = await take();
      // whoever may drop the triggers removes the second digest, moves the first back two days (signing it
      // again with the key, as only the key's holder could), and adds a digest with no valid signature
      const key = t.app.get(LedgerSigningKey);
      const [row] = await t.dataSource.query('SELECT * FROM ledger_digest WHERE id = ?', [first.id]);
      const moved = { ...row, id: Number(row.id), last_event_id: Number(row.last_event_id), streams: Number(row.streams), events: Number(row.events), created_at: Number(row.created_at) - 2 * day, previous_id: 0 };
      await asDba([
        ['DELETE FROM ledger_digest WHERE id = ?', [second.id]],
        ['UPDATE ledger_digest SET created_at = ?, signature = ? WHERE id = ?', [moved.created_at, key.sign(JSON.stringify(['wms-ledger-digest/2', moved.id, moved.root, moved.last_event_id, moved.streams, moved.events, moved.created_at, 0])), first.id]],
      ]);
      await t.dataSource.query("INSERT INTO ledger_digest (id, root, last_event_id, streams, events, day, admin_id, signature, created_at, previous_id) VALUES (?, ?, ?, ?, ?, NULL, 0, 'AAAA', ?, ?)", [third.id + 1, third.root, third.last_event_id, third.streams, third.events, unixNow(), third.id]);
      // against the latest stored digest, the forged one: not intact (2); the warnings come either way
      expect(await cli([])).toMatchObject({ code: 2, out: expect.arrayContaining([expect.stringContaining('signature INVALID')]) });
      const { code, warnings } = await cli(['--no-digest']);
      expect(code).toBe(3);
      expect(warnings).toEqual([
        `WARNING: digest #${second.id} is missing: digest #${third.id} names it as the one taken before it.`,
        expect.stringMatching(new RegExp(`^WARNING: 4[89] hours passed between digests #${first.id} and #${third.id} while the ledger grew`)),
        `WARNING: digest #${third.id + 1} carries no valid signature of this installation's key.`,
      ]);
      expect(statementOf({ ...moved, signature: '', day: null, admin_id: 0 }).format).toBe('wms-ledger-digest/2');
    });

    it('checks a digest file on its own (no series), and exits 2 when the ledger is not intact', async () => {
      const taken = await take();
      const file = join(mkdtempSync(join(tmpdir(), 'wms-digest-')), 'digest.json');
      writeFileSync(file, JSON.stringify(taken));
      expect(await cli(['--digest', file], unixNow() + 5 * day)).toMatchObject({ code: 0, warnings: [] });
      const target = await eventAt(streamOf(0, 0), 2);
      await asDba([['UPDATE inventory_event SET payload = ? WHERE id = ?', ['{}', target.id]]]);
      const broken = await cli(['--digest', file]);
      expect(broken.code).toBe(2);
      expect(broken.out.join('\n')).toContain(`NOT INTACT: an event was altered in stream ${streamOf(0, 0)} at order number 2 (event ${target.id}).`);
    });
  });

  it('chains events written before the chain existed, stream by stream in ledger order (the migration)', async () => {
    await asDba([['UPDATE inventory_event SET hash = ?', ['']]]);
    expect((await verify(null)).problem).toMatchObject({ kind: 'inserted' });
    const runner = t.dataSource.createQueryRunner();
    await dropLedgerGuard(runner);
    await chainExistingEvents(runner);
    await createLedgerGuard(runner);
    await runner.release();
    expect(await verify(null)).toMatchObject({ intact: true, events: 7 });
  });

  describe('over HTTP', () => {
    let base: string;
    beforeEach(() => {
      base = `http://127.0.0.1:${(t.app.getHttpServer().address() as AddressInfo).port}`;
    });
    const frames = async (token: string, query = '') => {
      const res = await fetch(`${base}/admin/audit.Ledger/verify?batoken=${encodeURIComponent(token)}&server=1&lang=en${query}`, { headers: { accept: 'text/event-stream' } });
      const text = await res.text();
      return text
        .split(/\n\n/)
        .map((block) => block.split('\n').filter((l) => l.startsWith('data: ')).map((l) => l.slice(6)).join('\n'))
        .filter(Boolean)
        .map((data) => JSON.parse(data));
    };

    it('streams progress then the answer, and records the run', async () => {
      const session = await login(t);
      const answer = await frames(session.token);
      expect(answer[0]).toEqual({ type: 'progress', phase: 'chain', done: 0, total: 7 });
      expect(answer.at(-1)).toMatchObject({ type: 'result', report: { intact: true, events: 7 } });
      const runs = (await as(t, session).get('/admin/audit.Ledger/runs')).body.data;
      expect(runs.total).toBe(1);
      expect(runs.list[0]).toMatchObject({ intact: 1, events: 7, source: 'web' });
    });

    it('lets the seeded Auditor group take, download and verify, and no one without the rules', async () => {
      const [{ id: auditorGroup }] = await t.dataSource.query("SELECT id FROM admin_group WHERE name = '审计员'");
      const { adminId } = await createAdmin(t, 'auditor1', []);
      await t.dataSource.query('UPDATE admin_group_access SET group_id = ? WHERE uid = ?', [auditorGroup, adminId]);
      const auditor = await login(t, 'auditor1');
      const taken = await as(t, auditor).post('/admin/audit.Ledger/take');
      expect(taken.body.code).toBe(1);
      expect((await as(t, auditor).get(`/admin/audit.Ledger/download?id=${taken.body.data.id}`)).status).toBe(200);
      expect((await frames(auditor.token, `&digest_id=${taken.body.data.id}`)).at(-1)).toMatchObject({ report: { intact: true, digest: { matched: true } } });
      const list = (await as(t, auditor).get('/admin/audit.Ledger/index')).body.data;
      expect(list.list.map((d: { id: number }) => d.id)).toEqual([taken.body.data.id]);

      await createAdmin(t, 'clerk', ['wms/stock/index']);
      const clerk = as(t, await login(t, 'clerk'));
      for (const url of ['/admin/audit.Ledger/index', '/admin/audit.Ledger/publicKey', `/admin/audit.Ledger/download?id=${taken.body.data.id}`]) expect({ url, code: (await clerk.get(url)).body.code }).toEqual({ url, code: 401 });
      expect((await clerk.post('/admin/audit.Ledger/take')).body.code).toBe(401);
    });

    it('answers an unknown digest with a translated message', async () => {
      const admin = as(t, await login(t));
      expect((await admin.get('/admin/audit.Ledger/download?id=999')).body).toMatchObject({ code: 0, msg: 'Ledger digest 999 does not exist' });
      expect((await admin.get('/admin/audit.Ledger/download?id=999').set('think-lang', 'zh-cn')).body).toMatchObject({ code: 0, msg: '账本摘要 999 不存在' });
    });

    it('exports digests and verification runs as CSV and XLSX', async () => {
      const admin = as(t, await login(t));
      const taken = (await admin.post('/admin/audit.Ledger/take')).body.data;
      const csv = await admin.get('/admin/audit.Ledger/export');
      expect(csv.headers['content-type']).toMatch(/^text\/csv/);
      expect(csv.text).toContain(taken.root);
      const xlsx = await admin.get('/admin/audit.Ledger/export?format=xlsx&what=runs').buffer(true);
      expect(xlsx.headers['content-type']).toMatch(/spreadsheetml/);
    });
  });
});
