import { All, Body, Controller, Get, Post, Query, Req, Res } from '@nestjs/common';
import { Request, Response } from 'express';
import { CrudController, CrudKit, CrudRow, CrudService, DataChanges, ListExport, ListResult, parseId, parseIds, sendListExport } from '../../../shared/crud';
import { AppError } from '../../../shared/http/app-error';
import { AuthenticatedRequest } from '../../../shared/http/auth.decorators';
import { Reply, reply } from '../../../shared/http/reply';
import { BackupService } from '../backup/backup.service';
import { DataRecycleEntity, DataRecycleLogEntity, SensitiveDataEntity, SensitiveDataLogEntity } from '../persistence/security.entities';
import { Outcome, SafetyActionsService } from '../services/safety-actions.service';
import { RECYCLE_LOG_EXPORT, recycleLogCrud, recycleRuleCrud, SENSITIVE_LOG_EXPORT, sensitiveLogCrud, sensitiveRuleCrud } from '../crud/security.cruds';

/*
 * The safety tools' endpoints (under /admin; the guard checks `security/<controller>/<action>` and
 * `routine/backup/<action>`; the admin log records every restore, rollback and backup).
 */

@Controller('admin/security.DataRecycle')
export class DataRecycleController extends CrudController<DataRecycleEntity> {
  constructor(kit: CrudKit) {
    super(new CrudService(kit, recycleRuleCrud));
  }
}

@Controller('admin/security.SensitiveData')
export class SensitiveDataController extends CrudController<SensitiveDataEntity> {
  constructor(kit: CrudKit, changes: DataChanges) {
    super(new CrudService(kit, sensitiveRuleCrud(changes)));
  }
}

/** code 1 when at least one row went through; else code 0 with the first reason. Either way, every reason. */
function outcomeReply(outcome: Outcome, doneKey: string): Reply<Outcome> {
  if (!outcome.done.length) throw new AppError('security.nothing_done', { reason: outcome.refused[0]?.reason ?? '' }, 0, outcome);
  return reply(outcome, doneKey, { done: outcome.done.length, refused: outcome.refused.length });
}

abstract class LogController<E extends DataRecycleLogEntity | SensitiveDataLogEntity> {
  constructor(
    protected readonly crud: CrudService<E>,
    private readonly exported: ListExport,
  ) {}

  @Get('index')
  index(@Query() query: Record<string, unknown>, @Req() request: Request): Promise<ListResult> {
    return this.crud.list(query, { controllerPath: request.path.includes('SensitiveDataLog') ? 'security/sensitivedatalog' : 'security/datarecyclelog' });
  }

  @Get('export')
  export(@Query() query: Record<string, unknown>, @Res() response: Response): Promise<void> {
    return sendListExport(response, this.crud, query, this.exported);
  }

  @Get('info')
  info(@Query('id') id: unknown): Promise<{ row: CrudRow }> {
    return this.crud.get(id);
  }

  @All('del')
  async del(@Req() request: Request): Promise<Reply<{ count: number }>> {
    if (request.method !== 'DELETE') throw new AppError('crud.parameter_error');
    return reply(await this.crud.del(request.query.ids), 'crud.deleted');
  }
}

@Controller('admin/security.DataRecycleLog')
export class DataRecycleLogController extends LogController<DataRecycleLogEntity> {
  constructor(
    kit: CrudKit,
    private readonly actions: SafetyActionsService,
  ) {
    super(new CrudService(kit, recycleLogCrud), RECYCLE_LOG_EXPORT);
  }

  @Post('restore')
  async restore(@Body() body: { ids?: unknown }, @Req() request: AuthenticatedRequest): Promise<Reply<Outcome>> {
    return outcomeReply(await this.actions.restore(parseIds(body?.ids), { isSuper: !!request.admin?.isSuper }), 'security.restored');
  }
}

@Controller('admin/security.SensitiveDataLog')
export class SensitiveDataLogController extends LogController<SensitiveDataLogEntity> {
  constructor(
    kit: CrudKit,
    private readonly actions: SafetyActionsService,
  ) {
    super(new CrudService(kit, sensitiveLogCrud), SENSITIVE_LOG_EXPORT);
  }

  @Post('rollback')
  async rollback(@Body() body: { ids?: unknown }, @Req() request: AuthenticatedRequest): Promise<Reply<Outcome>> {
    return outcomeReply(await this.actions.rollback(parseIds(body?.ids), { isSuper: !!request.admin?.isSuper }), 'security.rolled_back');
  }
}

@Controller('admin/routine.Backup')
export class BackupController {
  constructor(private readonly backups: BackupService) {}

  @Get('index')
  index(@Query() query: Record<string, unknown>): Promise<ListResult> {
    return this.backups.list(query);
  }

  /** Starts a backup now; the answer is its row, running (the list shows the progress). */
  @Post('add')
  async add(@Req() request: AuthenticatedRequest): Promise<Reply<unknown>> {
    const { row } = await this.backups.start(request.admin?.id ?? 0);
    return reply(row, 'security.backup_started');
  }

  @Get('download')
  async download(@Query('id') id: unknown, @Res() response: Response): Promise<void> {
    const file = await this.backups.file(parseId(id));
    response.setHeader('Content-Type', 'application/gzip');
    response.setHeader('Content-Length', String(file.size));
    response.setHeader('Content-Disposition', `attachment; filename="${file.name}"`);
    file.stream().pipe(response);
  }

  @All('del')
  async del(@Req() request: Request): Promise<Reply<{ count: number }>> {
    if (request.method !== 'DELETE') throw new AppError('crud.parameter_error');
    return reply(await this.backups.del(parseIds(request.query.ids)), 'crud.deleted');
  }
}
