import { All, Body, Controller, Get, Post, Query, Req } from '@nestjs/common';
import { Request } from 'express';
import { CrudKit } from '../../../shared/crud';
import { TransactionRunner } from '../../../shared/database/transaction-runner';
import { AuthAdmin, CurrentAdmin } from '../../../shared/http/auth.decorators';
import { AdminAccessService } from '../auth/admin-access.service';
import { RuleTreeService } from '../identity/rule-tree.service';
import { AdminRuleEntity } from '../persistence/admin-rule.entity';
import { AdminGroupEntity } from '../persistence/admin-group.entity';
import { RuleDto } from './dto/group-rule.dto';

/**
 * `/admin/auth.Rule`: the admin rule tree (menu folders, pages, buttons). An operator who is not a super
 * admin sees and touches only the rules its groups hold (RuleTreeService says the rest).
 */
@Controller('admin/auth.rule')
export class RuleController {
  private readonly rules: RuleTreeService<AdminRuleEntity, RuleDto>;

  constructor(kit: CrudKit, transactions: TransactionRunner, access: AdminAccessService) {
    this.rules = new RuleTreeService(kit, transactions, {
      rule: AdminRuleEntity,
      group: AdminGroupEntity,
      pageTypes: new Set(['menu']),
      ownFields: (input) => ({ keepalive: input.keepalive ?? 0 }),
      held: async (operator) => {
        if (operator.isSuper) return null;
        const { rules, ruleIds } = await access.rightsOf(operator.id);
        return { rules, ids: ruleIds };
      },
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
  add(@Body() body: RuleDto, @CurrentAdmin() operator: AuthAdmin) {
    return this.rules.add(body, operator);
  }

  @Post('edit')
  edit(@Body() body: RuleDto, @CurrentAdmin() operator: AuthAdmin) {
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
