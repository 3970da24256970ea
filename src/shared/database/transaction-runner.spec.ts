import { DataSource } from 'typeorm';
import { DatabaseBusyError, isDatabaseUnavailable } from './database-errors';
import { afterCommit, afterCommitGathering, TransactionRunner } from './transaction-runner';

/** A MySQL data source whose every statement meets a deadlock (or `failure`), counting the attempts. */
function deadlockingSource(failure: object = { code: 'ER_LOCK_DEADLOCK', errno: 1213 }) {
  const counts = { attempts: 0, rollbacks: 0 };
  const source = {
    options: { type: 'mysql' },
    createQueryRunner: () => {
      let active = false;
      return {
        manager: {},
        get isTransactionActive() {
          return active;
        },
        connect: async () => undefined,
        startTransaction: async () => {
          counts.attempts++;
          active = true;
        },
        commitTransaction: async () => undefined,
        rollbackTransaction: async () => {
          counts.rollbacks++;
          active = false;
        },
        release: async () => undefined,
      };
    },
  };
  const work = async () => {
    throw Object.assign(new Error('Query failed'), { driverError: failure });
  };
  return { runner: new TransactionRunner(source as unknown as DataSource), counts, work };
}

describe('TransactionRunner on MySQL', () => {
  it('retries a deadlock and, when the retries are used up, gives up with "busy" (answered 503, not 500)', async () => {
    const { runner, counts, work } = deadlockingSource();
    const failure = await runner.run(work).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(DatabaseBusyError);
    expect(isDatabaseUnavailable(failure)).toBe(true);
    expect(counts.attempts).toBe(12);
    expect(counts.rollbacks).toBe(12);
  });

  it('does not retry other failures, nor turn them into "busy"', async () => {
    const { runner, counts, work } = deadlockingSource({ code: 'ER_DUP_ENTRY', errno: 1062 });
    const failure = await runner.run(work).catch((error: unknown) => error);
    expect(failure).not.toBeInstanceOf(DatabaseBusyError);
    expect(counts.attempts).toBe(1);
  });
});

describe('after-commit hooks', () => {
  /** A MySQL data source with one shared manager (as SQLite has), whose work fails when told to. */
  function source() {
    const manager = {};
    const fake = {
      options: { type: 'mysql' },
      createQueryRunner: () => ({
        manager,
        isTransactionActive: true,
        connect: async () => undefined,
        startTransaction: async () => undefined,
        commitTransaction: async () => undefined,
        rollbackTransaction: async () => undefined,
        release: async () => undefined,
      }),
    };
    return new TransactionRunner(fake as unknown as DataSource);
  }
  const settled = () => new Promise((resolve) => setImmediate(() => setImmediate(resolve)));

  it('start after the commit with what the transaction gathered, never after a rollback, afresh in each transaction', async () => {
    const runner = source();
    const seen: number[][] = [];
    const key = {};
    const gather = (manager: object, n: number) => afterCommitGathering(manager as never, key, () => [] as number[], (all) => void seen.push(all))?.push(n);
    await runner.run(async (manager) => {
      gather(manager, 1);
      gather(manager, 2);
      expect(seen).toEqual([]);
    });
    await settled();
    expect(seen).toEqual([[1, 2]]);
    await runner.run(async (manager) => {
      gather(manager, 3);
      throw new Error('rolled back');
    }).catch(() => undefined);
    await runner.run(async (manager) => void gather(manager, 4));
    await settled();
    expect(seen).toEqual([[1, 2], [4]]);
  });

  it('answer false outside a transaction, and keep a failing hook from reaching the caller', async () => {
    expect(afterCommit({} as never, {}, () => undefined)).toBe(false);
    const runner = source();
    await expect(runner.run(async (manager) => void afterCommit(manager, {}, () => Promise.reject(new Error('robot down'))))).resolves.toBeUndefined();
    await settled();
  });
});
