import { All, Body, Controller, Get, HttpCode, HttpStatus, Post, Query, Req } from '@nestjs/common';
import { Request } from 'express';
import { EntityManager, In, Not } from 'typeorm';
import { CrudKit, CrudService, isTrue, parseId, parseIds } from '../../../../shared/crud';
import { TransactionRunner } from '../../../../shared/database/transaction-runner';
import { AppError } from '../../../../shared/http/app-error';
import { AuthAdmin, CurrentAdmin } from '../../../../shared/http/auth.decorators';
import { unixNow } from '../../../../shared/http/envelope';
import { reply } from '../../../../shared/http/reply';
import { checkRename, dropDeletedRuleIds, ruleNameTaken } from '../../auth/rule-edits';
import { buildForest, flattenTree, isDescendant } from '../../domain/rule-tree';
import { UserGroupEntity } from '../persistence/user-group.entity';
import { UserRuleEntity } from '../persistence/user-rule.entity';
import { memberRuleTitle } from '../services/member-access.service';
import { MemberRuleDto } from './dto/member-admin.dto';

/**
 * /admin/user.Rule: member rules (route, menu_dir, menu, nav_user_menu, nav, button) as a tree. Member
 * groups grant rules by id and the member guard reads their names, so only a super admin renames one.
 */
@Controller('admin/user.rule')
export class AdminMemberRuleController {
  private readonly crud: CrudService<UserRuleEntity>;

  constructor(
    kit: CrudKit,
    private readonly transactions: TransactionRunner,
  ) {
    this.crud = new CrudService(kit, { entity: UserRuleEntity, alias: 'rule', writable: [] });
  }

  @Get('index')
  async index(@Query() query: Record<string, unknown>) {
    const all = await this.transactions.manager.find(UserRuleEntity);
    const keyword = typeof query.quickSearch === 'string' ? query.quickSearch.trim().toLowerCase() : '';
    const rows = all
      .filter((r) => !keyword || [r.title, r.title_en, r.name].some((text) => text.toLowerCase().includes(keyword)))
      .map((r) => ({ ...r, title: memberRuleTitle(r) }));
    if (isTrue(query.select)) {
      const parents = buildForest(rows.filter((r) => r.type !== 'button' && r.status === 1));
      return { options: flattenTree(parents).map(({ node, depth }) => ({ id: node.id, pid: node.pid, title: `${depth ? `${'│ '.repeat(depth - 1)}└ ` : ''}${node.title}` })) };
    }
    return { list: buildForest(rows), remark: '' };
  }

  @Get('edit')
  row(@Query('id') id: unknown) {
    return this.crud.get(id);
  }

  @Post('add')
  @HttpCode(HttpStatus.OK)
  async add(@Body() body: MemberRuleDto) {
    const id = await this.transactions.run(async (manager) => {
      const data = await this.checked(body, manager);
      const now = unixNow();
      const { identifiers } = await manager.insert(UserRuleEntity, { ...data, createtime: now, updatetime: now });
      const newId = identifiers[0].id as number;
      if (!data.weigh) await manager.update(UserRuleEntity, { id: newId }, { weigh: newId });
      return newId;
    });
    return reply((await this.crud.get(id)).row, 'crud.added');
  }

  @Post('edit')
  @HttpCode(HttpStatus.OK)
  async edit(@Body() body: MemberRuleDto, @CurrentAdmin() operator: AuthAdmin) {
    const id = parseId(body.id);
    await this.transactions.run(async (manager) => {
      const current = await manager.findOne(UserRuleEntity, { where: { id } });
      if (!current) throw new AppError('crud.record_not_found');
      checkRename(operator, current.name, body.name);
      await manager.update(UserRuleEntity, { id }, { ...(await this.checked(body, manager, id)), updatetime: unixNow() });
    });
    return reply((await this.crud.get(id)).row, 'crud.updated');
  }

  @All('del')
  async del(@Req() request: Request) {
    if (request.method !== 'DELETE') throw new AppError('crud.parameter_error');
    const ids = parseIds(request.query.ids);
    const count = await this.transactions.run(async (manager) => {
      const orphan = await manager.findOne(UserRuleEntity, { where: { pid: In(ids), id: Not(In(ids)) } });
      if (orphan) throw new AppError('accounts.rule_has_children', { name: memberRuleTitle(orphan) });
      const affected = (await manager.delete(UserRuleEntity, { id: In(ids) })).affected ?? 0;
      if (!affected) throw new AppError('crud.no_rows_deleted');
      await dropDeletedRuleIds(manager, UserGroupEntity, ids);
      return affected;
    });
    return reply({ count }, 'crud.deleted');
  }

  @Post('sortable')
  @HttpCode(HttpStatus.OK)
  async sortable(@Body() body: { id?: unknown; targetId?: unknown }) {
    await this.crud.sortable(body?.id, body?.targetId);
    return null;
  }

  private async checked(body: MemberRuleDto, manager: EntityManager, id?: number): Promise<Partial<UserRuleEntity>> {
    const pid = body.pid ?? 0;
    if (await ruleNameTaken(manager, UserRuleEntity, body.name, id)) throw new AppError('accounts.rule_name_taken');
    if (pid) {
      const parent = await manager.findOne(UserRuleEntity, { where: { id: pid } });
      const tree = () => manager.find(UserRuleEntity, { select: { id: true, pid: true } });
      if (!parent || parent.type === 'button' || (id !== undefined && (pid === id || isDescendant(await tree(), pid, id)))) {
        throw new AppError('accounts.rule_parent_invalid');
      }
    }
    const isMenu = body.type === 'menu' || body.type === 'route' || body.type === 'nav' || body.type === 'nav_user_menu';
    return {
      pid,
      type: body.type,
      title: body.title,
      title_en: body.title_en ?? '',
      name: body.name,
      path: body.type === 'button' ? '' : body.path || body.name,
      icon: body.icon ?? '',
      menu_type: isMenu ? body.menu_type || 'tab' : null,
      url: body.url ?? '',
      component: isMenu ? (body.component ?? '') : '',
      no_login_valid: body.no_login_valid ?? 0,
      extend: body.extend ?? 'none',
      remark: body.remark ?? '',
      weigh: body.weigh ?? 0,
      status: body.status ?? 1,
    };
  }
}
