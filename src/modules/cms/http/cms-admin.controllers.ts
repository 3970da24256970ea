import { All, Body, Controller, Get, HttpCode, HttpStatus, Post, Query, Req, Res } from '@nestjs/common';
import { Request, Response } from 'express';
import { CrudController, CrudRow, CrudService, ListExportColumn, ListExportHelpers, ListResult, sendListExport, TreeCrudController } from '../../../shared/crud';
import { AppError } from '../../../shared/http/app-error';
import { AuthAdmin, CurrentAdmin } from '../../../shared/http/auth.decorators';
import { Reply, reply } from '../../../shared/http/reply';
import { AuditCommentsCommand } from '../commands/audit-comments/audit-comments.command';
import { AuditContentCommand } from '../commands/audit-content/audit-content.command';
import { CmsCruds } from '../crud/cms.cruds';
import { CmsChannelEntity, CmsContentEntity, CmsFriendlyLinkEntity, CmsTagEntity } from '../persistence/cms.entities';
import { AuditCommentsDto, AuditContentDto } from './dto/cms-api.dto';
import { CommandBus } from '@nestjs/cqrs';
import { Transition, TransitionContext } from '../../../shared/transitions';

/*
 * The content pages of the back office (`admin/cms.*`): the generic CRUD actions over each definition
 * (crud/cms.cruds.ts), CSV and XLSX exports with the list's filters, and the audits. The guard checks
 * `cms/<controller>/<action>` before any of them runs.
 */

type Column = ListExportColumn<ListExportHelpers, Record<string, any>>;

/** Streams `crud`'s rows selected by the list filters as CSV or XLSX, headers and enumeration labels translated. */
function exportList(crud: CrudService<any>, name: string, columns: Column[], query: Record<string, unknown>, response: Response): Promise<void> {
  return sendListExport(response, crud, query, { title: `cms.exports.${name}`, columns });
}

const f = (name: string) => `cms.fields.${name}`;

@Controller('admin/cms.Channel')
export class ChannelController extends TreeCrudController<CmsChannelEntity> {
  constructor(private readonly cruds: CmsCruds) {
    super(cruds.channel);
  }

  @Get('export')
  export(@Query() query: Record<string, unknown>, @Res() response: Response): Promise<void> {
    return exportList(
      this.cruds.channel,
      'channel',
      [
        { label: f('id'), value: (r) => r.id },
        { label: f('pid'), value: (r) => r.pid },
        { label: f('name'), value: (r) => r.name },
        { label: f('keywords'), value: (r) => r.keywords },
        { label: f('description'), value: (r) => r.description },
        { label: f('status'), value: (r, x) => x.label('cms.shown', r.status) },
        { label: f('weigh'), value: (r) => r.weigh },
        { label: f('createtime'), value: (r, x) => x.time(r.createtime) },
      ],
      query,
      response,
    );
  }
}

@Controller('admin/cms.Content')
export class ContentController extends CrudController<CmsContentEntity> {
  constructor(
    private readonly cruds: CmsCruds,
    private readonly commands: CommandBus,
  ) {
    super(cruds.content);
  }

  /** The author of new content is the signed-in admin, whatever the body says. */
  @Post('add')
  override async add(@Body() body: unknown, @CurrentAdmin() admin?: AuthAdmin): Promise<Reply<CrudRow>> {
    if (!body || typeof body !== 'object' || Array.isArray(body)) throw new AppError('crud.parameter_error');
    return reply(await this.crud.add({ ...(body as object), admin_id: admin?.id ?? 0 }), 'crud.added');
  }

  @Post('audit')
  @HttpCode(HttpStatus.OK)
  async audit(@Body() body: AuditContentDto, @Transition() context: TransitionContext): Promise<Reply<CrudRow>> {
    const row: CrudRow = await this.commands.execute(new AuditContentCommand(body.id, body.status, body.memo ?? '', context));
    return reply(row, 'cms.audited');
  }

  @Get('export')
  export(@Query() query: Record<string, unknown>, @Res() response: Response): Promise<void> {
    return exportList(
      this.cruds.content,
      'content',
      [
        { label: f('id'), value: (r) => r.id },
        { label: f('title'), value: (r) => r.title },
        { label: f('channel_id'), value: (r) => r.channel?.name ?? '' },
        { label: f('flag'), value: (r, x) => (r.flag as number[]).map((flag) => x.label('cms.flag', flag)).join(', ') },
        { label: f('status'), value: (r, x) => x.label('cms.status', r.status) },
        { label: f('memo'), value: (r) => r.memo },
        { label: f('author'), value: (r) => r.user?.nickname || r.user?.username || r.admin?.nickname || r.admin?.username || '' },
        { label: f('views'), value: (r) => r.views },
        { label: f('comments'), value: (r) => r.comments },
        { label: f('price'), value: (r) => r.price, type: 'money' },
        { label: f('currency'), value: (r, x) => x.label('cms.currency', r.currency) },
        { label: f('allow_visit_groups'), value: (r, x) => x.label('cms.visit_group', r.allow_visit_groups) },
        { label: f('allow_comment_groups'), value: (r, x) => x.label('cms.comment_group', r.allow_comment_groups) },
        { label: f('publish_time'), value: (r, x) => x.time(r.publish_time) },
        { label: f('create_time'), value: (r, x) => x.time(r.create_time) },
      ],
      query,
      response,
    );
  }
}

