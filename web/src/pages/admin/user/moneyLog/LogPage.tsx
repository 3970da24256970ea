/**
 * The balance log (kind money) or the score log (kind score) of the back office: the list, and "add" — the
 * only way to change a member's balance or score. Logs are never edited or deleted.
 */
import { useEffect, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { Typography } from '@arco-design/web-react';
import { useSearchParams } from 'react-router-dom';
import { CrudPage, CrudTableStore, type CrudColumn, type CrudField } from '@/components/crud';
import { fetchJson } from '@/components/crud/api';
import { ExportButton } from '@/components/transfer/ExportButton';
import { useT } from '@/lang';
import { useStore } from '@/stores/context';

export type LogKind = 'money' | 'score';

const API: Record<LogKind, string> = { money: '/admin/user.MoneyLog', score: '/admin/user.ScoreLog' };
const MEMBER_SELECT_URL = '/admin/user.User/index';
const MONEY_CHANGE = /^-?\d{1,11}(\.\d{1,2})?$/;
const SCORE_CHANGE = /^-?\d{1,12}$/;

interface AddTarget {
  user: { id: number; username: string; nickname: string; money: string; score: number };
}

/** The chosen member's current balance or score (GET add?userId). */
const CurrentFigure = observer(function CurrentFigure({ kind, userId }: { kind: LogKind; userId: unknown }) {
  const t = useT();
  const [target, setTarget] = useState<AddTarget['user'] | null>(null);
  useEffect(() => {
    let alive = true;
    setTarget(null);
    if (!userId) return;
    fetchJson<AddTarget>(`${API[kind]}/add`, { userId }, { showErrorMessage: false })
      .then((data) => alive && setTarget(data.user))
      .catch(() => undefined);
    return () => {
      alive = false;
    };
  }, [kind, userId]);
  if (!userId) return <Typography.Text type="secondary">{t(`user.${kind}Log.pickMember`)}</Typography.Text>;
  return (
    <Typography.Text bold data-testid="current-figure">
      {target ? (kind === 'money' ? target.money : String(target.score)) : '…'}
    </Typography.Text>
  );
});

function columns(kind: LogKind): CrudColumn[] {
  const p = `user.${kind}Log`;
  return [
    { prop: 'id', label: `${p}.id`, width: 70, operator: '=' },
    { prop: 'user_id', label: `${p}.userId`, width: 90, operator: '=' },
    { prop: 'user.username', label: `${p}.username`, minWidth: 120, operator: 'LIKE' },
    { prop: 'user.nickname', label: `${p}.nickname`, minWidth: 120, operator: false },
    {
      prop: kind,
      label: `${p}.change`,
      width: 120,
      align: 'right',
      operator: false,
      cell: (v) => (
        <Typography.Text type={String(v).startsWith('-') ? 'error' : 'success'} bold>
          {String(v).startsWith('-') ? String(v) : `+${v}`}
        </Typography.Text>
      ),
    },
    { prop: 'before', label: `${p}.before`, width: 120, align: 'right', operator: false },
    { prop: 'after', label: `${p}.after`, width: 120, align: 'right', operator: false },
    { prop: 'memo', label: `${p}.memo`, minWidth: 180, ellipsis: true, operator: 'LIKE' },
    { prop: 'createtime', label: `${p}.createtime`, render: 'datetime', width: 180, sortable: true },
  ];
}

function fields(kind: LogKind): CrudField[] {
  const p = `user.${kind}Log`;
  return [
    {
      prop: 'user_id',
      label: `${p}.member`,
      type: 'remoteSelect',
      remote: { url: MEMBER_SELECT_URL, labelField: (row) => `${row.username}${row.nickname && row.nickname !== row.username ? ` (${row.nickname})` : ''}` },
      rules: ['required'],
    },
    { prop: '__current', label: `${p}.current`, type: 'custom', render: ({ values }) => <CurrentFigure kind={kind} userId={values.user_id} />, toServer: () => undefined },
    {
      prop: kind,
      label: `${p}.change`,
      type: 'input',
      placeholder: `${p}.changePlaceholder`,
      tip: `${p}.changeTip`,
      rules: ['required', { test: (v) => (kind === 'money' ? MONEY_CHANGE : SCORE_CHANGE).test(String(v).trim()) && Number(v) !== 0, message: `${p}.changeInvalid` }],
    },
    { prop: 'memo', label: `${p}.memo`, type: 'textarea', rules: ['required'] },
  ];
}

export function LogPage({ kind }: { kind: LogKind }) {
  const root = useStore();
  const [params] = useSearchParams();
  const userId = params.get('userId');
  const [store] = useState(
    () =>
      new CrudTableStore(root, {
        api: API[kind],
        columns: columns(kind),
        fields: fields(kind),
        quickSearchFields: [`user.${kind}Log.username`, `user.${kind}Log.memo`],
        extraParams: () => (userId ? { user_id: userId } : {}),
        addDefaults: () => (userId ? { user_id: Number(userId) } : {}),
        defaultOrder: { field: 'id', dir: 'desc' },
      }),
  );
  return (
    <CrudPage
      store={store}
      entity={`user.${kind}Log.log`}
      toolbar={['refresh', 'add', 'search', 'quickSearch', 'columns']}
      toolbarExtra={<ExportButton api={API[kind]} store={store} label="transfer.export" formats={['xlsx', 'csv']} testId={`${kind}-log-export`} />}
      rowButtons={[]}
      selectable={false}
    />
  );
}

export default LogPage;
