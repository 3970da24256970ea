/** The sign-in provider log (/admin/user/oauthLog): every callback, bind and unbind, its outcome and address. */
import { useState } from 'react';
import { CrudTable, CrudTableStore, type CrudColumn } from '@/components/crud';
import { tagOptions } from '@/components/crud/options';
import { useStore } from '@/stores/context';

export const OAUTH_LOG_API = '/admin/user.OauthLog';
const l = (key: string) => `user.oauthLog.${key}`;
const RESULT_OPTIONS = tagOptions('user.oauthLog.results', [
  [0, 'red'],
  [1, 'green'],
]);

export const oauthLogColumns: CrudColumn[] = [
  { prop: 'id', label: l('id'), width: 70, operator: '=', sortable: true },
  { prop: 'provider.name', label: l('provider'), minWidth: 130, operator: false },
  { prop: 'user.username', label: l('member'), minWidth: 120, operator: false, cell: (value: unknown) => (value ? String(value) : '-') },
  { prop: 'action', label: l('action'), width: 110, operator: '=', cell: (value: unknown) => String(value) },
  { prop: 'result', label: l('result'), width: 100, render: 'tag', options: RESULT_OPTIONS },
  { prop: 'reason', label: l('reason'), minWidth: 200, ellipsis: true, operator: 'LIKE' },
  { prop: 'ip', label: l('ip'), width: 140, operator: 'LIKE' },
  { prop: 'createtime', label: l('createtime'), width: 170, render: 'datetime', sortable: true },
];

export default function OauthLogPage() {
  const root = useStore();
  const [store] = useState(() => new CrudTableStore(root, { api: OAUTH_LOG_API, columns: oauthLogColumns, quickSearchFields: [l('id'), l('ip'), l('reason')] }));
  return (
    <div className="crud-page">
      <CrudTable store={store} toolbar={['refresh', 'quickSearch', 'search', 'columns']} rowButtons={[]} />
    </div>
  );
}
