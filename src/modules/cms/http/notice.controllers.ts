import { Body, Controller, Get, HttpCode, HttpStatus, Post, Query } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { MyNotices } from '../../../../contract/cms';
import { CrudController, CrudRow } from '../../../shared/crud';
import { AppError } from '../../../shared/http/app-error';
import { AuthAdmin, AuthMember, CurrentAdmin, CurrentMember, LoginOnly } from '../../../shared/http/auth.decorators';
import { Reply, reply } from '../../../shared/http/reply';
import { ReadNoticesCommand } from '../commands/read-notices/read-notices.command';
import { CmsExtraCruds } from '../crud/extra.cruds';
import { NoticeEntity } from '../persistence/cms.entities';
import { NoticeReader } from '../queries/notice/notice.reader';
import { pageOf } from '../queries/cms-site/cms-site.reader';
import { ReadNoticesDto } from './dto/extras.dto';

/*
 * Notices (module `notices`): the back office's CRUD (`routine/notice/*`), and every reader's own list and
 * read state — an admin's (`mine`, `read`: any signed-in admin) and a member's (`/api/notice/*`).
 */

@Controller('admin/routine.Notice')
export class NoticeController extends CrudController<NoticeEntity> {
  constructor(
    cruds: CmsExtraCruds,
    private readonly notices: NoticeReader,
    private readonly commands: CommandBus,
  ) {
    super(cruds.notice);
  }

  /** The author is the signed-in admin, whatever the body says. */
  @Post('add')
  override async add(@Body() body: unknown, @CurrentAdmin() admin?: AuthAdmin): Promise<Reply<CrudRow>> {
    if (!body || typeof body !== 'object' || Array.isArray(body)) throw new AppError('crud.parameter_error');
    return reply(await this.crud.add({ ...(body as object), admin_id: admin?.id ?? 0 }), 'crud.added');
  }

  @LoginOnly()
  @Get('mine')
  mine(@Query() query: Record<string, unknown>, @CurrentAdmin() admin: AuthAdmin): Promise<MyNotices> {
    return this.notices.mine({ type: 'admin', id: admin.id }, pageOf(query.page, query.limit));
  }

  @LoginOnly()
  @Post('read')
  @HttpCode(HttpStatus.OK)
  async read(@Body() body: ReadNoticesDto, @CurrentAdmin() admin: AuthAdmin): Promise<Reply<{ count: number }>> {
    return reply(await this.commands.execute(new ReadNoticesCommand({ type: 'admin', id: admin.id }, body.ids)), 'cms.notices_read');
  }
}

@Controller('api/notice')
export class MemberNoticeController {
  constructor(
    private readonly notices: NoticeReader,
    private readonly commands: CommandBus,
  ) {}

  @LoginOnly()
  @Get('index')
  index(@Query() query: Record<string, unknown>, @CurrentMember() member: AuthMember): Promise<MyNotices> {
    return this.notices.mine({ type: 'user', id: member.id }, pageOf(query.page, query.limit));
  }

  @LoginOnly()
  @Post('read')
  @HttpCode(HttpStatus.OK)
  async read(@Body() body: ReadNoticesDto, @CurrentMember() member: AuthMember): Promise<Reply<{ count: number }>> {
    return reply(await this.commands.execute(new ReadNoticesCommand({ type: 'user', id: member.id }, body.ids)), 'cms.notices_read');
  }
}

/** The routes of the `notices` module. */
export const NOTICE_CONTROLLERS = [NoticeController, MemberNoticeController];
