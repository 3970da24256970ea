import { All, Body, Controller, Get, HttpCode, HttpStatus, Post, Query, Req, Res } from '@nestjs/common';
import { Request, Response } from 'express';
import { parseIds, sendListExport } from '../../../../shared/crud';
import { AppError } from '../../../../shared/http/app-error';
import { reply } from '../../../../shared/http/reply';
import { MEMBER_EXPORT, MemberAdminService } from '../services/member-admin.service';
import { AddMemberDto, EditMemberDto } from './dto/member-admin.dto';

/** /admin/user.User: members (CRUD; balance and score read-only). */
@Controller('admin/user.user')
export class AdminMemberController {
  constructor(private readonly members: MemberAdminService) {}

  @Get('index')
  index(@Query() query: Record<string, unknown>) {
    return this.members.crud.list(query, { controllerPath: 'user/user' });
  }

  /** The members the list shows, with its filters, as CSV or XLSX (`format`); never a password. */
  @Get('export')
  export(@Query() query: Record<string, unknown>, @Res() response: Response): Promise<void> {
    return sendListExport(response, this.members.crud, query, MEMBER_EXPORT);
  }

  @Get('edit')
  row(@Query('id') id: unknown) {
    return this.members.crud.get(id);
  }

  @Post('add')
  @HttpCode(HttpStatus.OK)
  async add(@Body() body: AddMemberDto) {
    const id = await this.members.add(body);
    return reply((await this.members.crud.get(id)).row, 'crud.added');
  }

  @Post('edit')
  @HttpCode(HttpStatus.OK)
  async edit(@Body() body: EditMemberDto) {
    await this.members.edit(body);
    return reply((await this.members.crud.get(body.id)).row, 'crud.updated');
  }

  @All('del')
  async del(@Req() request: Request) {
    if (request.method !== 'DELETE') throw new AppError('crud.parameter_error');
    return reply({ count: await this.members.del(parseIds(request.query.ids)) }, 'crud.deleted');
  }
}
