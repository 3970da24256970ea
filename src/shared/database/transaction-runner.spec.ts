import { DataSource } from 'typeorm';
import { DatabaseBusyError, isDatabaseUnavailable } from './database-errors';
import { TransactionRunner } from './transaction-runner';

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
