/**
 * Sensitive-data log (/admin/security/sensitiveDataLog): each change of a watched field — table, row,
 * field, the value before and after, who, when. A password shows only that it changed. Roll back puts the
 * value before back, only while the row still holds the value after; per refused row it says why.
 */
import '@/components/security/i18n';
import { useState } from 'react';
import { observer } from 'mobx-react-lite';
import { Alert, Button, Descriptions, Drawer, Tag } from '@arco-design/web-react';
import { IconEye, IconUndo } from '@arco-design/web-react/icon';
import { CrudTable, formatDatetime, type CrudColumn } from '@/components/crud';
import { OutcomeModal } from '@/components/security/OutcomeModal';
import { SafetyLogStore, shownValue } from '@/components/security/store';
import { useAuth } from '@/hooks/useAuth';
import { useT, type TFunction } from '@/lang';
import { useStore } from '@/stores/context';

export const SENSITIVE_LOG_API = '/admin/security.SensitiveDataLog';
const l = (key: string) => `security.sensitiveDataLog.${key}`;

const ROLLED_BACK_OPTIONS = [
  { value: 0, label: l('notRolledBack'), color: 'gray' },
  { value: 1, label: l('rolledBack'), color: 'green' },
];

/** Before → after, struck through and highlighted; a secret shows only that it changed. */
function Diff({ row, t }: { row: Record<string, any>; t: TFunction }) {
  if (Number(row.changed_only)) return <Tag color="orange">{t('securityTools.changedOnly')}</Tag>;
  return (
    <span className="safety-diff" data-testid="safety-diff">
      <del style={{ color: 'rgb(var(--danger-6))', wordBreak: 'break-all' }}>{shownValue(row.before)}</del>
      {' → '}
      <ins style={{ color: 'rgb(var(--success-6))', textDecoration: 'none', wordBreak: 'break-all' }}>{shownValue(row.after)}</ins>
    </span>
  );
}

export const sensitiveLogColumns: CrudColumn[] = [
  { prop: 'id', label: l('id'), width: 70, operator: '=', sortable: true },
  { prop: 'data_table', label: l('dataTable'), width: 130, operator: '=' },
  { prop: 'id_value', label: l('idValue'), width: 90, operator: '=' },
  { prop: 'data_comment', label: l('dataField'), width: 150, ellipsis: true, searchField: 'data_field', operator: '=' },
  { prop: 'before', label: l('change'), minWidth: 200, operator: false, cell: (_: unknown, row: Record<string, any>) => <DiffCell row={row} /> },
  { prop: 'admin.username', label: l('admin'), width: 110, operator: false },
  { prop: 'is_rollback', label: l('isRollback'), render: 'tag', options: ROLLED_BACK_OPTIONS, width: 110 },
  { prop: 'createtime', label: l('createtime'), render: 'datetime', width: 170, sortable: true },
];

function DiffCell({ row }: { row: Record<string, any> }) {
  const t = useT();
  return <Diff row={row} t={t} />;
}

const Detail = observer(function Detail({ store }: { store: SafetyLogStore }) {
  const t = useT();
  const row = store.detail;
  return (
    <Drawer className="safety-drawer" width={Math.min(560, typeof window !== 'undefined' ? window.innerWidth : 560)} title={t(l('detail'))} visible={!!row} onCancel={() => store.closeDetail()} footer={null}>
      {row && (
        <Descriptions
          column={1}
          border
          labelStyle={{ width: 120 }}
          data={[
            { label: t(l('dataTable')), value: `${row.data_table} #${row.id_value}` },
            { label: t(l('dataField')), value: `${row.data_field}${row.data_comment ? ` (${row.data_comment})` : ''}` },
            { label: t('securityTools.before'), value: Number(row.changed_only) ? t('securityTools.changedOnly') : <code data-testid="safety-before">{shownValue(row.before)}</code> },
            { label: t('securityTools.after'), value: Number(row.changed_only) ? t('securityTools.changedOnly') : <code data-testid="safety-after">{shownValue(row.after)}</code> },
            { label: t(l('admin')), value: row.admin?.username ?? row.admin_id },
            { label: t(l('ip')), value: row.ip || '-' },
            { label: t(l('createtime')), value: formatDatetime(row.createtime) },
            { label: t(l('isRollback')), value: row.is_rollback ? <Tag color="green">{t(l('rolledBack'))}</Tag> : <Tag>{t(l('notRolledBack'))}</Tag> },
          ]}
        />
      )}
    </Drawer>
  );
});

export default observer(function SensitiveDataLogPage() {
  const t = useT();
  const root = useStore();
  const auth = useAuth();
  const [store] = useState(() => new SafetyLogStore(root, SENSITIVE_LOG_API, sensitiveLogColumns, [l('id'), l('dataTable'), l('idValue'), l('dataField')], 'rollback'));
  const selected = store.table.selectedKeys;
  return (
    <div className="crud-page">
      {store.error ? <Alert type="error" content={store.error} style={{ marginBottom: 12 }} /> : null}
      <CrudTable
        store={store.table}
        toolbar={['refresh', 'delete', 'quickSearch', 'search', 'columns']}
        rowButtons={['delete']}
        selectionNodes={['del', 'rollback']}
        operateWidth={130}
        toolbarExtra={
          auth('rollback') ? (
            <Button icon={<IconUndo />} type="primary" status="warning" disabled={!selected.length} loading={store.loading} onClick={() => void store.run(selected)} data-testid="sensitive-rollback-selected">
              {t(l('rollbackSelected'))}
            </Button>
          ) : null
        }
        rowActions={[
          { name: 'info', title: 'crud.info', icon: <IconEye />, auth: 'info', onClick: (row) => void store.openDetail(row.id) },
          {
            name: 'rollback',
            title: l('rollback'),
            icon: <IconUndo />,
            auth: 'rollback',
            status: 'warning',
            confirm: l('rollbackConfirm'),
            display: (row) => !Number(row.is_rollback) && !Number(row.changed_only),
            onClick: (row) => void store.run([row.id]),
          },
        ]}
      />
      <Detail store={store} />
      <OutcomeModal store={store} doneLabel="securityTools.rolledBack" />
    </div>
  );
});
