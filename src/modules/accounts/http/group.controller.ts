import { All, Body, Controller, Get, Post, Query, Req } from '@nestjs/common';
import { Request } from 'express';
import { EntityManager, In } from 'typeorm';
import { isTrue, parseId, parseIds } from '../../../shared/crud';
import { TransactionRunner } from '../../../shared/database/transaction-runner';
import { AppError, NoPermissionError } from '../../../shared/http/app-error';
import { AuthAdmin, CurrentAdmin } from '../../../shared/http/auth.decorators';
import { unixNow } from '../../../shared/http/envelope';
import { reply } from '../../../shared/http/reply';
import { AdminAccessService } from '../auth/admin-access.service';
import { buildForest, dominates, flattenTree } from '../domain/rule-tree';
import { GroupRules } from '../identity/group-rules';
import { AdminGroupAccessEntity, AdminGroupEntity } from '../persistence/admin-group.entity';
import { AdminRuleEntity } from '../persistence/admin-rule.entity';
import { GroupDto } from './dto/group-rule.dto';
import { seededText } from '../../../shared/http/seeded-text';

/** Admin groups: an operator manages only groups it dominates, never its own. */
@Controller('admin/auth.group')
export class GroupController {
  private readonly groupRules = new GroupRules(AdminRuleEntity, 'accounts.super_administrator');

  constructor(
    private readonly transactions: TransactionRunner,
    private readonly access: AdminAccessService,
  ) {}

  @Get('index')
  async index(@Query() query: Record<string, unknown>, @CurrentAdmin() operator: AuthAdmin) {
    const manager = this.transactions.manager;
    const { own, visible } = await this.scope(operator, manager);
    const keyword = typeof query.quickSearch === 'string' ? query.quickSearch.trim().toLowerCase() : '';
    const groups = visible.filter((g) => !keyword || g.name.toLowerCase().includes(keyword) || String(g.id) === keyword);
    const rules = await manager.find(AdminRuleEntity);
    // seeded names in the reader's language (the edit form shows the stored name)
    const rows = groups.map((g) => ({ ...g, name: seededText(g.name), weigh: 0, rules: this.groupRules.summary(g.rules, rules) }));
    const tree = buildForest(rows);
    if (isTrue(query.select)) {
      return { options: flattenTree(tree).map(({ node, depth }) => ({ id: node.id, pid: node.pid, name: `${depth ? `${'│ '.repeat(depth - 1)}└ ` : ''}${node.name}`, status: node.status })) };
    }
    return { list: tree, group: own, remark: '' };
  }

  @Get('edit')
  async row(@Query('id') id: unknown, @CurrentAdmin() operator: AuthAdmin) {
    const manager = this.transactions.manager;
    const group = await this.manageable(parseId(id), operator, manager, true);
    return { row: { ...group, rules: await this.groupRules.forForm(manager, group.rules) } };
  }

  @Post('add')
  async add(@Body() body: GroupDto, @CurrentAdmin() operator: AuthAdmin) {
    const id = await this.transactions.run(async (manager) => {
      await this.checkParent(body.pid, operator, manager);
      const now = unixNow();
      const { identifiers } = await manager.insert(AdminGroupEntity, {
        pid: body.pid,
        name: body.name,
        rules: await this.storedRules(body.rules, operator, manager),
        status: body.status ?? 1,
        createtime: now,
        updatetime: now,
      });
      return identifiers[0].id as number;
    });
    return reply((await this.row(id, operator)).row, 'crud.added');
  }

  @Post('edit')
  async edit(@Body() body: GroupDto, @CurrentAdmin() operator: AuthAdmin) {
    const id = parseId(body.id);
    await this.transactions.run(async (manager) => {
      await this.manageable(id, operator, manager);
      if (body.pid === id || (await this.descendantsOf([id], manager)).includes(body.pid)) throw new AppError('accounts.rule_parent_invalid');
      await this.checkParent(body.pid, operator, manager);
      await manager.update(AdminGroupEntity, { id }, { pid: body.pid, name: body.name, rules: await this.storedRules(body.rules, operator, manager), status: body.status ?? 1, updatetime: unixNow() });
    });
    return reply((await this.row(id, operator)).row, 'crud.updated');
  }

  @All('del')
  async del(@Req() request: Request, @CurrentAdmin() operator: AuthAdmin) {
    if (request.method !== 'DELETE') throw new AppError('crud.parameter_error');
    const ids = parseIds(request.query.ids);
    const count = await this.transactions.run(async (manager) => {
      for (const id of ids) await this.manageable(id, operator, manager, false, 'accounts.cannot_delete_own_group');
      const orphans = (await manager.find(AdminGroupEntity, { where: { pid: In(ids) } })).filter((child) => !ids.includes(child.id));
      if (orphans.length) throw new AppError('accounts.group_has_children', { name: orphans[0].name });
      await manager.delete(AdminGroupAccessEntity, { group_id: In(ids) });
      return (await manager.delete(AdminGroupEntity, { id: In(ids) })).affected ?? ids.length;
    });
    return reply({ count }, 'crud.deleted');
  }

  /** The operator's own groups, and every group it may see: its own plus the ones it dominates. */
  private async scope(operator: AuthAdmin, manager: EntityManager) {
    const own = await this.access.groupIdsOf(operator.id);
    const all = await manager.find(AdminGroupEntity, { order: { id: 'ASC' } });
    if (operator.isSuper) return { own, visible: all };
    const rights = await this.access.rightsOf(operator.id);
    const visible = all.filter((g) => own.includes(g.id) || dominates({ isSuper: false, ruleIds: rights.ruleIds }, g.rules));
    return { own, visible };
  }

  private async manageable(id: number, operator: AuthAdmin, manager: EntityManager, readOnly = false, ownError = 'accounts.cannot_edit_own_group'): Promise<AdminGroupEntity> {
    const group = await manager.findOne(AdminGroupEntity, { where: { id } });
    if (!group) throw new AppError('crud.record_not_found');
    const { own, visible } = await this.scope(operator, manager);
    if (own.includes(id)) {
      if (readOnly) return group;
      throw new AppError(ownError);
    }
    if (!visible.some((g) => g.id === id)) throw new NoPermissionError();
    return group;
  }

  /** A new or moved group hangs below the operator's own group or one it manages. */
  private async checkParent(pid: number, operator: AuthAdmin, manager: EntityManager): Promise<void> {
    if (pid === 0 && operator.isSuper) return;
    const { visible } = await this.scope(operator, manager);
    if (!visible.some((g) => g.id === pid)) throw new AppError('accounts.rule_parent_invalid');
  }

  /** Only rules the operator holds; all of them → `*` for a super admin, refused for anyone else. */
  private async storedRules(ruleIds: number[], operator: AuthAdmin, manager: EntityManager): Promise<string> {
    const held = operator.isSuper ? null : (await this.access.rightsOf(operator.id)).ruleIds;
    return this.groupRules.toStore(manager, ruleIds, held);
  }

  private async descendantsOf(ids: number[], manager: EntityManager): Promise<number[]> {
    const all = await manager.find(AdminGroupEntity, { select: { id: true, pid: true } });
    const found: number[] = [];
    let frontier = ids;
    while (frontier.length) {
      frontier = all.filter((g) => frontier.includes(g.pid) && !found.includes(g.id)).map((g) => g.id);
      found.push(...frontier);
    }
    return found;
  }
}
