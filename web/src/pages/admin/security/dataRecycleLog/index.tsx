/**
 * Recycle bin (/admin/security/dataRecycleLog): rows deleted from the tables a recycle rule names, with who
 * deleted them, when and from where. The detail shows the kept row field by field (and the rows deleted
 * with it, an order's lines); restore puts rows back where nothing conflicts now and says, per row, why
 * the others cannot come back (a code used again since, a referenced row that is gone).
 */
import '@/features/security/i18n';
import { Alert, Table } from '@arco-design/web-react';
import type { CrudColumn } from '@/components/crud';
import { SafetyLogPage, type SafetyLog } from '@/features/security/SafetyLogPage';
import { recordOf } from '@/features/security/store';

export const RECYCLE_LOG_API = '/admin/security.DataRecycleLog';
const l = (key: string) => `security.dataRecycleLog.${key}`;

const RESTORED_OPTIONS = [
  { value: 0, label: l('notRestored'), color: 'gray' },
  { value: 1, label: l('restored'), color: 'green' },
];

export const recycleLogColumns: CrudColumn[] = [
  { prop: 'id', label: l('id'), width: 70, operator: '=', sortable: true },
  { prop: 'data_table', label: l('dataTable'), width: 150, operator: '=' },
  { prop: 'id_value', label: l('idValue'), width: 100, operator: '=' },
  { prop: 'admin.username', label: l('admin'), width: 120, operator: false },
  { prop: 'is_restore', label: l('isRestore'), render: 'tag', options: RESTORED_OPTIONS, width: 110 },
  { prop: 'ip', label: l('ip'), width: 130, operator: 'LIKE', hidden: true },
  { prop: 'createtime', label: l('createtime'), render: 'datetime', width: 170, sortable: true },
];

const recycleLog: SafetyLog = {
  api: RECYCLE_LOG_API,
  lang: 'security.dataRecycleLog',
  columns: recycleLogColumns,
  quickSearch: ['id', 'dataTable', 'idValue'],
  undo: 'restore',
  undone: { column: 'is_restore', label: l('isRestore'), yes: l('restored'), no: l('notRestored') },
  undoStatus: 'success',
  undoable: (row) => !Number(row.is_restore),
  doneLabel: 'securityTools.restored',
  selectedTestId: 'recycle-restore-selected',
  detailWidth: 640,
  // the kept row field by field, and the rows deleted with it
  detailBelow: (row, t) => {
    const record = recordOf(row.data);
    return (
      <>
        <Table
          style={{ marginTop: 16 }}
          data-testid="recycle-record"
          size="small"
          rowKey="0"
          pagination={false}
          data={record.row}
          columns={[
            { title: t('securityTools.field'), dataIndex: '0', width: 180 },
            { title: t('securityTools.value'), dataIndex: '1', render: (value: string) => <span style={{ wordBreak: 'break-all' }}>{value}</span> },
          ]}
        />
        {record.children.map((child) => (
          <Alert key={child.table} style={{ marginTop: 12 }} content={t('securityTools.deletedWith', { table: child.table, count: child.rows.length })} />
        ))}
      </>
    );
  },
};

export default function DataRecycleLogPage() {
  return <SafetyLogPage log={recycleLog} />;
}
