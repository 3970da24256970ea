import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';

const RETRYABLE_MYSQL_ERRORS = new Set(['ER_LOCK_DEADLOCK', 'ER_LOCK_WAIT_TIMEOUT']);
const MAX_ATTEMPTS = 5;

/**
 * Runs work in one database transaction.
 * - MySQL: a deadlock or lock-wait timeout rolls back and retries the whole unit a bounded number of times.
 * - SQLite: TypeORM shares one connection for the whole process, so two interleaved transactions would
 *   silently merge into one; a queue makes them take turns.
 */
@Injectable()
export class TransactionRunner {
  private sqliteQueue: Promise<unknown> = Promise.resolve();

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** For reads outside a unit of work. */
  get manager(): EntityManager {
    return this.dataSource.manager;
  }

  get isSqlite(): boolean {
    return this.dataSource.options.type === 'better-sqlite3';
  }

  run<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    if (this.isSqlite) {
      const next = this.sqliteQueue.then(() => this.dataSource.transaction(work));
      this.sqliteQueue = next.catch(() => undefined);
      return next;
    }
    return this.withRetry(() => this.dataSource.transaction(work));
  }

  private async withRetry<T>(attempt: () => Promise<T>): Promise<T> {
    for (let tries = 1; ; tries++) {
      try {
        return await attempt();
      } catch (error) {
        const code = (error as { code?: string; driverError?: { code?: string } }).driverError?.code ?? (error as { code?: string }).code;
        if (tries >= MAX_ATTEMPTS || !code || !RETRYABLE_MYSQL_ERRORS.has(code)) throw error;
        await new Promise((resolve) => setTimeout(resolve, 5 * tries + Math.random() * 20));
      }
    }
  }
}
