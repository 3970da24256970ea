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
import { checkRename, dropDeletedRuleIds, ruleNameTaken } from '../auth/rule-edits';
import { buildForest, flattenTree, isDescendant } from '../domain/rule-tree';
import { AdminGroupEntity } from '../persistence/admin-group.entity';
import { AdminRuleEntity } from '../persistence/admin-rule.entity';
import { RuleDto } from './dto/group-rule.dto';

/**
 * Menu rules. An operator who is not a super admin sees and touches only the rules it holds (the rest are
 * the super admin's: answered 401 as if they did not exist to it), never renames one, and hangs new or
 * moved rules only below rules it holds. A rule is never orphaned or hung below itself.
 */
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
  async row(@Query('id') id: unknown, @CurrentAdmin() operator: AuthAdmin) {
    await this.checkHeld(operator, [parseId(id)]);
    return this.crud.get(id);
  }

  @Post('add')
  async add(@Body() body: RuleDto, @CurrentAdmin() operator: AuthAdmin) {
    const id = await this.transactions.run(async (manager) => {
      const data = await this.checked(body, manager, operator);
      const now = unixNow();
      const { identifiers } = await manager.insert(AdminRuleEntity, { ...data, createtime: now, updatetime: now });
      const newId = identifiers[0].id as number;
      if (!data.weigh) await manager.update(AdminRuleEntity, { id: newId }, { weigh: newId });
      return newId;
    });
    return reply((await this.crud.get(id)).row, 'crud.added');
  }

  @Post('edit')
  async edit(@Body() body: RuleDto, @CurrentAdmin() operator: AuthAdmin) {
    const id = parseId(body.id);
    await this.checkHeld(operator, [id]);
    await this.transactions.run(async (manager) => {
      const current = await manager.findOne(AdminRuleEntity, { where: { id } });
      if (!current) throw new AppError('crud.record_not_found');
      checkRename(operator, current.name, body.name);
      const data = await this.checked(body, manager, operator, current);
      await manager.update(AdminRuleEntity, { id }, { ...data, updatetime: unixNow() });
    });
    return reply((await this.crud.get(id)).row, 'crud.updated');
  }

  @All('del')
  async del(@Req() request: Request, @CurrentAdmin() operator: AuthAdmin) {
    if (request.method !== 'DELETE') throw new AppError('crud.parameter_error');
    const ids = parseIds(request.query.ids);
    await this.checkHeld(operator, ids);
    const count = await this.transactions.run(async (manager) => {
      const orphan = await manager.findOne(AdminRuleEntity, { where: { pid: In(ids), id: Not(In(ids)) } });
      if (orphan) throw new AppError('accounts.rule_has_children', { name: ruleTitle(orphan) });
      const affected = (await manager.delete(AdminRuleEntity, { id: In(ids) })).affected ?? 0;
      if (!affected) throw new AppError('crud.no_rows_deleted');
      await dropDeletedRuleIds(manager, AdminGroupEntity, ids);
      return affected;
    });
    return reply({ count }, 'crud.deleted');
  }

  @Post('sortable')
  async sortable(@Body() body: { id?: unknown; targetId?: unknown }, @CurrentAdmin() operator: AuthAdmin) {
    await this.checkHeld(operator, [Number(body?.id), Number(body?.targetId)]);
    await this.crud.sortable(body?.id, body?.targetId);
    return null;
  }

  /** A super admin touches every rule; anyone else only the (enabled) rules its groups hold. */
  private async checkHeld(operator: AuthAdmin, ids: number[]): Promise<void> {
    if (operator.isSuper) return;
    const { ruleIds } = await this.access.rightsOf(operator.id);
    if (!ids.every((id) => ruleIds.has(id))) throw new NoPermissionError();
  }

  /** The writable fields of a rule, after the checks of its name and parent. */
  private async checked(body: RuleDto, manager: EntityManager, operator: AuthAdmin, current?: AdminRuleEntity): Promise<Partial<AdminRuleEntity>> {
    const pid = body.pid ?? 0;
    const id = current?.id;
    if (await ruleNameTaken(manager, AdminRuleEntity, body.name, id)) throw new AppError('accounts.rule_name_taken');
    if (pid && pid !== current?.pid) {
      const parent = await manager.findOne(AdminRuleEntity, { where: { id: pid } });
      const tree = () => manager.find(AdminRuleEntity, { select: { id: true, pid: true } });
      const held = async () => operator.isSuper || (await this.access.rightsOf(operator.id)).ruleIds.has(pid);
      if (!parent || parent.type === 'button' || !(await held()) || (id !== undefined && (pid === id || isDescendant(await tree(), pid, id)))) {
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
