import { resolve } from 'node:path';
import { connectAsMigrationUser, dataDir, databaseSettings } from '../ormconfig';
import { backupKey, restoreBackup } from '../src/modules/security';

/**
 * `npm run backup:restore -- <file>`: puts a backup made by routine.Backup (DATA_DIR/backups/*.gz) in place
 * of the configured database (DATA_DIR's SQLite file, or DB_URL's MySQL database). Stop the app first. The
 * file's checksum (`<file>.sha256`, when beside it) and its signature (with BACKUP_KEY, else the key in
 * DATA_DIR) are verified before anything is touched; an unsigned, wrongly signed, truncated or altered file,
 * or a dump that names another database, is refused and the database is left as it was. Afterwards
 * `npm run projections:rebuild` checks the ledger.
 */
async function main(): Promise<void> {
  const file = process.argv[2];
  if (!file) {
    console.error('usage: npm run backup:restore -- <backup file (.sqlite.gz or .sql.gz)>');
    process.exit(64);
  }
  connectAsMigrationUser();
  const key = backupKey(process.env, dataDir(), { create: false });
  await restoreBackup(resolve(file), databaseSettings(process.env, 'migration'), key, (line) => console.log(line));
  console.log('Restored. Start the app again; `npm run projections:rebuild` checks the ledger against the projections.');
}

if (require.main === module) {
  main().catch((error) => {
    console.error(`Restore refused: ${(error as Error).message}`);
    process.exit(1);
  });
}
