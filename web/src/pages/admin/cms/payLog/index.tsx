/** Pay log (/admin/cms/payLog): each purchase of paid content — member, content, balance or score, amount, time. Read only. */
import '@/features/cms/i18n';
import { useState } from 'react';
import { CrudTable, CrudTableStore, type CrudColumn } from '@/components/crud';
import { CURRENCY_OPTIONS } from '@/features/cms/options';
import { useStore } from '@/stores/context';

export const PAY_LOG_API = '/admin/cms.PayLog';
const l = (key: string) => `cms.payLog.${key}`;

export const payLogColumns: CrudColumn[] = [
  { prop: 'id', label: l('id'), width: 80, operator: '=', sortable: true },
  { prop: 'user.username', label: l('member'), width: 140, searchField: 'user.username', operator: 'LIKE' },
  { prop: 'content_id', label: l('contentId'), width: 100, operator: '=' },
  { prop: 'title', label: l('title'), minWidth: 200, ellipsis: true, operator: 'LIKE' },
  { prop: 'currency', label: l('currency'), render: 'tag', options: CURRENCY_OPTIONS, width: 100 },
  { prop: 'amount', label: l('amount'), width: 110, align: 'right', operator: 'RANGE' },
  { prop: 'createtime', label: l('createtime'), render: 'datetime', width: 170, sortable: true },
];

export default function PayLogPage() {
  const root = useStore();
  const [store] = useState(() => new CrudTableStore(root, { api: PAY_LOG_API, columns: payLogColumns, quickSearchFields: [l('id'), l('title')] }));
  return (
    <div className="crud-page">
      <CrudTable store={store} toolbar={['refresh', 'quickSearch', 'search', 'columns']} rowButtons={[]} />
    </div>
  );
}
