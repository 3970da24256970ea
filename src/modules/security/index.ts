/** What other contexts (and the app) may import from the safety tools. */
export { SecurityModule } from './security.module';
export { SecuritySeeder } from './seed/security.seeder';
export { BackupService } from './backup/backup.service';
export { restoreBackup, verifyChecksum, backupPath, statementsOf, backupKey, backupKeyWarning, signBackup, withSignatureSpace } from './backup/backup-files';
