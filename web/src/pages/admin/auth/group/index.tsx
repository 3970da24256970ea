/**
 * Admin groups (/admin/auth/group): tree of groups with their rules summary; add / edit with the parent
 * group and the rule tree (checked rules plus half-checked parents are posted). The signed-in admin's own
 * groups are marked and offer no edit or delete (the server refuses both).
 */
import { useState } from 'react';
import { Tag } from '@arco-design/web-react';
import { CrudPage, type CrudColumn, type CrudField } from '@/components/crud';
import { useT } from '@/lang';
import { useStore } from '@/stores/context';
import RuleTree from '@/features/identity/RuleTree';
import { GROUP_API, GroupPageStore, groupColumns } from './store';

function OwnGroupName({ name }: { name: string }) {
  const t = useT();
  return (
    <span className="group-name">
      {name}
      <Tag size="small" color="gray" className="group-own-tag" style={{ marginLeft: 8 }}>
        {t('auth.group.ownGroup')}
      </Tag>
    </span>
  );
}

function columns(page: GroupPageStore): CrudColumn[] {
  return groupColumns.map((c) =>
    c.prop === 'name' ? { ...c, cell: (value: unknown, row: Record<string, any>) => (page.isOwnGroup(row) ? <OwnGroupName name={String(value ?? '')} /> : String(value ?? '-')) } : c,
  );
}

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
  const [page] = useState(() => new GroupPageStore(root, groupFields, columns));
  const notOwn = (row: Record<string, any>) => !page.isOwnGroup(row);
  return (
    <CrudPage
      store={page.table}
      entity="auth.group.group"
      toolbar={['refresh', 'add', 'delete', 'expand', 'quickSearch', 'columns']}
      rowButtonVisible={{ edit: notOwn, delete: notOwn }}
      formWidth={640}
    />
  );
}
