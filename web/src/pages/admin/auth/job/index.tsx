/** Jobs (/admin/auth/job): the job titles admins hold; a job held by an admin is not deleted. */
import { useState } from 'react';
import { CrudPage, CrudTableStore, STATUS_OPTIONS, maxLengthRule, type CrudColumn, type CrudField } from '@/components/crud';
import { useStore } from '@/stores/context';

export const JOB_API = '/admin/auth.Job';
const l = (key: string) => `auth.job.${key}`;

export const jobColumns: CrudColumn[] = [
  { prop: 'id', label: l('id'), width: 80, operator: '=', sortable: true },
  { prop: 'name', label: l('name'), minWidth: 200, ellipsis: true, sortable: true },
  { prop: 'status', label: l('status'), render: 'switch', options: STATUS_OPTIONS, switchEditable: true, width: 90 },
  { prop: 'weigh', label: l('weigh'), width: 80, operator: false, sortable: true },
  { prop: 'createtime', label: l('createtime'), render: 'datetime', width: 170, sortable: true },
];

export const jobFields: CrudField[] = [
  { prop: 'name', label: l('name'), type: 'input', rules: ['required', maxLengthRule(50)] },
  { prop: 'status', label: l('status'), type: 'switch', defaultValue: 1 },
  { prop: 'weigh', label: l('weigh'), type: 'number', rules: ['integer'], props: { precision: 0 } },
];

export default function JobPage() {
  const root = useStore();
  const [store] = useState(() => new CrudTableStore(root, { api: JOB_API, columns: jobColumns, fields: jobFields, quickSearchFields: [l('id'), l('name')] }));
  return <CrudPage store={store} entity={l('job')} />;
}
