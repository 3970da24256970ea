/**
 * Member groups (/admin/user/group): name, rules summary, status; add / edit with the member rule tree
 * (checked rules plus half-checked parents are posted; all rules are stored as `*`).
 */
import { useEffect, useState } from 'react';
import { CrudPage, CrudTableStore, STATUS_OPTIONS, type CrudColumn, type CrudField } from '@/components/crud';
import { groupBody, RuleTreeStore } from '@/features/identity/groupRules';
import RuleTree from '@/features/identity/RuleTree';
import { parseRuleIds } from '@/features/identity/ruleTree';
import { useStore } from '@/stores/context';
import { loadLang } from '@/lang';

export const MEMBER_GROUP_API = '/admin/user.Group';
export const MEMBER_RULE_INDEX_URL = '/admin/user.Rule/index';

export const memberGroupColumns: CrudColumn[] = [
  { prop: 'id', label: 'user.group.id', width: 70, operator: '=' },
  { prop: 'name', label: 'user.group.name', minWidth: 180 },
  { prop: 'rules', label: 'user.group.rules', minWidth: 220, operator: false },
  { prop: 'status', label: 'user.group.status', render: 'tag', options: STATUS_OPTIONS, width: 100 },
  { prop: 'updatetime', label: 'user.group.updatetime', render: 'datetime', width: 180, hidden: true },
  { prop: 'createtime', label: 'user.group.createtime', render: 'datetime', width: 180 },
];

export default function MemberGroupPage() {
  const root = useStore();
  const [rules] = useState(() => new RuleTreeStore(MEMBER_RULE_INDEX_URL));
  // the rule tree's own texts (check all, …) live in the admin group page's language file
  useEffect(() => {
    void loadLang(['auth/group']);
  }, []);
  const fields: CrudField[] = [
    { prop: 'name', label: 'user.group.name', type: 'input', rules: ['required'] },
    {
      prop: 'rules',
      label: 'user.group.permissions',
      type: 'custom',
      rules: ['required'],
      defaultValue: [],
      render: ({ value, onChange }) => <RuleTree rules={rules} value={value} onChange={onChange} />,
    },
    { prop: 'status', label: 'user.group.status', type: 'switch', defaultValue: 1 },
  ];
  const [store] = useState(
    () =>
      new CrudTableStore(root, {
        api: MEMBER_GROUP_API,
        columns: memberGroupColumns,
        fields,
        quickSearchFields: ['user.group.id', 'user.group.name'],
        afterRead: (row) => ({ ...row, rules: parseRuleIds(row.rules) }),
        beforeSubmit: (data) => groupBody(rules, data),
      }),
  );
  return <CrudPage store={store} entity="user.group.group" formWidth={640} />;
}
