import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager, QueryRunner } from 'typeorm';
import { DatabaseBusyError, DatabaseUnavailableError, describeDatabaseError, isConflict, isNodeFailure, isSqliteLocked } from './database-errors';

/**
 * Attempts of one unit of work when it meets a conflict. On a Galera cluster row locks are local to a
 * node: two nodes changing the same row both proceed, and the later commit loses certification (a
 * deadlock error at COMMIT); under contention across nodes that repeats, hence more attempts than a single
 * server needs, with a growing random pause.
 */
const CONFLICT_ATTEMPTS = 12;
/** Further attempts after a node failed before COMMIT (nothing was committed; the pool has moved on). */
const NODE_FAILURE_RETRIES = 2;
/**
 * No new attempt starts this long after the first: with a lock wait of at most 2 s (ormconfig.ts) the
 * caller is answered — 503 when the conflicts never settled — within the web client's 10 s.
 */
const RETRY_DEADLINE_MS = 6000;
/** After a SQLite write found the file locked, transactions fail at once for this long instead of waiting again. */
const SQLITE_LOCKED_PAUSE_MS = 1000;

/** Work a transaction's own code queued to run as its last statements, right before COMMIT (see `beforeCommit`). */
type BeforeCommit = (manager: EntityManager) => Promise<void>;
const pending = new WeakMap<EntityManager, Map<object, BeforeCommit>>();

/**
 * Queues `hook` to run once in the transaction of `manager`, after its work and right before its COMMIT (a
 * second call with the same `key` keeps the first hook): what a transaction gathers as it goes — the outbox
 * rows of its events — is written in one statement at its end. Answers false when `manager` is not in a
 * transaction of the TransactionRunner; the caller then writes at once.
 */
export function beforeCommit(manager: EntityManager, key: object, hook: BeforeCommit): boolean {
  const hooks = pending.get(manager);
  if (!hooks) return false;
  if (!hooks.has(key)) hooks.set(key, hook);
  return true;
}

/** Work to start once a transaction committed (see `afterCommit`), with what the transaction gathered for it. */
interface AfterCommitEntry {
  state: unknown;
  hook: (state: unknown) => Promise<void> | void;
}
type AfterCommit = AfterCommitEntry;
const committed = new WeakMap<EntityManager, Map<object, AfterCommitEntry>>();

/**
 * Queues `hook` to start once the transaction of `manager` has committed — never when it rolls back, and only
 * for the attempt that committed (a retried attempt starts with none). A second call with the same `key`
 * keeps the first hook. The hook runs on its own, after the caller was answered; its failure is logged,
 * never thrown: what it does (a chat message, a notice) must never decide on or delay the change itself.
 * Answers false when `manager` is not in a transaction of the TransactionRunner.
 */
export function afterCommit(manager: EntityManager, key: object, hook: () => Promise<void> | void): boolean {
  return afterCommitGathering(manager, key, () => null, hook) !== undefined;
}

/**
 * `afterCommit` with something the transaction gathers as it goes: the first call for `key` creates it
 * (`initial`) and queues `hook` with it; every call answers the same one, to add to (undefined outside a
 * transaction of the TransactionRunner). It belongs to this attempt only: a retry or the next transaction
 * starts afresh.
 */
export function afterCommitGathering<S>(manager: EntityManager, key: object, initial: () => S, hook: (state: S) => Promise<void> | void): S | undefined {
  const hooks = committed.get(manager);
  if (!hooks) return undefined;
  let entry = hooks.get(key);
  if (!entry) {
    entry = { state: initial(), hook: hook as AfterCommitEntry['hook'] };
    hooks.set(key, entry);
  }
  return entry.state as S;
}

const afterCommitLogger = new Logger('AfterCommit');

function startAfterCommit(hooks: Map<object, AfterCommit>): void {
  for (const { hook, state } of hooks.values()) {
    setImmediate(() => {
      Promise.resolve()
        .then(() => hook(state))
        .catch((error: unknown) => afterCommitLogger.warn(`an after-commit hook failed: ${(error as Error)?.message ?? error}`));
    });
  }
}

/** Runs a unit of work with its before-commit hooks (a retried attempt starts with none); `after` gathers its after-commit hooks. */
async function withHooks<T>(manager: EntityManager, work: (manager: EntityManager) => Promise<T>, after: Map<object, AfterCommit>): Promise<T> {
  const hooks = new Map<object, BeforeCommit>();
  pending.set(manager, hooks);
  committed.set(manager, after);
  try {
    const result = await work(manager);
    for (const hook of hooks.values()) await hook(manager);
    return result;
  } finally {
    pending.delete(manager);
    committed.delete(manager);
  }
}

/** What the runner retried since the process started (the cluster suite reads them from the log). */
export interface RetryCounts {
  conflicts: number;
  nodeFailures: number;
}

