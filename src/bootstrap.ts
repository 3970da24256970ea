import { INestApplication, Type } from '@nestjs/common';
import { getDataSourceToken } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { AccountsSeeder } from './modules/accounts';
import { DemoSeeder } from './modules/demo';
import { PlatformSeeder } from './modules/platform';
import { Seeder, SeedOptions } from './shared/database/seeder';
import { TransactionRunner } from './shared/database/transaction-runner';

/** Seeders in dependency order: each context's initial rows. */
export const SEEDERS: Type<Seeder>[] = [PlatformSeeder, AccountsSeeder, DemoSeeder];

/** Migrates, then seeds when the database has never been seeded. */
export async function prepareDatabase(app: INestApplication, options: { migrateOnly?: boolean } = {}): Promise<void> {
  const dataSource = app.get<DataSource>(getDataSourceToken());
  await dataSource.runMigrations({ transaction: 'each' });
  if (options.migrateOnly) return;
  if (!(await isEmpty(dataSource))) return;
  await seedDatabase(app, {
    adminPassword: process.env.ADMIN_PASSWORD || undefined,
    demo: (process.env.SEED_DEMO ?? '1') !== '0',
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
