import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { BackupService } from './backup/backup.service';
import { BackupController, DataRecycleController, DataRecycleLogController, SensitiveDataController, SensitiveDataLogController } from './http/security.controllers';
import { BackupEntity, DataRecycleEntity, DataRecycleLogEntity, SensitiveDataEntity, SensitiveDataLogEntity } from './persistence/security.entities';
import { SecuritySeeder } from './seed/security.seeder';
import { ChangeJournalService } from './services/change-journal.service';
import { SafetyActionsService } from './services/safety-actions.service';
import { ModuleManifest, ModuleRegistry } from '../../shared/modules/module-registry';

/**
 * Safety tools: the recycle bin and the sensitive-data log (fed by the CRUD kernel's DataChanges, see
 * ChangeJournalService), and database backups.
 */
/** This context as module management lists it. */
export const SECURITY_MODULE: ModuleManifest = { name: 'security', title: 'module.title.security', version: '1.0.0', core: true, routes: [], menus: [], jobs: [] };

@Module({
  imports: [TypeOrmModule.forFeature([DataRecycleEntity, DataRecycleLogEntity, SensitiveDataEntity, SensitiveDataLogEntity, BackupEntity])],
  controllers: [DataRecycleController, SensitiveDataController, DataRecycleLogController, SensitiveDataLogController, BackupController],
  providers: [ChangeJournalService, SafetyActionsService, BackupService, SecuritySeeder],
  exports: [SecuritySeeder, BackupService],
})
export class SecurityModule {
  constructor(modules: ModuleRegistry) {
    modules.declare(SECURITY_MODULE);
  }
}
