import { Controller } from '@nestjs/common';
import { In } from 'typeorm';
import { CrudKit, CrudService, isTrue } from '../../../../shared/crud';
import { TransactionRunner } from '../../../../shared/database/transaction-runner';
import { AppError } from '../../../../shared/http/app-error';
import { seededText } from '../../../../shared/http/seeded-text';
import { GroupController } from '../../identity/group.controller';
import { GroupService } from '../../identity/group.service';
import { UserGroupEntity } from '../persistence/user-group.entity';
import { UserRuleEntity } from '../persistence/user-rule.entity';
import { UserEntity } from '../persistence/user.entity';
import { MemberGroupDto } from './dto/member-admin.dto';
import { MEMBER_GROUP_LIST } from '../../crud/accounts.cruds';

/** `/admin/user.Group`: member groups (a paged list) and the member rules each holds (`*` = all). */
@Controller('admin/user.group')
export class AdminMemberGroupController extends GroupController(MemberGroupDto) {
  constructor(kit: CrudKit, transactions: TransactionRunner) {
    const list = new CrudService(kit, MEMBER_GROUP_LIST);
    super(
      new GroupService<UserGroupEntity>(transactions, {
        group: UserGroupEntity,
        rule: UserRuleEntity,
        allRulesKey: 'member.all_rules',
        tree: false,
        scope: async () => null,
        held: async () => null,
        index: async (query, _operator, { summary, manager }) => {
          const listed = await list.list(query, { controllerPath: 'user/group' });
          // seeded names in the reader's language (the edit form shows the stored name)
          const result = { ...listed, list: listed.list.map((row): Record<string, unknown> => ({ ...row, name: seededText(String(row.name ?? '')) })) };
          if (isTrue(query.select)) return result;
          const rules = await manager.find(UserRuleEntity);
          return { ...result, list: result.list.map((row) => ({ ...row, rules: summary(row.rules as string | null, rules) })) };
        },
        /** A group that members still belong to cannot be deleted. */
        beforeDelete: async (manager, ids) => {
          const used = await manager.findOne(UserEntity, { where: { group_id: In(ids) }, select: { id: true, group_id: true } });
          if (!used) return;
          const group = await manager.findOne(UserGroupEntity, { where: { id: used.group_id } });
          throw new AppError('member.group_in_use', { name: group?.name ?? String(used.group_id) });
        },
      }),
    );
  }
}
