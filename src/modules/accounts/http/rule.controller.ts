import { All, Body, Controller, Get, Post, Query, Req } from '@nestjs/common';
import { Request } from 'express';
import { EntityManager, In, Not } from 'typeorm';
import { CrudKit, CrudService, isTrue, parseId, parseIds } from '../../../shared/crud';
import { TransactionRunner } from '../../../shared/database/transaction-runner';
import { AppError, NoPermissionError } from '../../../shared/http/app-error';
import { AuthAdmin, CurrentAdmin } from '../../../shared/http/auth.decorators';
import { unixNow } from '../../../shared/http/envelope';
import { reply } from '../../../shared/http/reply';
import { AdminAccessService } from '../auth/admin-access.service';
import { ruleTitle } from '../auth/admin-menu.service';
import { buildForest, flattenTree, isDescendant } from '../domain/rule-tree';
import { AdminRuleEntity } from '../persistence/admin-rule.entity';
import { RuleDto } from './dto/group-rule.dto';

/** Menu rules: the operator sees the rules it holds; a rule is never orphaned or hung below itself. */
@Controller('admin/auth.rule')
export class RuleController {
  private readonly crud: CrudService<AdminRuleEntity>;

  constructor(
    kit: CrudKit,
    private readonly transactions: TransactionRunner,
    private readonly access: AdminAccessService,
  ) {
    this.crud = new CrudService(kit, { entity: AdminRuleEntity, alias: 'rule', writable: [] });
  }

  @Get('index')
  async index(@Query() query: Record<string, unknown>, @CurrentAdmin() operator: AuthAdmin) {
    const rights = await this.access.rightsOf(operator.id);
    const held = operator.isSuper ? await this.transactions.manager.find(AdminRuleEntity) : rights.rules;
    const keyword = typeof query.quickSearch === 'string' ? query.quickSearch.trim().toLowerCase() : '';
    const rows = held
      .filter((r) => !keyword || [r.title, r.title_en, r.name].some((text) => text.toLowerCase().includes(keyword)))
      .map((r) => ({ ...r, title: ruleTitle(r) }));
    if (isTrue(query.select)) {
      const menus = buildForest(rows.filter((r) => r.type !== 'button' && r.status === 1));
      return { options: flattenTree(menus).map(({ node, depth }) => ({ id: node.id, pid: node.pid, title: `${depth ? `${'│ '.repeat(depth - 1)}└ ` : ''}${node.title}` })) };
    }
    return { list: buildForest(rows), remark: '' };
  }

  @Get('edit')
  async row(@Query('id') id: unknown) {
    return this.crud.get(id);
  }

  @Post('add')
  async add(@Body() body: RuleDto) {
    const id = await this.transactions.run(async (manager) => {
      const data = await this.checked(body, manager);
      const now = unixNow();
      const { identifiers } = await manager.insert(AdminRuleEntity, { ...data, createtime: now, updatetime: now });
      const newId = identifiers[0].id as number;
      if (!data.weigh) await manager.update(AdminRuleEntity, { id: newId }, { weigh: newId });
      return newId;
    });
    return reply((await this.crud.get(id)).row, 'crud.added');
  }

  @Post('edit')
  async edit(@Body() body: RuleDto) {
    const id = parseId(body.id);
    await this.transactions.run(async (manager) => {
      if (!(await manager.count(AdminRuleEntity, { where: { id } }))) throw new AppError('crud.record_not_found');
      const data = await this.checked(body, manager, id);
      await manager.update(AdminRuleEntity, { id }, { ...data, updatetime: unixNow() });
    });
    return reply((await this.crud.get(id)).row, 'crud.updated');
  }

  @All('del')
  async del(@Req() request: Request) {
    if (request.method !== 'DELETE') throw new AppError('crud.parameter_error');
    const ids = parseIds(request.query.ids);
    const count = await this.transactions.run(async (manager) => {
      const orphan = await manager.findOne(AdminRuleEntity, { where: { pid: In(ids), id: Not(In(ids)) } });
      if (orphan) throw new AppError('accounts.rule_has_children', { name: ruleTitle(orphan) });
      const affected = (await manager.delete(AdminRuleEntity, { id: In(ids) })).affected ?? 0;
      if (!affected) throw new AppError('crud.no_rows_deleted');
      return affected;
    });
    return reply({ count }, 'crud.deleted');
  }

  @Post('sortable')
  async sortable(@Body() body: { id?: unknown; targetId?: unknown }, @CurrentAdmin() operator: AuthAdmin) {
    if (!operator.isSuper) {
      const rights = await this.access.rightsOf(operator.id);
      if (![body?.id, body?.targetId].every((id) => rights.ruleIds.has(Number(id)))) throw new NoPermissionError();
    }
    await this.crud.sortable(body?.id, body?.targetId);
    return null;
  }

  /** The writable fields of a rule, after the checks of its name and parent. */
  private async checked(body: RuleDto, manager: EntityManager, id?: number): Promise<Partial<AdminRuleEntity>> {
    const pid = body.pid ?? 0;
    if (id !== undefined && (await manager.count(AdminRuleEntity, { where: { name: body.name, id: Not(id) } }))) throw new AppError('accounts.rule_name_taken');
    if (id === undefined && (await manager.count(AdminRuleEntity, { where: { name: body.name } }))) throw new AppError('accounts.rule_name_taken');
    if (pid) {
      const parent = await manager.findOne(AdminRuleEntity, { where: { id: pid } });
      const tree = () => manager.find(AdminRuleEntity, { select: { id: true, pid: true } });
      if (!parent || parent.type === 'button' || (id !== undefined && (pid === id || isDescendant(await tree(), pid, id)))) {
        throw new AppError('accounts.rule_parent_invalid');
      }
    }
    const isMenu = body.type === 'menu';
    return {
      pid,
      type: body.type,
      title: body.title,
      title_en: body.title_en ?? '',
      name: body.name,
      path: body.type === 'button' ? '' : (body.path || body.name),
      icon: body.icon ?? '',
      menu_type: isMenu ? body.menu_type || 'tab' : null,
      url: body.url ?? '',
      component: isMenu ? (body.component ?? '') : '',
      keepalive: body.keepalive ?? 0,
      extend: body.extend ?? 'none',
      remark: body.remark ?? '',
      weigh: body.weigh ?? 0,
      status: body.status ?? 1,
    };
  }
}
