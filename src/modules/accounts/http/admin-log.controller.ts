import { Controller, Get, Query } from '@nestjs/common';
import { CrudKit, CrudService } from '../../../shared/crud';
import { AuthAdmin, CurrentAdmin } from '../../../shared/http/auth.decorators';
import { AdminLogEntity } from '../persistence/admin-log.entity';

/** Read-only: the log is never edited. Admins other than super admins see only their own entries. */
@Controller('admin/auth.adminlog')
export class AdminLogController {
  private readonly crud: CrudService<AdminLogEntity>;

  constructor(kit: CrudKit) {
    this.crud = new CrudService(kit, {
      entity: AdminLogEntity,
      alias: 'log',
      writable: [],
      quickSearchFields: ['id', 'username', 'title'],
      searchFields: ['id', 'admin_id', 'username', 'title', 'url', 'ip', 'createtime'],
    });
  }

  @Get('index')
  index(@Query() query: Record<string, unknown>, @CurrentAdmin() operator: AuthAdmin) {
    return this.crud.list(query, {
      controllerPath: 'auth/adminlog',
      scope: (qb) => (operator.isSuper ? qb : qb.andWhere('log.admin_id = :me', { me: operator.id })),
    });
  }
}
