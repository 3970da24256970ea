import { All, Body, Get, Post, Query, Req } from '@nestjs/common';
import { Request } from 'express';
import { AuthAdmin, CurrentAdmin } from '../../../shared/http/auth.decorators';
import { createValidationPipe } from '../../../shared/http/validation';
import { RuleInput, RuleRow, RuleTreeService } from './rule-tree.service';

/**
 * The back office's endpoints over one identity's rule tree (`auth.Rule`, `user.Rule`): each identity's
 * controller names its route and builds its RuleTreeService; the add and edit bodies are checked against
 * that identity's rule form. The guard checks `<route>/<action>` as on every controller.
 */
export function RuleTreeController<I extends RuleInput>(form: new () => I) {
  abstract class RuleTreeEndpoints {
    constructor(protected readonly rules: RuleTreeService<RuleRow, I>) {}

    @Get('index')
    index(@Query() query: Record<string, unknown>, @CurrentAdmin() operator: AuthAdmin) {
      return this.rules.index(query, operator);
    }

    @Get('edit')
    row(@Query('id') id: unknown, @CurrentAdmin() operator: AuthAdmin) {
      return this.rules.row(id, operator);
    }

    @Post('add')
    add(@Body(createValidationPipe(form)) body: I, @CurrentAdmin() operator: AuthAdmin) {
      return this.rules.add(body, operator);
    }

    @Post('edit')
    edit(@Body(createValidationPipe(form)) body: I, @CurrentAdmin() operator: AuthAdmin) {
      return this.rules.edit(body, operator);
    }

    @All('del')
    del(@Req() request: Request, @CurrentAdmin() operator: AuthAdmin) {
      return this.rules.del(request.method, request.query.ids, operator);
    }

    @Post('sortable')
    sortable(@Body() body: { id?: unknown; targetId?: unknown }, @CurrentAdmin() operator: AuthAdmin) {
      return this.rules.sortable(body, operator);
    }
  }
  return RuleTreeEndpoints;
}
