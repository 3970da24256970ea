/**
 * Members (/admin/user/user): list with group, gender, contacts, balance and score; add / edit / delete.
 * Balance and score are shown, never edited here: the balance and score logs change them.
 */
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { DatePicker } from '@/components/SiteDatePicker';
import IconGift from '@arco-design/web-react/icon/react-icon/IconGift';
import IconTrophy from '@arco-design/web-react/icon/react-icon/IconTrophy';
import { ExportButton } from '@/components/transfer/ExportButton';
import { CrudPage, CrudTableStore, STATUS_OPTIONS, type CrudColumn, type CrudField, type CrudOption } from '@/components/crud';
import { GenderIcon } from '@/features/member/GenderIcon';
import { useT } from '@/lang';
import { useStore } from '@/stores/context';

export const MEMBER_API = '/admin/user.User';
export const MEMBER_GROUP_SELECT_URL = '/admin/user.Group/index';

export const GENDER_OPTIONS: CrudOption[] = [
  { value: 0, label: 'user.user.gender0', color: 'gray' },
  { value: 1, label: 'user.user.gender1', color: 'arcoblue' },
  { value: 2, label: 'user.user.gender2', color: 'red' },
];

function GenderCell({ value }: { value: unknown }) {
  const t = useT();
  const option = GENDER_OPTIONS.find((o) => String(o.value) === String(value)) ?? GENDER_OPTIONS[0];
  return (
    <span style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}>
      <GenderIcon gender={Number(value)} /> {t(option.label)}
    </span>
  );
}

function ReadOnly({ value }: { value: unknown }) {
  const t = useT();
  return (
    <span className="arco-typography" style={{ color: 'var(--color-text-2)' }}>
      {value === undefined || value === null || value === '' ? '-' : String(value)}
      <span style={{ marginLeft: 8, color: 'var(--color-text-3)', fontSize: 12 }}>{t('user.user.readOnlyTip')}</span>
    </span>
  );
}

export const memberColumns: CrudColumn[] = [
  { prop: 'id', label: 'user.user.id', width: 64, operator: '=', sortable: true },
  { prop: 'username', label: 'user.user.username', minWidth: 110, ellipsis: true },
  { prop: 'nickname', label: 'user.user.nickname', minWidth: 110, ellipsis: true },
  { prop: 'group.name', label: 'user.user.group', width: 110, operator: false },
  { prop: 'avatar', label: 'user.user.avatar', render: 'image', width: 70, hidden: true, operator: false },
  { prop: 'gender', label: 'user.user.gender', options: GENDER_OPTIONS, width: 90, cell: (v) => <GenderCell value={v} /> },
  { prop: 'mobile', label: 'user.user.mobile', width: 120 },
  { prop: 'email', label: 'user.user.email', minWidth: 150, ellipsis: true, hidden: true },
  { prop: 'money', label: 'user.user.money', width: 110, align: 'right', sortable: true, operator: false },
  { prop: 'score', label: 'user.user.score', width: 90, align: 'right', sortable: true, operator: 'RANGE' },
  { prop: 'lastlogintime', label: 'user.user.lastlogintime', render: 'datetime', sortable: true, width: 170 },
  { prop: 'jointime', label: 'user.user.jointime', render: 'datetime', sortable: true, width: 170, hidden: true },
  { prop: 'status', label: 'user.user.status', render: 'tag', options: STATUS_OPTIONS, width: 80 },
];

export const memberFields: CrudField[] = [
  {
    prop: 'group_id',
    label: 'user.user.group',
    type: 'remoteSelect',
    remote: { url: MEMBER_GROUP_SELECT_URL, labelField: 'name' },
    rules: ['required'],
  },
  { prop: 'username', label: 'user.user.username', type: 'input', rules: ['required', 'account'] },
  { prop: 'nickname', label: 'user.user.nickname', type: 'input', rules: ['required'] },
  { prop: 'email', label: 'user.user.email', type: 'input', rules: ['email'] },
  { prop: 'mobile', label: 'user.user.mobile', type: 'input', rules: ['mobile'] },
  { prop: 'avatar', label: 'user.user.avatar', type: 'input', placeholder: 'user.user.avatarPlaceholder' },
  { prop: 'gender', label: 'user.user.gender', type: 'radio', options: GENDER_OPTIONS, defaultValue: 0, toForm: (v) => Number(v ?? 0) },
  {
    prop: 'birthday',
    label: 'user.user.birthday',
    type: 'custom',
    defaultValue: '',
    render: ({ value, onChange }) => <BirthdayInput value={value} onChange={onChange} />,
    toServer: (v) => (v ? String(v) : ''),
  },
  { prop: 'money', label: 'user.user.money', type: 'custom', visible: (_, mode) => mode === 'edit', render: ({ value }) => <ReadOnly value={value} />, toServer: () => undefined },
  { prop: 'score', label: 'user.user.score', type: 'custom', visible: (_, mode) => mode === 'edit', render: ({ value }) => <ReadOnly value={value} />, toServer: () => undefined },
  {
    prop: 'password',
    label: 'user.user.password',
    type: 'password',
    rules: (mode) => (mode === 'add' ? ['required', 'password'] : ['password']),
    tip: (mode) => (mode === 'edit' ? 'crud.leaveEmptyToKeep' : undefined),
  },
  { prop: 'motto', label: 'user.user.motto', type: 'textarea' },
  { prop: 'status', label: 'user.user.status', type: 'switch', defaultValue: 1 },
];

function BirthdayInput({ value, onChange }: { value?: string; onChange?: (v: string) => void }) {
  return <DatePicker style={{ width: '100%' }} value={value || undefined} format="YYYY-MM-DD" onChange={(v) => onChange?.(v ? String(v) : '')} allowClear />;
}

export default function MemberPage() {
  const root = useStore();
  const navigate = useNavigate();
  const [store] = useState(
    () =>
      new CrudTableStore(root, {
        api: MEMBER_API,
        columns: memberColumns,
        fields: memberFields,
        quickSearchFields: ['user.user.id', 'user.user.username', 'user.user.nickname', 'user.user.email', 'user.user.mobile'],
      }),
  );
  return (
    <CrudPage
      store={store}
      entity="user.user.member"
      toolbarExtra={<ExportButton api={MEMBER_API} store={store} label="transfer.export" formats={['xlsx', 'csv']} testId="member-export" />}
      rowActions={[
        { name: 'money', title: 'user.user.adjustMoney', icon: <IconGift />, onClick: (row) => navigate(`/admin/user/moneyLog?userId=${row.id}`) },
        { name: 'score', title: 'user.user.adjustScore', icon: <IconTrophy />, onClick: (row) => navigate(`/admin/user/scoreLog?userId=${row.id}`) },
      ]}
    />
  );
}
