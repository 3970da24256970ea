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
  let seeded: SeedCopy | null = null;
  const reset = async () => {
    const copy = seeded?.key === seedKey() ? seeded : null;
    const untouched = copy ? await untouchedSeedTables(dataSource, copy) : new Set<string>();
    await truncateAll(dataSource, untouched);
    // TRUNCATE runs no triggers: the caches kept against the site version start empty
    await app.get(CacheRegistry).clear('all');
    if (copy) {
      await restoreSeed(dataSource, copy, untouched);
    } else {
      await seedDatabase(app, { adminPassword: TEST_ADMIN_PASSWORD, demo: false, log: () => undefined });
      seeded = await copySeed(dataSource, seedKey());
    }
    if (seeded) seeded.fingerprints = await seedFingerprints(dataSource, seeded);
  };
  return { app, dataSource, reset, close: () => app.close() };
}

/** Tables that migrations fill and no test changes. */
const STATIC_TABLES = new Set(['migrations', 'area', 'cache_version']);

/** The tables a reset empties: all but the static ones and an FTS5 table's shadow tables (product_search_data, …), which belong to it. */
async function resettableTables(dataSource: DataSource): Promise<string[]> {
  const isSqlite = dataSource.options.type === 'better-sqlite3';
  const tables: string[] = isSqlite
    ? (await dataSource.query(`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'`)).map((r: { name: string }) => r.name)
    : (await dataSource.query(`SELECT table_name AS name FROM information_schema.tables WHERE table_schema = DATABASE() AND table_type = 'BASE TABLE'`)).map((r: { name: string }) => r.name);
  const virtual: string[] = isSqlite ? (await dataSource.query(`SELECT name FROM sqlite_master WHERE type = 'table' AND sql LIKE 'CREATE VIRTUAL TABLE%'`)).map((r: { name: string }) => r.name) : [];
  return tables.filter((t) => !STATIC_TABLES.has(t) && !virtual.some((v) => t.startsWith(`${v}_`)));
}

/** MySQL: the tables holding rows or whose next id has moved (a spec may count on ids starting at 1). */
async function writtenTables(dataSource: DataSource, tables: string[]): Promise<string[]> {
  const nextIds: Array<{ name: string; next: number | string | null }> = await dataSource.query(
    'SELECT table_name AS name, auto_increment AS next FROM information_schema.tables WHERE table_schema = DATABASE()',
  );
  const moved = new Set(nextIds.filter((t) => t.next !== null && Number(t.next) > 1).map((t) => t.name));
  const holding: Array<{ name: string }> = await dataSource.query(
    tables.map((table) => `SELECT ? AS name FROM (SELECT 1 FROM \`${table}\` LIMIT 1) AS any_row`).join(' UNION ALL '),
    tables,
  );
  const written = new Set([...moved, ...holding.map((r) => r.name)]);
  return tables.filter((table) => written.has(table));
}

