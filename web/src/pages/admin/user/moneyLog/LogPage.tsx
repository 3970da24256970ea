/**
 * The balance log (kind money) or the score log (kind score) of the back office: the list, and "add" — the
 * only way to change a member's balance or score. Logs are never edited or deleted.
 */
import { useEffect, useState } from 'react';
import { makeAutoObservable, runInAction } from 'mobx';
import { observer } from 'mobx-react-lite';
import { Typography } from '@arco-design/web-react';
import { useSearchParams } from 'react-router-dom';
import { fetchLogTarget, LOG_API, type LogKind, type LogTarget } from '@/api/accounts';
import { CrudPage, CrudTableStore, type CrudColumn, type CrudField } from '@/components/crud';
import { ExportButton } from '@/components/transfer/ExportButton';
import { useT } from '@/lang';
import { useStore } from '@/stores/context';

const MEMBER_SELECT_URL = '/admin/user.User/index';
const MONEY_CHANGE = /^-?\d{1,11}(\.\d{1,2})?$/;
const SCORE_CHANGE = /^-?\d{1,12}$/;

/** The member a change is added to, read again whenever another member is chosen (the last choice wins). */
class LogTargetStore {
  target: LogTarget | null = null;
  private seq = 0;

  constructor(private readonly kind: LogKind) {
    makeAutoObservable<this, 'seq' | 'kind'>(this, { seq: false, kind: false });
  }

  async show(userId: unknown): Promise<void> {
    const seq = ++this.seq;
    this.target = null;
    if (!userId) return;
    try {
      const target = await fetchLogTarget(this.kind, userId);
      runInAction(() => {
        if (seq === this.seq) this.target = target;
      });
    } catch {
      // quiet: the figure stays unknown
    }
  }

  /** Forgets a read still on its way (the field was left). */
  cancel(): void {
    this.seq++;
  }
}

/** The chosen member's current balance or score (GET add?userId). */
const CurrentFigure = observer(function CurrentFigure({ kind, userId }: { kind: LogKind; userId: unknown }) {
  const t = useT();
  const [store] = useState(() => new LogTargetStore(kind));
  useEffect(() => {
    void store.show(userId);
    return () => store.cancel();
  }, [store, userId]);
  const target = store.target;
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
        api: LOG_API[kind],
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
      toolbarExtra={<ExportButton api={LOG_API[kind]} store={store} label="transfer.export" formats={['xlsx', 'csv']} testId={`${kind}-log-export`} />}
      rowButtons={[]}
      selectable={false}
    />
  );
}

export default LogPage;
