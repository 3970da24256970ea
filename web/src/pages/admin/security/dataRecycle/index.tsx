/**
 * Recycle rules (/admin/security/dataRecycle): which tables' deleted rows the recycle bin keeps. A rule
 * names a table of the app; switching it off stops the keeping (what was kept stays).
 */
import { useState } from 'react';
import { CrudPage, CrudTableStore, maxLengthRule, STATUS_OPTIONS, type CrudColumn, type CrudField } from '@/components/crud';
import { useStore } from '@/stores/context';

export const RECYCLE_RULE_API = '/admin/security.DataRecycle';
const l = (key: string) => `security.dataRecycle.${key}`;

export const recycleRuleColumns: CrudColumn[] = [
  { prop: 'id', label: l('id'), width: 70, operator: '=', sortable: true },
  { prop: 'name', label: l('name'), minWidth: 180, ellipsis: true },
  { prop: 'controller', label: l('controller'), width: 160, ellipsis: true },
  { prop: 'data_table', label: l('dataTable'), width: 160 },
  { prop: 'status', label: l('status'), render: 'switch', options: STATUS_OPTIONS, switchEditable: true, width: 90 },
  { prop: 'updatetime', label: l('updatetime'), render: 'datetime', width: 170, sortable: true },
];

export const recycleRuleFields: CrudField[] = [
  { prop: 'name', label: l('name'), type: 'input', rules: ['required', maxLengthRule(100)] },
  { prop: 'controller', label: l('controller'), type: 'input', rules: [maxLengthRule(100)], placeholder: 'wms/brand' },
  { prop: 'data_table', label: l('dataTable'), type: 'input', rules: ['required', maxLengthRule(64)], placeholder: 'brand', tip: l('dataTableTip') },
  { prop: 'status', label: l('status'), type: 'radio', options: STATUS_OPTIONS, defaultValue: 1 },
];

export default function DataRecyclePage() {
  const root = useStore();
  const [store] = useState(() => new CrudTableStore(root, { api: RECYCLE_RULE_API, columns: recycleRuleColumns, fields: recycleRuleFields, quickSearchFields: [l('id'), l('name'), l('dataTable')] }));
  return <CrudPage store={store} entity={l('rule')} />;
}
