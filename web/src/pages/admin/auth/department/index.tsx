/** Departments (/admin/auth/department): the organisation as a tree by parent; admins belong to one. A department with sub-departments or admins is not deleted. */
import { useState } from 'react';
import { CrudPage, CrudTableStore, STATUS_OPTIONS, maxLengthRule, type CrudColumn, type CrudField } from '@/components/crud';
import { useStore } from '@/stores/context';

export const DEPARTMENT_API = '/admin/auth.Department';
const l = (key: string) => `auth.department.${key}`;

export const departmentColumns: CrudColumn[] = [
  { prop: 'name', label: l('name'), minWidth: 220, ellipsis: true },
  { prop: 'id', label: l('id'), width: 80, operator: '=' },
  { prop: 'status', label: l('status'), render: 'switch', options: STATUS_OPTIONS, switchEditable: true, width: 90 },
  { prop: 'weigh', label: l('weigh'), width: 80, operator: false },
  { prop: 'createtime', label: l('createtime'), render: 'datetime', width: 170 },
];

export const departmentFields: CrudField[] = [
  { prop: 'pid', label: l('parent'), type: 'treeSelect', remote: { url: `${DEPARTMENT_API}/index`, labelField: 'name' }, rootValue: 0, defaultValue: 0, toForm: (v) => (v === null || v === undefined || v === '' ? 0 : v) },
  { prop: 'name', label: l('name'), type: 'input', rules: ['required', maxLengthRule(50)] },
  { prop: 'status', label: l('status'), type: 'switch', defaultValue: 1 },
  { prop: 'weigh', label: l('weigh'), type: 'number', rules: ['integer'], props: { precision: 0 } },
];

export default function DepartmentPage() {
  const root = useStore();
  const [store] = useState(() => new CrudTableStore(root, { api: DEPARTMENT_API, tree: true, columns: departmentColumns, fields: departmentFields, quickSearchFields: [l('id'), l('name')] }));
  return <CrudPage store={store} entity={l('department')} />;
}
