/**
 * Admins (/admin/auth/admin): list with groups, department and job (both filters), avatar, contact, last login
 * and status; add / edit / delete.
 * The signed-in admin's own row offers no delete, and its form does not offer to disable the account
 * (the server refuses both).
 */
import { useState } from 'react';
import { CrudPage, CrudTableStore, STATUS_OPTIONS, type CrudColumn, type CrudField } from '@/components/crud';
import { useStore } from '@/stores/context';

export const ADMIN_API = '/admin/auth.Admin';
export const GROUP_SELECT_URL = '/admin/auth.Group/index';
export const DEPARTMENT_SELECT_URL = '/admin/auth.Department/index';
export const JOB_SELECT_URL = '/admin/auth.Job/index';

// widths: the visible columns fit a 1440 px screen beside the open menu; more can be shown from the column menu
export const adminColumns: CrudColumn[] = [
  { prop: 'id', label: 'auth.admin.id', width: 64, operator: '=', sortable: true },
  { prop: 'username', label: 'auth.admin.username', minWidth: 110, ellipsis: true },
  { prop: 'nickname', label: 'auth.admin.nickname', minWidth: 120, ellipsis: true },
  { prop: 'group_name_arr', label: 'auth.admin.groups', render: 'tags', operator: false, minWidth: 130 },
  { prop: 'department.name', label: 'auth.admin.department', width: 120, ellipsis: true, searchField: 'department_id', operator: '=', searchRemote: { url: DEPARTMENT_SELECT_URL, labelField: 'name' } },
  { prop: 'job.name', label: 'auth.admin.job', width: 110, ellipsis: true, searchField: 'job_id', operator: '=', searchRemote: { url: JOB_SELECT_URL, labelField: 'name' } },
  { prop: 'avatar', label: 'auth.admin.avatar', render: 'image', width: 70, hidden: true },
  { prop: 'email', label: 'auth.admin.email', minWidth: 160, ellipsis: true },
  { prop: 'mobile', label: 'auth.admin.mobile', width: 110 },
  { prop: 'lastlogintime', label: 'auth.admin.lastlogintime', render: 'datetime', sortable: true, width: 170 },
  { prop: 'status', label: 'auth.admin.status', render: 'tag', options: STATUS_OPTIONS, width: 80 },
  { prop: 'createtime', label: 'auth.admin.createtime', render: 'datetime', sortable: true, width: 170, hidden: true },
];

/** ids of the groups an admin row belongs to (`group_arr`, array or comma string). */
export function groupIds(value: unknown): Array<string | number> {
  if (Array.isArray(value)) return value as Array<string | number>;
  if (typeof value === 'string' && value.trim()) return value.split(',').map((s) => (/^\d+$/.test(s.trim()) ? Number(s) : s.trim()));
  if (typeof value === 'number') return [value];
  return [];
}

/** The form; `selfId` is the signed-in admin, who may not disable their own account. */
export const adminFields = (selfId: () => number): CrudField[] => [
  { prop: 'username', label: 'auth.admin.username', type: 'input', rules: ['required', 'account'], placeholder: 'auth.admin.usernamePlaceholder' },
  { prop: 'nickname', label: 'auth.admin.nickname', type: 'input', rules: ['required'] },
  {
    prop: 'group_arr',
    label: 'auth.admin.groups',
    type: 'remoteSelect',
    remote: { url: GROUP_SELECT_URL, labelField: 'name', multiple: true },
    rules: ['required'],
    toForm: (v) => groupIds(v),
  },
  {
    prop: 'department_id',
    label: 'auth.admin.department',
    type: 'treeSelect',
    remote: { url: DEPARTMENT_SELECT_URL, labelField: 'name' },
    toForm: (v) => (v ? v : undefined),
    toServer: (v) => (v ? v : 0),
  },
  { prop: 'job_id', label: 'auth.admin.job', type: 'remoteSelect', remote: { url: JOB_SELECT_URL, labelField: 'name' }, toForm: (v) => (v ? v : undefined), toServer: (v) => (v ? v : 0) },
  { prop: 'avatar', label: 'auth.admin.avatar', type: 'input', placeholder: 'auth.admin.avatarPlaceholder' },
  { prop: 'email', label: 'auth.admin.email', type: 'input', rules: ['email'] },
  { prop: 'mobile', label: 'auth.admin.mobile', type: 'input', rules: ['mobile'] },
  {
    prop: 'password',
    label: 'auth.admin.password',
    type: 'password',
    rules: (mode) => (mode === 'add' ? ['required', 'password'] : ['password']),
    tip: (mode) => (mode === 'edit' ? 'crud.leaveEmptyToKeep' : undefined),
  },
  { prop: 'motto', label: 'auth.admin.motto', type: 'textarea' },
  {
    prop: 'status',
    label: 'auth.admin.status',
    type: 'switch',
    defaultValue: 1,
    disabled: (mode, row) => isSelf(mode, row, selfId()),
    tip: (mode, row) => (isSelf(mode, row, selfId()) ? 'auth.admin.cannotDisableSelf' : undefined),
  },
];

function isSelf(mode: 'add' | 'edit', row: Record<string, any> | null, selfId: number): boolean {
  return mode === 'edit' && !!row && selfId > 0 && String(row.id) === String(selfId);
}

export default function AdminPage() {
  const root = useStore();
  const selfId = () => Number(root.adminInfo.id) || 0;
  const [store] = useState(
    () =>
      new CrudTableStore(root, {
        api: ADMIN_API,
        columns: adminColumns,
        fields: adminFields(selfId),
        quickSearchFields: ['auth.admin.id', 'auth.admin.username', 'auth.admin.nickname'],
      }),
  );
  return <CrudPage store={store} entity="auth.admin.admin" rowButtonVisible={{ delete: (row) => String(row.id) !== String(selfId()) }} />;
}
