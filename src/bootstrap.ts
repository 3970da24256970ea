import { INestApplication, Type } from '@nestjs/common';
import { getDataSourceToken } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import migrationDataSource, { databaseSettings } from '../ormconfig';
import { repairCacheVersion } from '../migrations/cache-version';
import { repairProductSearch } from '../migrations/product-search';
import { AccountsSeeder } from './modules/accounts';
import { CmsDemoSeeder, CmsSeeder } from './modules/cms';
import { DemoSeeder } from './modules/demo';
import { GeneratedSeeder } from './modules/generated';
import { PlatformSeeder } from './modules/platform';
import { SecuritySeeder } from './modules/security';
import { ensureDatabaseExists } from './shared/database/ensure-database';
import { Seeder, SeedOptions } from './shared/database/seeder';
import { TransactionRunner } from './shared/database/transaction-runner';

/** Seeders in dependency order: each context's initial rows. */
export const SEEDERS: Type<Seeder>[] = [PlatformSeeder, AccountsSeeder, GeneratedSeeder, SecuritySeeder, CmsSeeder, DemoSeeder, CmsDemoSeeder];

/**
 * Creates the MySQL database when it is missing and runs the migrations, as the migration user
 * (DB_MIGRATION_URL, else DB_URL) through the data source that the TypeORM CLI uses too (ormconfig.ts).
 */
export async function migrateDatabase(log: (line: string) => void = () => undefined): Promise<void> {
  await ensureDatabaseExists(databaseSettings(process.env, 'migration'));
  const dataSource = await migrationDataSource.initialize();
  try {
    const runner = dataSource.createQueryRunner();
    const fresh = !(await runner.hasTable('migrations').finally(() => runner.release()));
    const started = Date.now();
    if (fresh) log(`Creating the database's tables (${dataSource.migrations.length} migrations)…`);
    const ran = await dataSource.runMigrations({ transaction: 'each' });
    if (ran.length) log(`  ${ran.length} migration${ran.length === 1 ? '' : 's'} run in ${Math.round((Date.now() - started) / 1000)} s`);
    if (await repairProductSearch(dataSource)) console.log('The product search index had lost its triggers (a rebuilt product table): put back and refilled.');
    if (await repairCacheVersion(dataSource)) console.log('The site version had lost triggers (a rebuilt table): put back.');
  } finally {
    await dataSource.destroy();
  }
}

/** Seeds when the database has never been seeded (after migrateDatabase). */
export async function prepareDatabase(app: INestApplication): Promise<void> {
  const dataSource = app.get<DataSource>(getDataSourceToken());
  if (!(await isEmpty(dataSource))) return;
  const demo = (process.env.SEED_DEMO ?? '1') !== '0';
  console.log(`Seeding the database: the admin, permission rules and settings${demo ? ', and a demo warehouse and content (SEED_DEMO=0 leaves them out; the longest part of a first start)' : ''}…`);
  await seedDatabase(app, {
    adminPassword: process.env.ADMIN_PASSWORD || undefined,
    demo,
    log: (line) => console.log(line),
  });
}

export async function seedDatabase(app: INestApplication, options: SeedOptions): Promise<void> {
  const transactions = app.get(TransactionRunner);
  await transactions.run(async (manager) => {
    for (const type of SEEDERS) await app.get(type).seed(manager, options);
  });
  // Then what goes through the contexts' commands, each in its own transaction (the demo warehouse); the
  // command handlers are registered when the application initialises.
  await app.init();
  for (const type of SEEDERS) await app.get(type).afterCommit?.(options);
}

async function isEmpty(dataSource: DataSource): Promise<boolean> {
  if (!SEEDERS.length) return false;
  const rows: Array<{ n: number | string }> = await dataSource.query('SELECT COUNT(*) AS n FROM admin');
  return Number(rows[0].n) === 0;
}
