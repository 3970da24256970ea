import { DataSource } from 'typeorm';
import { dataSourceOptions } from '../../../ormconfig';
import { TransactionRunner } from '../database/transaction-runner';
import { ENTRIES_PER_PART, Outbox, partsOf } from './outbox';
import { BATCH_TEXT } from '../database/sql-dialect';
import { transitionEvent } from './transition-events';

describe('the transactional outbox', () => {
  let source: DataSource;
  let transactions: TransactionRunner;
  let outbox: Outbox;
  const rows = async () => source.query('SELECT event_id, type, webhook_id, body, dispatched FROM webhook_outbox ORDER BY id');
  const ref = (n: number) => ({ event_id: n, stream: `1:${n}:`, version: 1, hash: `h${n}` });

  beforeAll(async () => {
    source = await new DataSource({ ...dataSourceOptions({ kind: 'sqlite', database: ':memory:' }), entities: [], migrations: [], synchronize: false }).initialize();
    await source.query(
      "CREATE TABLE webhook_outbox (id INTEGER PRIMARY KEY AUTOINCREMENT, event_id VARCHAR(36) NOT NULL, type VARCHAR(50) NOT NULL, webhook_id INT NOT NULL DEFAULT 0, body TEXT, occurred_at INT, dispatched TINYINT NOT NULL DEFAULT 0, createtime INT)",
    );
  });
  afterAll(() => source.destroy());
  beforeEach(async () => {
    await source.query('DELETE FROM webhook_outbox');
    transactions = new TransactionRunner(source);
    outbox = new Outbox();
  });

  it('given events staged in a transaction, when it commits, then they are written in one statement at its end, in order', async () => {
    let seenInside = -1;
    await transactions.run(async (manager) => {
      await outbox.addAll(manager, [
        { type: 'stock.changed', data: { n: 1 }, ledger: [ref(1)] },
        { type: 'stock.changed', data: { n: 2 }, ledger: [ref(2)] },
      ]);
      await outbox.add(manager, { type: 'inbound.audited', data: { id: 9 }, ledger: outbox.ledgerOf(manager) });
      seenInside = (await manager.query('SELECT COUNT(*) AS n FROM webhook_outbox'))[0].n;
    });
    expect(seenInside).toBe(0);
    const written = await rows();
    expect(written.map((r: { type: string }) => r.type)).toEqual(['stock.changed', 'stock.changed', 'inbound.audited']);
    const audited = JSON.parse(written[2].body);
    expect(audited).toMatchObject({ id: written[2].event_id, type: 'inbound.audited', data: { id: 9 }, ledger: [ref(1), ref(2)] });
    expect(Object.keys(audited).sort()).toEqual(['data', 'id', 'ledger', 'occurred_at', 'type']);
  });

  it('given a transaction that rolls back, then none of its events exist', async () => {
    await expect(
      transactions.run(async (manager) => {
        await outbox.add(manager, { type: 'adjustment.audited', data: {} });
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(await rows()).toEqual([]);
    // a retried unit of work starts afresh: only the committed attempt's events
    await transactions.run(async (manager) => void (await outbox.add(manager, { type: 'adjustment.audited', data: { attempt: 2 } })));
    expect((await rows()).map((r: { body: string }) => JSON.parse(r.body).data)).toEqual([{ attempt: 2 }]);
  });

  it('outside a transaction of the runner, an event is written at once', async () => {
    await outbox.add(source.manager, { type: 'webhook.test', data: {}, webhookId: 4 });
    expect(await rows()).toMatchObject([{ type: 'webhook.test', webhook_id: 4, dispatched: 0 }]);
  });

  it('maps the transitions that are events, one line each; a task is done only when its confirm closes it', () => {
    expect(transitionEvent('inbound', 'audited')).toEqual({ type: 'inbound.audited' });
    expect(transitionEvent('stocktake', 'posted')).toEqual({ type: 'stocktake.posted' });
    expect(transitionEvent('outbound', 'reserved')).toEqual({ type: 'outbound.reserved' });
    expect(transitionEvent('wave', 'released')).toEqual({ type: 'wave.released' });
    expect(transitionEvent('relocation', 'moved')).toBeUndefined();
    const task = transitionEvent('task', 'confirmed')!;
    expect(task.type).toBe('task.done');
    expect([0, 1, 2, 3, 4].map((status) => task.when!({ status }))).toEqual([false, false, true, true, false]);
  });

  it('sends a document of more lines or ledger events than a part holds in parts, each a slice of both', () => {
    const lines = Array.from({ length: 5 }, (_, i) => ({ n: i }));
    const parts = partsOf({ type: 'stocktake.posted', data: { id: 7, stocktake_no: 'C1', lines }, ledger: [ref(1), ref(2), ref(3)] }, 2);
    expect(parts.map((p) => p.data)).toEqual([
      { id: 7, stocktake_no: 'C1', lines: lines.slice(0, 2), part: { no: 1, of: 3, lines: 5 } },
      { id: 7, stocktake_no: 'C1', lines: lines.slice(2, 4), part: { no: 2, of: 3, lines: 5 } },
      { id: 7, stocktake_no: 'C1', lines: lines.slice(4), part: { no: 3, of: 3, lines: 5 } },
    ]);
    expect(parts.map((p) => p.ledger)).toEqual([[ref(1), ref(2)], [ref(3)], []]);
    // at most a part's worth: the event as it is, without a part
    const small = { type: 'stocktake.posted' as const, data: { id: 7, lines: lines.slice(0, 2) }, ledger: [ref(1)] };
    expect(partsOf(small, 2)).toEqual([small]);
  });

  it('given a 50,000-line count posted, then its event is written in parts and no statement is over the text a statement may carry', async () => {
    const lines = Array.from({ length: 50_000 }, (_, i) => ({ id: i + 1, product_id: 1000 + i, warehouse_shelf_id: 77, lot_no: `LOT-${i}`, book_quantity: 5, counted_quantity: 6, variance: 1, price: '12.50', product_name: 'A product with a name of some length' }));
    const ledger = lines.map((l) => ref(l.id));
    const sent: string[] = [];
    await transactions.run(async (manager) => {
      const spied = Object.create(manager, { query: { value: (sql: string, params: unknown[]) => (sent.push(sql + (params ?? []).map(String).join('')), manager.query(sql, params)) } });
      await outbox.add(spied, { type: 'stocktake.posted', data: { id: 1, stocktake_no: 'C1', lines }, ledger });
    });
    const written = await rows();
    expect(written).toHaveLength(50_000 / ENTRIES_PER_PART);
    const bodies = written.map((r: { body: string }) => JSON.parse(r.body));
    expect(bodies.flatMap((b: { data: { lines: unknown[] } }) => b.data.lines)).toEqual(lines);
    expect(bodies.flatMap((b: { ledger: unknown[] }) => b.ledger)).toEqual(ledger);
    expect(new Set(written.map((r: { event_id: string }) => r.event_id)).size).toBe(written.length);
    const inserts = sent.filter((s) => s.startsWith('INSERT INTO webhook_outbox'));
    expect(inserts.length).toBeGreaterThan(1);
    for (const statement of inserts) expect(statement.length).toBeLessThanOrEqual(BATCH_TEXT + 100_000);
  });
});
