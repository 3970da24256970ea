/**
 * Sensitive-field rules (/admin/security/sensitiveData): the fields of a table whose changes are logged with
 * their value before and after. `data_fields` is JSON {"field": "label"}; a member's money and score are
 * refused (they change only through their own logs).
 */
import { useState } from 'react';
import { CrudPage, CrudTableStore, maxLengthRule, STATUS_OPTIONS, type CrudColumn, type CrudField } from '@/components/crud';
import { useStore } from '@/stores/context';

export const SENSITIVE_RULE_API = '/admin/security.SensitiveData';
const l = (key: string) => `security.sensitiveData.${key}`;

/** `{"price":"Price"}` → `price (Price)`. */
export function fieldList(json: unknown): string {
  try {
    return Object.entries(JSON.parse(String(json ?? '{}')) as Record<string, string>)
      .map(([field, label]) => (label && label !== field ? `${field} (${label})` : field))
      .join(', ');
  } catch {
    return String(json ?? '');
  }
}

export const sensitiveRuleColumns: CrudColumn[] = [
  { prop: 'id', label: l('id'), width: 70, operator: '=', sortable: true },
  { prop: 'name', label: l('name'), minWidth: 180, ellipsis: true },
  { prop: 'data_table', label: l('dataTable'), width: 150 },
  { prop: 'data_fields', label: l('dataFields'), minWidth: 220, ellipsis: true, operator: 'LIKE', cell: (value: unknown) => fieldList(value) },
  { prop: 'controller', label: l('controller'), width: 150, ellipsis: true, hidden: true },
  { prop: 'status', label: l('status'), render: 'switch', options: STATUS_OPTIONS, switchEditable: true, width: 90 },
  { prop: 'updatetime', label: l('updatetime'), render: 'datetime', width: 170, sortable: true },
];

const isFieldJson = {
  test: (value: unknown) => {
    try {
      const parsed = JSON.parse(String(value ?? ''));
      return !!parsed && typeof parsed === 'object' && !Array.isArray(parsed) && Object.keys(parsed).length > 0;
    } catch {
      return false;
    }
  },
  message: 'security.sensitiveData.dataFieldsInvalid',
};

export const sensitiveRuleFields: CrudField[] = [
  { prop: 'name', label: l('name'), type: 'input', rules: ['required', maxLengthRule(100)] },
  { prop: 'controller', label: l('controller'), type: 'input', rules: [maxLengthRule(100)], placeholder: 'wms/product' },
  { prop: 'data_table', label: l('dataTable'), type: 'input', rules: ['required', maxLengthRule(64)], placeholder: 'product' },
  { prop: 'data_fields', label: l('dataFields'), type: 'textarea', rules: ['required', maxLengthRule(2000), isFieldJson], placeholder: '{"price": "Price"}', tip: l('dataFieldsTip') },
  { prop: 'status', label: l('status'), type: 'radio', options: STATUS_OPTIONS, defaultValue: 1 },
];

export default function SensitiveDataPage() {
  const root = useStore();
  const [store] = useState(() => new CrudTableStore(root, { api: SENSITIVE_RULE_API, columns: sensitiveRuleColumns, fields: sensitiveRuleFields, quickSearchFields: [l('id'), l('name'), l('dataTable')] }));
  return <CrudPage store={store} entity={l('rule')} />;
}
