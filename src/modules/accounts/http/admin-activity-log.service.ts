import { Global, Injectable, Module } from '@nestjs/common';
import { InjectRepository, TypeOrmModule } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { unixNow } from '../../../shared/http/envelope';
import { ADMIN_ACTIVITY_LOG, AdminActivity, AdminActivityLog } from '../../platform';
import { adminLogData } from '../domain/sensitive-data';
import { AdminLogEntity } from '../persistence/admin-log.entity';

/** Admin log rows for what other contexts report (terminal runs), with the same masking and limits as the middleware's. */
@Injectable()
export class AdminActivityLogService implements AdminActivityLog {
  constructor(@InjectRepository(AdminLogEntity) private readonly rows: Repository<AdminLogEntity>) {}

  async record(activity: AdminActivity): Promise<void> {
    await this.rows.insert({
      admin_id: activity.adminId,
      username: activity.username.slice(0, 20),
      url: activity.url.slice(0, 1500),
      title: activity.title.slice(0, 100),
      data: adminLogData(activity.data),
      ip: activity.ip.slice(0, 50),
      useragent: activity.useragent.slice(0, 255),
      createtime: unixNow(),
    });
  }
}

/** Makes AdminActivityLogService the global ADMIN_ACTIVITY_LOG provider (used by the platform's terminal). */
@Global()
@Module({
  imports: [TypeOrmModule.forFeature([AdminLogEntity])],
  providers: [AdminActivityLogService, { provide: ADMIN_ACTIVITY_LOG, useExisting: AdminActivityLogService }],
  exports: [ADMIN_ACTIVITY_LOG],
})
export class AdminActivityLogModule {}
