import { Test } from '@nestjs/testing';
import { NestExpressApplication } from '@nestjs/platform-express';
import { getDataSourceToken } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { AppModule } from '../../src/app.module';
import { configureApp } from '../../src/app.setup';
import { createDigestGuard, createLedgerGuard, DIGEST_TABLES, dropDigestGuard, dropLedgerGuard } from '../../migrations/ledger-guard';
import { seedDatabase } from '../../src/bootstrap';
import { databaseSettings } from '../../ormconfig';
import { ensureDatabaseExists } from '../../src/shared/database/ensure-database';
import { CacheRegistry } from '../../src/shared/cache/cache-registry';

export const TEST_ADMIN_PASSWORD = 'Admin-Pass-1';

export interface TestApp {
  app: NestExpressApplication;
  dataSource: DataSource;
  /** Empties every table and seeds the baseline (admin, groups, rules, config). */
  reset(): Promise<void>;
  close(): Promise<void>;
}

let migrated = false;

/** Boots the real AppModule through configureApp, against the worker's own database. */
export async function createTestApp(): Promise<TestApp> {
  await ensureDatabaseExists(databaseSettings());
  const moduleRef = await Test.createTestingModule({ imports: [AppModule] }).compile();
  const app = moduleRef.createNestApplication<NestExpressApplication>({ logger: ['error', 'warn'] });
  configureApp(app);
  // Listening on a real port: supertest then sends every request over loopback, however many run at once.
  await app.listen(0, '127.0.0.1');
  const dataSource = app.get<DataSource>(getDataSourceToken());
  if (!migrated) {
    await dataSource.runMigrations({ transaction: 'each' });
    migrated = true;
  }
  const reset = async () => {
    await truncateAll(dataSource);
    // TRUNCATE runs no triggers: the caches kept against the site version start empty
    await app.get(CacheRegistry).clear('all');
    await seedDatabase(app, { adminPassword: TEST_ADMIN_PASSWORD, demo: false, log: () => undefined });
  };
  return { app, dataSource, reset, close: () => app.close() };
}

/** Tables that migrations fill and no test changes. */
const STATIC_TABLES = new Set(['migrations', 'area', 'cache_version']);

async function truncateAll(dataSource: DataSource): Promise<void> {
  const isSqlite = dataSource.options.type === 'better-sqlite3';
  const tables: string[] = isSqlite
    ? (await dataSource.query(`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'`)).map((r: { name: string }) => r.name)
    : (await dataSource.query('SELECT table_name AS name FROM information_schema.tables WHERE table_schema = DATABASE()')).map((r: { name: string }) => r.name);
  // an FTS5 table's shadow tables (product_search_data, …) belong to it: emptying the table empties them
  const virtual: string[] = isSqlite ? (await dataSource.query(`SELECT name FROM sqlite_master WHERE type = 'table' AND sql LIKE 'CREATE VIRTUAL TABLE%'`)).map((r: { name: string }) => r.name) : [];
  const targets = tables.filter((t) => !STATIC_TABLES.has(t) && !virtual.some((v) => t.startsWith(`${v}_`)));
  if (!targets.length) return;
  // The ledger and its digests refuse deletes in the product; between tests their guards are lifted and put back.
  const runner = dataSource.createQueryRunner();
  const hasLedger = targets.includes('inventory_event');
  const hasDigests = DIGEST_TABLES.every((table) => targets.includes(table));
  if (hasLedger) await dropLedgerGuard(runner);
  if (hasDigests) await dropDigestGuard(runner);
  if (isSqlite) {
    await dataSource.query('PRAGMA foreign_keys = OFF');
    for (const table of targets) await dataSource.query(`DELETE FROM "${table}"`);
    await dataSource.query(`DELETE FROM sqlite_sequence WHERE name IN (${targets.map(() => '?').join(',')})`, targets).catch(() => undefined);
    await dataSource.query('PRAGMA foreign_keys = ON');
  } else {
    await dataSource.query('SET FOREIGN_KEY_CHECKS = 0');
    for (const table of targets) await dataSource.query(`TRUNCATE TABLE \`${table}\``);
    await dataSource.query('SET FOREIGN_KEY_CHECKS = 1');
  }
  if (hasLedger) await createLedgerGuard(runner);
  if (hasDigests) await createDigestGuard(runner);
  await runner.release();
}
