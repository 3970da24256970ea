/**
 * Group page: the CRUD store plus the rule tree shown in the form (`GET /admin/auth.Rule/index` → data.list).
 */
import { groupBody, RuleTreeStore } from '@/features/identity/groupRules';
import { STATUS_OPTIONS } from '@/components/crud/options';
import { CrudTableStore, type CrudRoot } from '@/components/crud/store';
import type { CrudColumn, CrudField } from '@/components/crud/types';
import { parseRuleIds } from '@/features/identity/ruleTree';

export { RuleTreeStore } from '@/features/identity/groupRules';

export const GROUP_API = '/admin/auth.Group';
export const RULE_INDEX_URL = '/admin/auth.Rule/index';

export const groupColumns: CrudColumn[] = [
  { prop: 'name', label: 'auth.group.name', minWidth: 200 },
  { prop: 'rules', label: 'auth.group.rules', minWidth: 220, operator: false },
  { prop: 'status', label: 'auth.group.status', render: 'tag', options: STATUS_OPTIONS, width: 110 },
  { prop: 'updatetime', label: 'auth.group.updatetime', render: 'datetime', width: 180, hidden: true },
  { prop: 'createtime', label: 'auth.group.createtime', render: 'datetime', width: 180 },
];

export class GroupPageStore {
  readonly table: CrudTableStore;
  readonly rules = new RuleTreeStore(RULE_INDEX_URL);

  constructor(root: CrudRoot, fields: (page: GroupPageStore) => CrudField[], columns: (page: GroupPageStore) => CrudColumn[] = () => groupColumns) {
    this.table = new CrudTableStore(root, {
      api: GROUP_API,
      tree: true,
      columns: columns(this),
      fields: fields(this),
      quickSearchFields: ['auth.group.name'],
      afterRead: (row) => ({ ...row, rules: parseRuleIds(row.rules) }),
      beforeSubmit: (data) => this.toBody(data),
    });
  }

  /** The signed-in admin's own groups (`group` of the index answer): not editable nor deletable by them. */
  get ownGroupIds(): string[] {
    const own = this.table.answer?.group;
    return Array.isArray(own) ? own.map(String) : [];
  }

  isOwnGroup(row: Record<string, any>): boolean {
    return this.ownGroupIds.includes(String(row.id));
  }

  /** rules as the checked ids plus their half-checked parents. */
  toBody(data: Record<string, any>): Record<string, any> {
    return groupBody(this.rules, data);
  }
}
