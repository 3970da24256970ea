import { limitHeapGrowth } from './shared/runtime/heap-growth';
limitHeapGrowth();
import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { NestExpressApplication } from '@nestjs/platform-express';
import { getDataSourceToken } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { AppModule } from './app.module';
import { configureApp } from './app.setup';
import { DailyLedgerDigest } from './modules/inventory';
import { DailyRobotAlerts } from './modules/robots';
import { backupKeyWarning } from './modules/security';
import { passwordCost } from './modules/accounts';
import { migrateDatabase, prepareDatabase } from './bootstrap';
import { dataDir, databaseSettings } from '../ormconfig';
import { withStartupLock } from './shared/database/ensure-database';
import { QuietStartLogger } from './shared/logging/quiet-start-logger';
import { returnToFirstHosts } from './shared/database/failover-pool';
import { runtimePrivilegeWarning } from './shared/database/runtime-privileges';

async function main(): Promise<void> {
  const migrateOnly = process.argv.includes('--migrate-only');
  // a BACKUP_KEY too short stops the start here; without one, the key in DATA_DIR is made now (and said)
  const backupWarning = migrateOnly ? null : backupKeyWarning(process.env, dataDir());
  // so is a PASSWORD_COST out of its range
  passwordCost(process.env);
  const app = await withStartupLock(databaseSettings(process.env, 'migration'), async () => {
    await migrateDatabase((line) => console.log(line));
    if (migrateOnly) return null;
    const created = await NestFactory.create<NestExpressApplication>(AppModule, { bodyParser: true, logger: new QuietStartLogger() });
    configureApp(created);
    await prepareDatabase(created);
    return created;
  });
  if (!app) return;
  const warning = await runtimePrivilegeWarning(app.get<DataSource>(getDataSourceToken()));
  if (warning) new Logger('Database').warn(warning);
  if (backupWarning) new Logger('Backup').warn(backupWarning);
  // After a failed-over node is back: `kill -USR2 <pid>` sends the app back to the first host of DB_URL.
  process.on('SIGUSR2', returnToFirstHosts);
  const port = Number(process.env.PORT || 8000);
  await app.listen(port);
  app.get(DailyLedgerDigest).start();
  app.get(DailyRobotAlerts).start();
  console.log(`WMS listening on http://127.0.0.1:${port}/ (admin: http://127.0.0.1:${port}/#/admin)`);
}

if (require.main === module) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