async function truncateAll(dataSource: DataSource, untouched: Set<string>): Promise<void> {
  const isSqlite = dataSource.options.type === 'better-sqlite3';
  const tables = (await resettableTables(dataSource)).filter((table) => !untouched.has(table));
  // DELETE of an empty SQLite table costs nothing; a TRUNCATE on MySQL recreates the table, so only those a test wrote to
  const targets = isSqlite ? tables : await writtenTables(dataSource, tables);
  if (!targets.length) return;
  // The ledger and its digests refuse deletes in the product; between tests their guards are lifted and put back.
  const runner = dataSource.createQueryRunner();
  const hasLedger = targets.includes('inventory_event');
  const hasDigests = DIGEST_TABLES.some((table) => targets.includes(table));
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

/**
 * What the seeders wrote, copied aside once per spec file: the next resets copy it back instead of seeding
 * again (a seed hashes the admin's password and writes some 700 rows one by one, a third of a second; the
 * copy back is one INSERT … SELECT per table). The copy is taken again whenever the environment the seeders
 * read has changed. SQLite keeps it in an attached in-memory database, MySQL in a database of its own.
 */
interface SeedCopy {
  key: string;
  schema: string;
  tables: Array<{ table: string; columns: string }>;
  /** MySQL: each seeded table's checksum and next id as the last reset left them. */
  fingerprints?: Map<string, string>;
}

/**
 * MySQL: the seeded tables no test has written to since the last reset (same checksum, same next id), which
 * a reset leaves as they are — a TRUNCATE recreates a table's file, and most tests touch few of the seeded
 * tables. SQLite deletes and copies back in memory: there everything is reset.
 */
async function untouchedSeedTables(dataSource: DataSource, copy: SeedCopy): Promise<Set<string>> {
  if (!copy.fingerprints) return new Set();
  const now = (await seedFingerprints(dataSource, copy)) ?? new Map<string, string>();
  return new Set(copy.tables.map(({ table }) => table).filter((table) => now.get(table) !== undefined && now.get(table) === copy.fingerprints!.get(table)));
}

async function seedFingerprints(dataSource: DataSource, copy: SeedCopy): Promise<Map<string, string> | undefined> {
  if (dataSource.options.type === 'better-sqlite3' || !copy.tables.length) return undefined;
  const names = copy.tables.map(({ table }) => table);
  const sums: Array<{ Table: string; Checksum: string | number | null }> = await dataSource.query(`CHECKSUM TABLE ${names.map((t) => `\`${t}\``).join(', ')}`);
  const nextIds: Array<{ name: string; next: string | number | null }> = await dataSource.query(
    `SELECT table_name AS name, auto_increment AS next FROM information_schema.tables WHERE table_schema = DATABASE() AND table_name IN (${names.map(() => '?').join(', ')})`,
    names,
  );
  const next = new Map(nextIds.map((r) => [r.name, String(r.next)]));
  // CHECKSUM TABLE names a table `<database>.<table>`
  return new Map(sums.map((r) => { const table = r.Table.slice(r.Table.indexOf('.') + 1); return [table, `${r.Checksum}/${next.get(table)}`]; }));
}

function seedKey(): string {
  return JSON.stringify(Object.entries(process.env).sort(([a], [b]) => a.localeCompare(b)));
}

async function copySeed(dataSource: DataSource, key: string): Promise<SeedCopy> {
  const isSqlite = dataSource.options.type === 'better-sqlite3';
  const q = (name: string) => (isSqlite ? `"${name}"` : `\`${name}\``);
  let schema: string;
  if (isSqlite) {
    schema = 'seed_copy';
    const attached: Array<{ name: string }> = await dataSource.query('PRAGMA database_list');
    if (!attached.some((d) => d.name === schema)) await dataSource.query(`ATTACH DATABASE ':memory:' AS ${schema}`);
  } else {
    const [{ name }]: Array<{ name: string }> = await dataSource.query('SELECT DATABASE() AS name');
    schema = `${name}_seed_copy`;
    await dataSource.query(`CREATE DATABASE IF NOT EXISTS ${q(schema)}`);
  }
  const tables: SeedCopy['tables'] = [];
  for (const table of await seededTables(dataSource)) {
    const columns = (await insertableColumns(dataSource, table)).map(q).join(', ');
    await dataSource.query(`DROP TABLE IF EXISTS ${q(schema)}.${q(table)}`);
    await dataSource.query(`CREATE TABLE ${q(schema)}.${q(table)} AS SELECT ${columns} FROM ${q(table)}`);
    tables.push({ table, columns });
  }
  return { key, schema, tables };
}

async function restoreSeed(dataSource: DataSource, copy: SeedCopy, untouched: Set<string>): Promise<void> {
  const isSqlite = dataSource.options.type === 'better-sqlite3';
  const q = (name: string) => (isSqlite ? `"${name}"` : `\`${name}\``);
  await dataSource.query(isSqlite ? 'PRAGMA foreign_keys = OFF' : 'SET FOREIGN_KEY_CHECKS = 0');
  for (const { table, columns } of copy.tables.filter(({ table }) => !untouched.has(table))) {
    await dataSource.query(`INSERT INTO ${q(table)} (${columns}) SELECT ${columns} FROM ${q(copy.schema)}.${q(table)}`);
  }
  await dataSource.query(isSqlite ? 'PRAGMA foreign_keys = ON' : 'SET FOREIGN_KEY_CHECKS = 1');
}

/** The tables a seed left rows in (an FTS5 table is filled by its own triggers, not copied). */
async function seededTables(dataSource: DataSource): Promise<string[]> {
  const isSqlite = dataSource.options.type === 'better-sqlite3';
  const virtual = new Set<string>(isSqlite ? (await dataSource.query(`SELECT name FROM sqlite_master WHERE type = 'table' AND sql LIKE 'CREATE VIRTUAL TABLE%'`)).map((r: { name: string }) => r.name) : []);
  const seeded: string[] = [];
  for (const name of await resettableTables(dataSource)) {
    if (virtual.has(name)) continue;
    const rows: unknown[] = await dataSource.query(`SELECT 1 FROM ${isSqlite ? `"${name}"` : `\`${name}\``} LIMIT 1`);
    if (rows.length) seeded.push(name);
  }
  return seeded;
}

/** A table's columns a row can be inserted with (generated columns are computed, never written). */
async function insertableColumns(dataSource: DataSource, table: string): Promise<string[]> {
  if (dataSource.options.type === 'better-sqlite3') {
    const columns: Array<{ name: string; hidden: number }> = await dataSource.query(`SELECT name, hidden FROM pragma_table_xinfo(?)`, [table]);
    return columns.filter((c) => Number(c.hidden) === 0).map((c) => c.name);
  }
  const columns: Array<{ name: string }> = await dataSource.query(
    `SELECT column_name AS name FROM information_schema.columns WHERE table_schema = DATABASE() AND table_name = ? AND is_generated = 'NEVER' ORDER BY ordinal_position`,
    [table],
  );
  return columns.map((c) => c.name);
}
