import { All, Body, Get, Post, Query, Req } from '@nestjs/common';
import { Request } from 'express';
import { AuthAdmin, CurrentAdmin } from '../../../shared/http/auth.decorators';
import { createValidationPipe } from '../../../shared/http/validation';
import { GroupInput, GroupRow, GroupService } from './group.service';

/**
 * The back office's endpoints over one identity's groups (`auth.Group`, `user.Group`): each identity's
 * controller names its route and builds its GroupService; the add and edit bodies are checked against that
 * identity's group form. The guard checks `<route>/<action>` as on every controller.
 */
export function GroupController<I extends GroupInput>(form: new () => I) {
  abstract class GroupEndpoints {
    constructor(protected readonly groups: GroupService<GroupRow>) {}

    @Get('index')
    index(@Query() query: Record<string, unknown>, @CurrentAdmin() operator: AuthAdmin) {
      return this.groups.index(query, operator);
    }

    @Get('edit')
    row(@Query('id') id: unknown, @CurrentAdmin() operator: AuthAdmin) {
      return this.groups.row(id, operator);
    }

    @Post('add')
    add(@Body(createValidationPipe(form)) body: I, @CurrentAdmin() operator: AuthAdmin) {
      return this.groups.add(body, operator);
    }

    @Post('edit')
    edit(@Body(createValidationPipe(form)) body: I, @CurrentAdmin() operator: AuthAdmin) {
      return this.groups.edit(body, operator);
    }

    @All('del')
    del(@Req() request: Request, @CurrentAdmin() operator: AuthAdmin) {
      return this.groups.del(request.method, request.query.ids, operator);
    }
  }
  return GroupEndpoints;
}
