import { All, Body, Controller, Get, HttpCode, HttpStatus, Post, Query, Req } from '@nestjs/common';
import { Request } from 'express';
import { In } from 'typeorm';
import { CrudKit, CrudService, isTrue, parseId, parseIds } from '../../../../shared/crud';
import { TransactionRunner } from '../../../../shared/database/transaction-runner';
import { AppError } from '../../../../shared/http/app-error';
import { unixNow } from '../../../../shared/http/envelope';
import { reply } from '../../../../shared/http/reply';
import { GroupRules } from '../../identity/group-rules';
import { UserGroupEntity } from '../persistence/user-group.entity';
import { UserRuleEntity } from '../persistence/user-rule.entity';
import { UserEntity } from '../persistence/user.entity';
import { MemberGroupDto } from './dto/member-admin.dto';
import { seededText } from '../../../../shared/http/seeded-text';

/** /admin/user.Group: member groups and the member rules each holds (`*` = all). */
@Controller('admin/user.group')
export class AdminMemberGroupController {
  private readonly crud: CrudService<UserGroupEntity>;
  private readonly groupRules = new GroupRules(UserRuleEntity, 'member.all_rules');

  constructor(
    kit: CrudKit,
    private readonly transactions: TransactionRunner,
  ) {
    this.crud = new CrudService(kit, {
      entity: UserGroupEntity,
      alias: 'grp',
      writable: [],
      quickSearchFields: ['id', 'name'],
      searchFields: ['id', 'name', 'status', 'createtime', 'updatetime'],
    });
  }

  @Get('index')
  async index(@Query() query: Record<string, unknown>) {
    const listed = await this.crud.list(query, { controllerPath: 'user/group' });
    // seeded names in the reader's language (the edit form shows the stored name)
    const result = { ...listed, list: listed.list.map((row): Record<string, unknown> => ({ ...row, name: seededText(String(row.name ?? '')) })) };
    if (isTrue(query.select)) return result;
    const rules = await this.transactions.manager.find(UserRuleEntity);
    return { ...result, list: result.list.map((row) => ({ ...row, rules: this.groupRules.summary(row.rules as string | null, rules) })) };
  }

  /** The form gets the rules without their parents (the tree recomputes half-checked parents). */
  @Get('edit')
  async row(@Query('id') id: unknown) {
    const manager = this.transactions.manager;
    const group = await manager.findOne(UserGroupEntity, { where: { id: parseId(id) } });
    if (!group) throw new AppError('crud.record_not_found');
    return { row: { ...group, rules: await this.groupRules.forForm(manager, group.rules) } };
  }

  @Post('add')
  @HttpCode(HttpStatus.OK)
  async add(@Body() body: MemberGroupDto) {
    const id = await this.transactions.run(async (manager) => {
      const now = unixNow();
      const { identifiers } = await manager.insert(UserGroupEntity, { name: body.name, rules: await this.groupRules.toStore(manager, body.rules, null), status: body.status ?? 1, createtime: now, updatetime: now });
      return identifiers[0].id as number;
    });
    return reply((await this.row(id)).row, 'crud.added');
  }

  @Post('edit')
  @HttpCode(HttpStatus.OK)
  async edit(@Body() body: MemberGroupDto) {
    const id = parseId(body.id);
    await this.transactions.run(async (manager) => {
      if (!(await manager.count(UserGroupEntity, { where: { id } }))) throw new AppError('crud.record_not_found');
      await manager.update(UserGroupEntity, { id }, { name: body.name, rules: await this.groupRules.toStore(manager, body.rules, null), status: body.status ?? 1, updatetime: unixNow() });
    });
    return reply((await this.row(id)).row, 'crud.updated');
  }

  /** A group that members still belong to cannot be deleted. */
  @All('del')
  async del(@Req() request: Request) {
    if (request.method !== 'DELETE') throw new AppError('crud.parameter_error');
    const ids = parseIds(request.query.ids);
    const count = await this.transactions.run(async (manager) => {
      const used = await manager.findOne(UserEntity, { where: { group_id: In(ids) }, select: { id: true, group_id: true } });
      if (used) {
        const group = await manager.findOne(UserGroupEntity, { where: { id: used.group_id } });
        throw new AppError('member.group_in_use', { name: group?.name ?? String(used.group_id) });
      }
      const affected = (await manager.delete(UserGroupEntity, { id: In(ids) })).affected ?? 0;
      if (!affected) throw new AppError('crud.no_rows_deleted');
      return affected;
    });
    return reply({ count }, 'crud.deleted');
  }
}
