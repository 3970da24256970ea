import { DataSource } from 'typeorm';
import { dataSourceOptions } from '../../../ormconfig';
import { TransactionRunner } from '../database/transaction-runner';
import { Outbox } from './outbox';
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

  it('maps the transitions that are events, one line each', () => {
    expect(transitionEvent('inbound', 'audited')).toBe('inbound.audited');
    expect(transitionEvent('stocktake', 'posted')).toBe('stocktake.posted');
    expect(transitionEvent('relocation', 'moved')).toBeUndefined();
  });
});
