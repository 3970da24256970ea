import { All, Body, Controller, Get, HttpCode, HttpStatus, Post, Query, Req } from '@nestjs/common';
import { Request } from 'express';
import { parseIds } from '../../../../shared/crud';
import { AppError } from '../../../../shared/http/app-error';
import { reply } from '../../../../shared/http/reply';
import { MemberAdminService } from '../services/member-admin.service';
import { AddMemberDto, EditMemberDto } from './dto/member-admin.dto';

/** /admin/user.User: members (CRUD; balance and score read-only). */
@Controller('admin/user.user')
export class AdminMemberController {
  constructor(private readonly members: MemberAdminService) {}

  @Get('index')
  index(@Query() query: Record<string, unknown>) {
    return this.members.crud.list(query, { controllerPath: 'user/user' });
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
