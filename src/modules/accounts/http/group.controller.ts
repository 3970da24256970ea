import { withFrameworkAliases } from '../../../shared/http/framework-aliases';
import { Controller } from '@nestjs/common';
import { In } from 'typeorm';
import { isTrue, quickSearchKeyword } from '../../../shared/crud';
import { TransactionRunner } from '../../../shared/database/transaction-runner';
import { AppError } from '../../../shared/http/app-error';
import { seededText } from '../../../shared/http/seeded-text';
import { AdminAccessService } from '../auth/admin-access.service';
import { buildForest, dominates, flattenTree } from '../domain/rule-tree';
import { GroupController as GroupEndpoints } from '../identity/group.controller';
import { GroupService } from '../identity/group.service';
import { AdminGroupAccessEntity, AdminGroupEntity } from '../persistence/admin-group.entity';
import { AdminRuleEntity } from '../persistence/admin-rule.entity';
import { GroupDto } from './dto/group-rule.dto';

/** `/admin/auth.Group`: admin groups as a tree; an operator manages only groups it dominates, never its own. */
@Controller('admin/auth.group')
export class GroupController extends GroupEndpoints(GroupDto) {
  constructor(transactions: TransactionRunner, access: AdminAccessService) {
    super(
      new GroupService<AdminGroupEntity>(transactions, {
        group: AdminGroupEntity,
        rule: AdminRuleEntity,
        allRulesKey: 'accounts.super_administrator',
        tree: true,
        scope: async (operator, manager) => {
          const own = await access.groupIdsOf(operator.id);
          const all = await manager.find(AdminGroupEntity, { order: { id: 'ASC' } });
          if (operator.isSuper) return { own, visible: all };
          const rights = await access.rightsOf(operator.id);
          return { own, visible: all.filter((g) => own.includes(g.id) || dominates({ isSuper: false, ruleIds: rights.ruleIds }, g.rules)) };
        },
        held: async (operator) => (operator.isSuper ? null : (await access.rightsOf(operator.id)).ruleIds),
        index: async (query, _operator, { scope, summary, manager }) => {
          const keyword = quickSearchKeyword(query).toLowerCase();
          const groups = scope!.visible.filter((g) => !keyword || g.name.toLowerCase().includes(keyword) || String(g.id) === keyword);
          const rules = await manager.find(AdminRuleEntity);
          // seeded names in the reader's language (the edit form shows the stored name)
          const tree = buildForest(groups.map((g) => withFrameworkAliases({ ...g, name: seededText(g.name), weigh: 0, rules: summary(g.rules, rules) })));
          if (isTrue(query.select)) {
            return { options: flattenTree(tree).map(({ node, depth }) => ({ id: node.id, pid: node.pid, name: `${depth ? `${'│ '.repeat(depth - 1)}└ ` : ''}${node.name}`, status: node.status })) };
          }
          return { list: tree, group: scope!.own, remark: '' };
        },
        beforeDelete: async (manager, ids) => {
          const orphans = (await manager.find(AdminGroupEntity, { where: { pid: In(ids) } })).filter((child) => !ids.includes(child.id));
          if (orphans.length) throw new AppError('accounts.group_has_children', { name: orphans[0].name });
          await manager.delete(AdminGroupAccessEntity, { group_id: In(ids) });
        },
      }),
    );
  }
}
