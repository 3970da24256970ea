import { join, resolve } from 'node:path';
import { DataSource, DataSourceOptions, Logger as TypeOrmLogger } from 'typeorm';
import { migrations } from './migrations';
import { MysqlTarget, parseMysqlUrl } from './src/shared/database/database-url';
import { failoverDriver } from './src/shared/database/failover-pool';
import { QueryCounter } from './src/shared/database/query-counter';

/*
 * The one definition of the database connection, shared by the app (src/shared/database/database.module.ts),
 * the migration commands (`npm start`, `npm run migration:run`) and the TypeORM CLI, which loads the compiled
 * file: `npm run typeorm -- migration:show`.
 *
 *   DB_URL            unset: SQLite at DATA_DIR/wms.sqlite; else mysql://user:pass@host:port[,host:port...]/db,
 *                     the user the app runs as (it needs only SELECT, INSERT, UPDATE and DELETE)
 *   DB_MIGRATION_URL  optional: the user that creates the database, migrates and runs maintenance scripts
 *   DB_READ_URL       optional: replica(s) for lists, exports and the dashboard
 */

export type DatabaseKind = 'sqlite' | 'mysql';

/** `runtime`: what the app serves requests with; `migration`: schema changes and maintenance scripts. */
export type DatabaseRole = 'runtime' | 'migration';

export interface DatabaseSettings {
  kind: DatabaseKind;
  /** SQLite file path, or the MySQL database name. */
  database: string;
  /** MySQL: the user, password and hosts of the role's URL. */
  mysql?: MysqlTarget;
  /** MySQL at run time with DB_READ_URL: the replicas' user, password and hosts. */
  readers?: MysqlTarget;
}

/**
 * Bounds on waiting for MySQL, well under the web client's 10 s request timeout, so that a request during
 * an outage is answered 503 instead of hanging: connecting to one host, and getting a connection at all
 * (the pool's queue and trying the next hosts included).
 */
const CONNECT_TIMEOUT_MS = 2000;
const ACQUIRE_TIMEOUT_MS = 5000;
/**
 * A row lock is held for milliseconds: a transaction that waits 2 s for one is retried (transaction-runner.ts)
 * instead of waiting InnoDB's 50 s, which keeps every answer within the web client's 10 s.
 */
const LOCK_WAIT_TIMEOUT_S = 2;
/**
 * How long a SQLite write waits for a lock held by another process. better-sqlite3 waits synchronously, so
 * the whole process waits with it: short, and the transaction runner stops trying for a moment after one
 * such failure (transaction-runner.ts).
 */
const SQLITE_BUSY_TIMEOUT_MS = 2000;

export function dataDir(env: NodeJS.ProcessEnv = process.env): string {
  return resolve(env.DATA_DIR || './data');
}

export function databaseSettings(env: NodeJS.ProcessEnv = process.env, role: DatabaseRole = 'runtime'): DatabaseSettings {
  if (!env.DB_URL) {
    if (env.DB_MIGRATION_URL || env.DB_READ_URL) throw new Error('DB_MIGRATION_URL and DB_READ_URL go with a MySQL DB_URL');
    return { kind: 'sqlite', database: join(dataDir(env), 'wms.sqlite') };
  }
  const runtime = parseMysqlUrl(env.DB_URL, 'DB_URL');
  const migration = env.DB_MIGRATION_URL ? parseMysqlUrl(env.DB_MIGRATION_URL, 'DB_MIGRATION_URL') : runtime;
  const readers = env.DB_READ_URL ? parseMysqlUrl(env.DB_READ_URL, 'DB_READ_URL') : undefined;
  for (const [name, other] of [['DB_MIGRATION_URL', migration], ['DB_READ_URL', readers]] as const) {
    if (other && other.database !== runtime.database) throw new Error(`${name} must name the database of DB_URL (${runtime.database})`);
  }
  return role === 'migration'
    ? { kind: 'mysql', database: runtime.database, mysql: migration }
    : { kind: 'mysql', database: runtime.database, mysql: runtime, readers };
}

/**
 * For maintenance scripts that change tables wholesale (the projection rebuild empties them with TRUNCATE):
 * the app they build connects as the migration user.
 */
export function connectAsMigrationUser(env: NodeJS.ProcessEnv = process.env): void {
  if (env.DB_MIGRATION_URL) env.DB_URL = env.DB_MIGRATION_URL;
  delete env.DB_READ_URL;
}

export function dataSourceOptions(settings: DatabaseSettings, logger?: TypeOrmLogger, env: NodeJS.ProcessEnv = process.env): DataSourceOptions {
  const common = {
    migrations,
    migrationsRun: false,
    synchronize: false,
    logging: true,
    maxQueryExecutionTime: 1000,
    logger: logger ?? new QueryCounter(),
  } as const;
  if (settings.kind === 'sqlite') {
    return {
      ...common,
      type: 'better-sqlite3',
      database: settings.database,
      // WAL lets readers proceed during a write; the busy timeout covers a second process on the same file.
      prepareDatabase: (db: { pragma(sql: string): unknown }) => {
        db.pragma('journal_mode = WAL');
        db.pragma(`busy_timeout = ${SQLITE_BUSY_TIMEOUT_MS}`);
        db.pragma('foreign_keys = ON');
      },
    };
  }
  const writers = settings.mysql!;
  const readers = settings.readers;
  const credentials = (target: MysqlTarget) => ({
    host: target.hosts[0].host,
    port: target.hosts[0].port,
    username: target.user,
    password: target.password,
    database: target.database,
  });
  return {
    ...common,
    type: 'mysql',
    ...(readers
      ? // Reads go to the writer unless a read path asks for a replica (TransactionRunner.read).
        { replication: { master: credentials(writers), slaves: [credentials(readers)], defaultMode: 'master' as const } }
      : credentials(writers)),
    charset: 'utf8mb4_unicode_ci',
    timezone: 'Z',
    supportBigNumbers: true,
    bigNumberStrings: false,
    connectTimeout: CONNECT_TIMEOUT_MS,
    driver: failoverDriver({
      writers: writers.hosts,
      readers: readers?.hosts ?? [],
      acquireTimeoutMs: ACQUIRE_TIMEOUT_MS,
      sessionStatements: [
        `SET SESSION innodb_lock_wait_timeout = ${LOCK_WAIT_TIMEOUT_S}`,
        // Galera applies a commit on the other nodes just after it returns: wsrep_sync_wait = 1 makes each
        // transaction and read wait for what the cluster committed before it, so a request that follows a
        // write made on another node (another app process, or this one before a fail-over) sees it.
        ...(writers.hosts.length > 1 || readers ? ['SET SESSION wsrep_sync_wait = 1'] : []),
      ],
    }),
    extra: { connectionLimit: Number(env.DB_POOL_SIZE || 20) },
  };
}

/**
 * The TypeORM CLI's data source, also the one `npm start` and `npm run migration:run` migrate with: the
 * migration user (DB_MIGRATION_URL, else DB_URL), with the entities for `migration:generate`.
 */
export default new DataSource({
  ...dataSourceOptions(databaseSettings(process.env, 'migration')),
  entities: [join(__dirname, 'src', 'modules', '**', '*.{entity,entities}.{ts,js}'), join(__dirname, 'src', 'shared', '**', '*.entity.{ts,js}')],
  // What a migration command is for: which migrations ran or are pending, and failures.
  logger: 'simple-console',
  logging: ['error', 'warn', 'migration'],
});
