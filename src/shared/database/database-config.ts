import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { DataSourceOptions, Logger as TypeOrmLogger } from 'typeorm';
import { migrations } from '../../../migrations';
import { QueryCounter } from './query-counter';

export type DatabaseKind = 'sqlite' | 'mysql';

export interface DatabaseSettings {
  kind: DatabaseKind;
  /** SQLite file path, or the MySQL database name. */
  database: string;
  url?: URL;
}

export function dataDir(env: NodeJS.ProcessEnv = process.env): string {
  return resolve(env.DATA_DIR || './data');
}

export function databaseSettings(env: NodeJS.ProcessEnv = process.env): DatabaseSettings {
  if (!env.DB_URL) return { kind: 'sqlite', database: join(dataDir(env), 'wms.sqlite') };
  const url = new URL(env.DB_URL);
  if (url.protocol !== 'mysql:' && url.protocol !== 'mariadb:') {
    throw new Error(`DB_URL must start with mysql:// (got ${url.protocol}//)`);
  }
  return { kind: 'mysql', database: decodeURIComponent(url.pathname.replace(/^\//, '')), url };
}

export function dataSourceOptions(settings: DatabaseSettings, logger?: TypeOrmLogger): DataSourceOptions {
  const common = {
    migrations,
    migrationsRun: false,
    synchronize: false,
    logging: true,
    maxQueryExecutionTime: 1000,
    logger: logger ?? new QueryCounter(),
  } as const;
  if (settings.kind === 'sqlite') {
    mkdirSync(resolve(settings.database, '..'), { recursive: true });
    return {
      ...common,
      type: 'better-sqlite3',
      database: settings.database,
      // WAL lets readers proceed during a write; the busy timeout covers a second process on the same file.
      prepareDatabase: (db: { pragma(sql: string): unknown }) => {
        db.pragma('journal_mode = WAL');
        db.pragma('busy_timeout = 10000');
        db.pragma('foreign_keys = ON');
      },
    };
  }
  const url = settings.url!;
  return {
    ...common,
    type: 'mysql',
    host: url.hostname,
    port: Number(url.port || 3306),
    username: decodeURIComponent(url.username || 'root'),
    password: decodeURIComponent(url.password || ''),
    database: settings.database,
    charset: 'utf8mb4_unicode_ci',
    timezone: 'Z',
    supportBigNumbers: true,
    bigNumberStrings: false,
    extra: { connectionLimit: Number(process.env.DB_POOL_SIZE || 20) },
  };
}
