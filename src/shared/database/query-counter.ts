import { AsyncLocalStorage } from 'node:async_hooks';
import { Logger as TypeOrmLogger } from 'typeorm';

/**
 * A TypeORM logger that counts statements (tests assert query counts) and prints only failures
 * and slow queries, never parameters (they may hold secrets).
 */
export class QueryCounter implements TypeOrmLogger {
  private static counted = 0;

  static get count(): number {
    return QueryCounter.counted;
  }

  /** Runs `work` and returns how many SQL statements it sent. */
  static async measure<T>(work: () => Promise<T>): Promise<{ result: T; queries: number }> {
    const before = QueryCounter.counted;
    const result = await work();
    return { result, queries: QueryCounter.counted - before };
  }

  /**
   * Runs `work` and returns how many statements it sent itself (in its own async context): not those of a
   * request answered before it (its admin-log row is written after the answer) or of a timer. For a command
   * run on the bus; a request sent over HTTP is served in the server's context — measure that with `measure`.
   */
  static async measureOwn<T>(work: () => Promise<T>): Promise<{ result: T; queries: number }> {
    const scope = { queries: 0 };
    const result = await QueryCounter.scopes.run(scope, work);
    return { result, queries: scope.queries };
  }

  private static readonly scopes = new AsyncLocalStorage<{ queries: number }>();

  private static countOne(): void {
    QueryCounter.counted++;
    const scope = QueryCounter.scopes.getStore();
    if (scope) scope.queries++;
  }

  logQuery(): void {
    QueryCounter.countOne();
  }
  logQueryError(error: string | Error, query: string): void {
    QueryCounter.countOne();
    if (process.env.LOG_SQL_ERRORS) console.error(`[sql] ${String(error)} in: ${query.slice(0, 500)}`);
  }
  logQuerySlow(time: number, query: string): void {
    console.warn(`[sql] slow (${time} ms): ${query.slice(0, 300)}`);
  }
  logSchemaBuild(): void {}
  logMigration(message: string): void {
    if (process.env.LOG_MIGRATIONS) console.log(`[migration] ${message}`);
  }
  log(level: 'log' | 'info' | 'warn', message: unknown): void {
    if (level === 'warn') console.warn(`[typeorm] ${String(message)}`);
  }
}
