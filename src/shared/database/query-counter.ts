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

  logQuery(): void {
    QueryCounter.counted++;
  }
  logQueryError(error: string | Error, query: string): void {
    QueryCounter.counted++;
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
