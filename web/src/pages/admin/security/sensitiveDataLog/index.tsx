/**
 * Sensitive-data log (/admin/security/sensitiveDataLog): each change of a watched field — table, row,
 * field, the value before and after, who, when. A password shows only that it changed. Roll back puts the
 * value before back, only while the row still holds the value after; per refused row it says why.
 */
import '@/features/security/i18n';
import { Tag } from '@arco-design/web-react';
import type { CrudColumn } from '@/components/crud';
import { SafetyLogPage, type SafetyLog } from '@/features/security/SafetyLogPage';
import { shownValue } from '@/features/security/store';
import { useT, type TFunction } from '@/lang';

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

const sensitiveLog: SafetyLog = {
  api: SENSITIVE_LOG_API,
  lang: 'security.sensitiveDataLog',
  columns: sensitiveLogColumns,
  quickSearch: ['id', 'dataTable', 'idValue', 'dataField'],
  undo: 'rollback',
  undone: { column: 'is_rollback', label: l('isRollback'), yes: l('rolledBack'), no: l('notRolledBack') },
  undoStatus: 'warning',
  undoConfirm: l('rollbackConfirm'),
  // a secret shows only that it changed: nothing to put back
  undoable: (row) => !Number(row.is_rollback) && !Number(row.changed_only),
  doneLabel: 'securityTools.rolledBack',
  selectedTestId: 'sensitive-rollback-selected',
  detailWidth: 560,
  detailRows: (row, t) => [
    { label: t(l('dataField')), value: `${row.data_field}${row.data_comment ? ` (${row.data_comment})` : ''}` },
    { label: t('securityTools.before'), value: Number(row.changed_only) ? t('securityTools.changedOnly') : <code data-testid="safety-before">{shownValue(row.before)}</code> },
    { label: t('securityTools.after'), value: Number(row.changed_only) ? t('securityTools.changedOnly') : <code data-testid="safety-after">{shownValue(row.after)}</code> },
  ],
};

export default function SensitiveDataLogPage() {
  return <SafetyLogPage log={sensitiveLog} />;
}