@Controller('admin/cms.Tags')
export class TagsController extends CrudController<CmsTagEntity> {
  constructor(private readonly cruds: CmsCruds) {
    super(cruds.tag);
  }

  @Get('export')
  export(@Query() query: Record<string, unknown>, @Res() response: Response): Promise<void> {
    return exportList(
      this.cruds.tag,
      'tags',
      [
        { label: f('id'), value: (r) => r.id },
        { label: f('name'), value: (r) => r.name },
        { label: f('status'), value: (r, x) => x.label('cms.shown', r.status) },
        { label: f('weigh'), value: (r) => r.weigh },
        { label: f('createtime'), value: (r, x) => x.time(r.createtime) },
      ],
      query,
      response,
    );
  }
}

@Controller('admin/cms.FriendlyLink')
export class FriendlyLinkController extends CrudController<CmsFriendlyLinkEntity> {
  constructor(private readonly cruds: CmsCruds) {
    super(cruds.friendlyLink);
  }

  @Get('export')
  export(@Query() query: Record<string, unknown>, @Res() response: Response): Promise<void> {
    return exportList(
      this.cruds.friendlyLink,
      'friendly_link',
      [
        { label: f('id'), value: (r) => r.id },
        { label: f('title'), value: (r) => r.title },
        { label: f('link'), value: (r) => r.link },
        { label: f('target'), value: (r, x) => x.label('cms.target', r.target) },
        { label: f('status'), value: (r, x) => x.label('cms.shown', r.status) },
        { label: f('weigh'), value: (r) => r.weigh },
        { label: f('createtime'), value: (r, x) => x.time(r.createtime) },
      ],
      query,
      response,
    );
  }
}

/** Comments: listed, audited, deleted and exported; never written in the back office. */
@Controller('admin/cms.Comment')
export class CommentController {
  constructor(
    private readonly cruds: CmsCruds,
    private readonly commands: CommandBus,
  ) {}

  @Get('index')
  index(@Query() query: Record<string, unknown>): Promise<ListResult> {
    return this.cruds.comment.list(query, { controllerPath: 'cms/comment' });
  }

  @All('del')
  async del(@Req() request: Request): Promise<Reply<{ count: number }>> {
    if (request.method !== 'DELETE') throw new AppError('crud.parameter_error');
    return reply(await this.cruds.comment.del(request.query.ids), 'crud.deleted');
  }

  @Post('audit')
  @HttpCode(HttpStatus.OK)
  async audit(@Body() body: AuditCommentsDto): Promise<Reply<{ count: number }>> {
    return reply(await this.commands.execute(new AuditCommentsCommand({ ids: body.ids?.length ? body.ids : body.id, status: body.status, memo: body.memo ?? '' })), 'cms.audited');
  }

  @Get('export')
  export(@Query() query: Record<string, unknown>, @Res() response: Response): Promise<void> {
    return exportList(
      this.cruds.comment,
      'comment',
      [
        { label: f('id'), value: (r) => r.id },
        { label: f('title'), value: (r) => r.post?.title ?? '' },
        { label: f('author'), value: (r) => r.user?.nickname || r.user?.username || r.nickname },
        { label: f('comment'), value: (r) => r.content },
        { label: f('status'), value: (r, x) => x.label('cms.comment_status', r.status) },
        { label: f('memo'), value: (r) => r.memo },
        { label: f('ip'), value: (r) => r.ip },
        { label: f('createtime'), value: (r, x) => x.time(r.createtime) },
      ],
      query,
      response,
    );
  }
}

/** The search log: listed, deleted and exported; the site's searches write it. */
@Controller('admin/cms.SearchLog')
export class SearchLogController {
  constructor(private readonly cruds: CmsCruds) {}

  @Get('index')
  index(@Query() query: Record<string, unknown>): Promise<ListResult> {
    return this.cruds.searchLog.list(query, { controllerPath: 'cms/searchlog' });
  }

  @All('del')
  async del(@Req() request: Request): Promise<Reply<{ count: number }>> {
    if (request.method !== 'DELETE') throw new AppError('crud.parameter_error');
    return reply(await this.cruds.searchLog.del(request.query.ids), 'crud.deleted');
  }

  @Get('export')
  export(@Query() query: Record<string, unknown>, @Res() response: Response): Promise<void> {
    return exportList(
      this.cruds.searchLog,
      'search_log',
      [
        { label: f('keywords'), value: (r) => r.keywords },
        { label: f('count'), value: (r) => r.count },
        { label: f('createtime'), value: (r, x) => x.time(r.createtime) },
        { label: f('updatetime'), value: (r, x) => x.time(r.updatetime) },
      ],
      query,
      response,
    );
  }
}

export const CMS_ADMIN_CONTROLLERS = [ChannelController, ContentController, TagsController, FriendlyLinkController, CommentController, SearchLogController];
