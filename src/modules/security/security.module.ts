import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { BackupService } from './backup/backup.service';
import { BackupController, DataRecycleController, DataRecycleLogController, SensitiveDataController, SensitiveDataLogController } from './http/security.controllers';
import { BackupEntity, DataRecycleEntity, DataRecycleLogEntity, SensitiveDataEntity, SensitiveDataLogEntity } from './persistence/security.entities';
import { SecuritySeeder } from './seed/security.seeder';
import { ChangeJournalService } from './services/change-journal.service';
import { SafetyActionsService } from './services/safety-actions.service';

/**
 * Safety tools: the recycle bin and the sensitive-data log (fed by the CRUD kernel's DataChanges, see
 * ChangeJournalService), and database backups.
 */
@Module({
  imports: [TypeOrmModule.forFeature([DataRecycleEntity, DataRecycleLogEntity, SensitiveDataEntity, SensitiveDataLogEntity, BackupEntity])],
  controllers: [DataRecycleController, SensitiveDataController, DataRecycleLogController, SensitiveDataLogController, BackupController],
  providers: [ChangeJournalService, SafetyActionsService, BackupService, SecuritySeeder],
  exports: [SecuritySeeder, BackupService],
})
export class SecurityModule {}