/**
 * Runs work in one database transaction.
 * - MySQL: a deadlock, lock-wait timeout or Galera certification failure — raised by any statement or by
 *   COMMIT itself — rolls back and retries the whole unit, a bounded number of times. A node that fails
 *   before COMMIT is sent is retried on the next host. A node that fails during COMMIT is not: the commit
 *   may have happened (its answer was lost), so the caller gets 503 and a client retries with its
 *   Idempotency-Key, which finds the first attempt if it committed.
 * - SQLite: TypeORM shares one connection for the whole process, so two interleaved transactions would
 *   silently merge into one; a queue makes them take turns. A file locked by another process answers 503.
 */
@Injectable()
export class TransactionRunner {
  static readonly retried: RetryCounts = { conflicts: 0, nodeFailures: 0 };
  private readonly logger = new Logger('Transactions');
  private sqliteQueue: Promise<unknown> = Promise.resolve();
  private sqliteLockedUntil = 0;

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** For reads outside a unit of work, on the writer: what a command is about to decide on. */
  get manager(): EntityManager {
    return this.dataSource.manager;
  }

  get isSqlite(): boolean {
    return this.dataSource.options.type === 'better-sqlite3';
  }

  /**
   * Reads that may be served by a replica (DB_READ_URL): lists, exports and the dashboard. A replica may lag
   * behind the writer; nothing read here is decided on. Without DB_READ_URL it is the writer's manager.
   */
  async read<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    if (!('replication' in this.dataSource.options && this.dataSource.options.replication)) return work(this.dataSource.manager);
    const runner = this.dataSource.createQueryRunner('slave');
    try {
      return await work(runner.manager);
    } finally {
      await runner.release();
    }
  }

  run<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    if (this.isSqlite) {
      const next = this.sqliteQueue.then(() => this.runOnSqlite(work));
      this.sqliteQueue = next.catch(() => undefined);
      return next;
    }
    return this.runOnMysql(work);
  }

  private async runOnSqlite<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    if (Date.now() < this.sqliteLockedUntil) throw new DatabaseUnavailableError('the SQLite file is locked by another process');
    try {
      const after = new Map<object, AfterCommit>();
      const result = await this.dataSource.transaction((manager) => withHooks(manager, work, after));
      startAfterCommit(after);
      return result;
    } catch (error) {
      if (isSqliteLocked(error)) this.sqliteLockedUntil = Date.now() + SQLITE_LOCKED_PAUSE_MS;
      throw error;
    }
  }

  private async runOnMysql<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    let nodeFailures = 0;
    const deadline = Date.now() + RETRY_DEADLINE_MS;
    for (let attempt = 1; ; attempt++) {
      const phase = { committing: false };
      try {
        return await this.attempt(work, phase);
      } catch (error) {
        if (isConflict(error) && (attempt >= CONFLICT_ATTEMPTS || Date.now() > deadline)) {
          this.logger.warn(`gave up on a transaction after ${attempt} attempts: ${describeDatabaseError(error)}`);
          throw new DatabaseBusyError(error);
        }
        if (Date.now() > deadline) throw error;
        if (isConflict(error)) {
          TransactionRunner.retried.conflicts++;
          this.logger.log(`retrying a transaction after ${describeDatabaseError(error)}${phase.committing ? ' at COMMIT' : ''} (attempt ${attempt + 1})`);
          await pause(attempt);
          continue;
        }
        if (isNodeFailure(error) && !phase.committing && nodeFailures < NODE_FAILURE_RETRIES) {
          nodeFailures++;
          TransactionRunner.retried.nodeFailures++;
          this.logger.log(`retrying a transaction after ${describeDatabaseError(error)} before COMMIT (attempt ${attempt + 1})`);
          continue;
        }
        throw error;
      }
    }
  }

  /** One attempt on one connection; `phase.committing` tells the caller whether COMMIT had been sent. */
  private async attempt<T>(work: (manager: EntityManager) => Promise<T>, phase: { committing: boolean }): Promise<T> {
    const runner: QueryRunner = this.dataSource.createQueryRunner('master');
    try {
      await runner.connect();
      await runner.startTransaction();
      const after = new Map<object, AfterCommit>();
      const result = await withHooks(runner.manager, work, after);
      phase.committing = true;
      await runner.commitTransaction();
      startAfterCommit(after);
      return result;
    } catch (error) {
      if (runner.isTransactionActive) await runner.rollbackTransaction().catch(() => undefined);
      throw error;
    } finally {
      await runner.release().catch(() => undefined);
    }
  }
}

/** A random pause that grows with the attempts (up to ~160 ms), so that contenders stop colliding. */
function pause(attempt: number): Promise<void> {
  const ceiling = Math.min(160, 5 * 2 ** attempt);
  return new Promise((resolve) => setTimeout(resolve, 5 + Math.random() * ceiling));
}
