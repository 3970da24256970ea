import { All, Body, Controller, Get, HttpCode, HttpStatus, Post, Query, Req } from '@nestjs/common';
import { Request } from 'express';
import { CrudKit } from '../../../../shared/crud';
import { TransactionRunner } from '../../../../shared/database/transaction-runner';
import { AuthAdmin, CurrentAdmin } from '../../../../shared/http/auth.decorators';
import { RuleTreeService } from '../../identity/rule-tree.service';
import { UserGroupEntity } from '../persistence/user-group.entity';
import { UserRuleEntity } from '../persistence/user-rule.entity';
import { MemberRuleDto } from './dto/member-admin.dto';

/** Member rule types that show a page or a link (they keep `menu_type` and `component`). */
const MEMBER_PAGE_TYPES = new Set(['menu', 'route', 'nav', 'nav_user_menu']);

/**
 * `/admin/user.Rule`: member rules (route, menu_dir, menu, nav_user_menu, nav, button) as a tree, on the
 * same RuleTreeService as admin rules. Any admin holding these routes manages every member rule; only a
 * super admin renames one (member groups grant rules by id and the member guard reads their names).
 */
@Controller('admin/user.rule')
export class AdminMemberRuleController {
  private readonly rules: RuleTreeService<UserRuleEntity, MemberRuleDto>;

  constructor(kit: CrudKit, transactions: TransactionRunner) {
    this.rules = new RuleTreeService(kit, transactions, {
      rule: UserRuleEntity,
      group: UserGroupEntity,
      pageTypes: MEMBER_PAGE_TYPES,
      ownFields: (input) => ({ no_login_valid: input.no_login_valid ?? 0 }),
      held: async () => null,
    });
  }

  @Get('index')
  index(@Query() query: Record<string, unknown>, @CurrentAdmin() operator: AuthAdmin) {
    return this.rules.index(query, operator);
  }

  @Get('edit')
  row(@Query('id') id: unknown, @CurrentAdmin() operator: AuthAdmin) {
    return this.rules.row(id, operator);
  }

  @Post('add')
  @HttpCode(HttpStatus.OK)
  add(@Body() body: MemberRuleDto, @CurrentAdmin() operator: AuthAdmin) {
    return this.rules.add(body, operator);
  }

  @Post('edit')
  @HttpCode(HttpStatus.OK)
  edit(@Body() body: MemberRuleDto, @CurrentAdmin() operator: AuthAdmin) {
    return this.rules.edit(body, operator);
  }

  @All('del')
  del(@Req() request: Request, @CurrentAdmin() operator: AuthAdmin) {
    return this.rules.del(request.method, request.query.ids, operator);
  }

  @Post('sortable')
  @HttpCode(HttpStatus.OK)
  sortable(@Body() body: { id?: unknown; targetId?: unknown }, @CurrentAdmin() operator: AuthAdmin) {
    return this.rules.sortable(body, operator);
  }
}
