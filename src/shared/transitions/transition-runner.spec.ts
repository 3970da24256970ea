import { EventBus, IEvent } from '@nestjs/cqrs';
import { Column, DataSource, Entity, EntityManager, PrimaryGeneratedColumn } from 'typeorm';
import { dataSourceOptions } from '../../../ormconfig';
import { TransactionRunner } from '../database/transaction-runner';
import { IdempotencyKeyEntity } from './idempotency-key.entity';
import { IdempotencyKeyReused, IdempotencyKeys } from './idempotency-keys';
import { Outbox } from '../outbox/outbox';
import { ChangedMeanwhileError, DocumentTransitionedEvent, LifecycleDocument, OpenTransition, TransitionRunner } from './transition-runner';

/** A document with a lifecycle of its own, only for this spec (status 0 open → 1 closed). */
@Entity('transition_test_doc')
class TestDocEntity {
  @PrimaryGeneratedColumn() id: number;
  @Column({ type: 'int', default: 0 }) status: number;
  @Column({ type: 'varchar', length: 20, default: '' }) note: string;
}

interface Doc {
  id: number;
  status: number;
  note: string;
}

class ClosedEvent implements IEvent {
  constructor(readonly id: number) {}
}

const admin = { id: 7, username: 'a', nickname: 'A', isSuper: true, nodes: new Set<string>(), tokenId: '' };

describe('the transition runner (lock → claim the key → decide → guarded write → publish after commit → answer)', () => {
  let source: DataSource;
  let runner: TransitionRunner;
  let published: IEvent[];
  const docs: LifecycleDocument<Doc, Doc> = {
    name: 'doc',
    table: 'transition_test_doc',
    stateColumns: ['status'],
    changedMeanwhile: 'orders.changed_meanwhile',
    lock: async (manager, id) => read(manager, id),
    present: async (manager, id) => read(manager, id),
  };
  const read = async (manager: EntityManager, id: number): Promise<Doc> => {
    const [row] = await manager.query('SELECT id, status, note FROM transition_test_doc WHERE id = ?', [id]);
    return { id: Number(row.id), status: Number(row.status), note: String(row.note) };
  };
  /** The decision: close an open document. */
  const close = async ({ state, write, publish }: OpenTransition<Doc>) => {
    if (state.status !== 0) throw new Error('already closed');
    await write({ status: 1, note: 'closed' }, { status: 0 });
    publish(new ClosedEvent(state.id));
  };
  const keys = async () => Number((await source.query('SELECT COUNT(*) AS n FROM idempotency_key'))[0].n);

  beforeAll(async () => {
    source = await new DataSource({ ...dataSourceOptions({ kind: 'sqlite', database: ':memory:' }), entities: [TestDocEntity, IdempotencyKeyEntity], migrations: [], synchronize: true }).initialize();
  });
  afterAll(() => source.destroy());
  beforeEach(async () => {
    await source.query('DELETE FROM transition_test_doc');
    await source.query('DELETE FROM idempotency_key');
    await source.query("INSERT INTO transition_test_doc (id, status, note) VALUES (1, 0, ''), (2, 0, '')");
    published = [];
    runner = new TransitionRunner(new TransactionRunner(source), new IdempotencyKeys(), { publishAll: (events: IEvent[]) => published.push(...events) } as unknown as EventBus, new Outbox());
  });

  it('given an open document, when it is closed, then it is written, answered, and its events are published after the commit', async () => {
    const answer = await runner.run(docs, 1, 'closed', { admin, idempotencyKey: 'k1' }, close);
    expect(answer).toEqual({ id: 1, status: 1, note: 'closed' });
    expect(published).toEqual([new ClosedEvent(1), new DocumentTransitionedEvent('doc', 1, 'closed', 7)]);
    expect(await keys()).toBe(1);
  });

  it('given a closed document, when the same key comes again, then it is answered as it is and nothing runs or publishes', async () => {
    await runner.run(docs, 1, 'closed', { admin, idempotencyKey: 'k1' }, close);
    published = [];
    const work = jest.fn(close);
    expect(await runner.run(docs, 1, 'closed', { admin, idempotencyKey: 'k1' }, work)).toEqual({ id: 1, status: 1, note: 'closed' });
    expect(work).not.toHaveBeenCalled();
    expect(published).toEqual([]);
  });

  it('given a key used for document 1, when it comes for document 2, then it is refused with 409 and document 2 is left as it was', async () => {
    await runner.run(docs, 1, 'closed', { admin, idempotencyKey: 'k1' }, close);
    published = [];
    const refused = runner.run(docs, 2, 'closed', { admin, idempotencyKey: 'k1' }, close);
    await expect(refused).rejects.toBeInstanceOf(IdempotencyKeyReused);
    await expect(refused).rejects.toMatchObject({ httpStatus: 409, code: 0, messageKey: 'common.idempotency_key_reused', args: { subject: 1 } });
    expect(await read(source.manager, 2)).toEqual({ id: 2, status: 0, note: '' });
    expect(published).toEqual([]);
  });

  it('given a state changed behind the lock, when the guarded write runs, then it throws the document\'s message and nothing commits or publishes', async () => {
    const changedBehind = async (open: OpenTransition<Doc>) => {
      await open.manager.query('UPDATE transition_test_doc SET status = 5 WHERE id = 1');
      await close(open);
    };
    await expect(runner.run(docs, 1, 'closed', { admin, idempotencyKey: 'k2' }, changedBehind)).rejects.toEqual(new ChangedMeanwhileError('orders.changed_meanwhile'));
    expect(await read(source.manager, 1)).toEqual({ id: 1, status: 0, note: '' });
    expect(await keys()).toBe(0);
    expect(published).toEqual([]);
  });

  it('refuses a guard on a column that is not a state column (a programming error, never a silent write)', async () => {
    const wrongGuard = async ({ write }: OpenTransition<Doc>) => write({ status: 1 }, { note: '' });
    await expect(runner.run(docs, 1, 'closed', { admin }, wrongGuard)).rejects.toThrow(/state columns only \(note\)/);
    expect(await read(source.manager, 1)).toEqual({ id: 1, status: 0, note: '' });
  });
});
