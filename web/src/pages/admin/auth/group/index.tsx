/**
 * Admin groups (/admin/auth/group): tree of groups with their rules summary; add / edit with the parent
 * group and the rule tree (checked rules plus half-checked parents are posted).
 */
import { useState } from 'react';
import { CrudPage, type CrudField } from '@/components/crud';
import { useStore } from '@/stores/context';
import RuleTree from './RuleTree';
import { GROUP_API, GroupPageStore } from './store';

function groupFields(page: GroupPageStore): CrudField[] {
  return [
    {
      prop: 'pid',
      label: 'auth.group.parent',
      type: 'treeSelect',
      remote: { url: `${GROUP_API}/index`, labelField: 'name' },
      rootValue: 0,
      defaultValue: 0,
      toForm: (v) => (v === null || v === undefined || v === '' ? 0 : v),
    },
    { prop: 'name', label: 'auth.group.name', type: 'input', rules: ['required'] },
    {
      prop: 'rules',
      label: 'auth.group.permissions',
      type: 'custom',
      rules: ['required'],
      defaultValue: [],
      render: ({ value, onChange }) => <RuleTree rules={page.rules} value={value} onChange={onChange} />,
    },
    { prop: 'status', label: 'auth.group.status', type: 'switch', defaultValue: 1 },
  ];
}

export default function GroupPage() {
  const root = useStore();
  const [page] = useState(() => new GroupPageStore(root, groupFields));
  return <CrudPage store={page.table} entity="auth.group.group" toolbar={['refresh', 'add', 'delete', 'expand', 'quickSearch', 'columns']} formWidth={640} />;
}
