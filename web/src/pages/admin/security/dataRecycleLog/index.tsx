/**
 * Recycle bin (/admin/security/dataRecycleLog): rows deleted from the tables a recycle rule names, with who
 * deleted them, when and from where. The detail shows the kept row field by field (and the rows deleted
 * with it, an order's lines); restore puts rows back where nothing conflicts now and says, per row, why
 * the others cannot come back (a code used again since, a referenced row that is gone).
 */
import '@/components/security/i18n';
import { useState } from 'react';
import { observer } from 'mobx-react-lite';
import { Alert, Button, Descriptions, Drawer, Table, Tag } from '@arco-design/web-react';
import { IconEye, IconUndo } from '@arco-design/web-react/icon';
import { CrudTable, formatDatetime, type CrudColumn } from '@/components/crud';
import { OutcomeModal } from '@/components/security/OutcomeModal';
import { recordOf, SafetyLogStore } from '@/components/security/store';
import { useAuth } from '@/hooks/useAuth';
import { useT } from '@/lang';
import { useStore } from '@/stores/context';

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

const Detail = observer(function Detail({ store }: { store: SafetyLogStore }) {
  const t = useT();
  const row = store.detail;
  const record = recordOf(row?.data);
  return (
    <Drawer className="safety-drawer" width={Math.min(640, typeof window !== 'undefined' ? window.innerWidth : 640)} title={t(l('detail'))} visible={!!row} onCancel={() => store.closeDetail()} footer={null}>
      {row && (
        <>
          <Descriptions
            column={1}
            border
            labelStyle={{ width: 120 }}
            data={[
              { label: t(l('dataTable')), value: `${row.data_table} #${row.id_value}` },
              { label: t(l('admin')), value: row.admin?.username ?? row.admin_id },
              { label: t(l('ip')), value: row.ip || '-' },
              { label: t(l('createtime')), value: formatDatetime(row.createtime) },
              { label: t(l('isRestore')), value: row.is_restore ? <Tag color="green">{t(l('restored'))}</Tag> : <Tag>{t(l('notRestored'))}</Tag> },
            ]}
          />
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
      )}
    </Drawer>
  );
});

export default observer(function DataRecycleLogPage() {
  const t = useT();
  const root = useStore();
  const auth = useAuth();
  const [store] = useState(() => new SafetyLogStore(root, RECYCLE_LOG_API, recycleLogColumns, [l('id'), l('dataTable'), l('idValue')], 'restore'));
  const selected = store.table.selectedKeys;
  return (
    <div className="crud-page">
      {store.error ? <Alert type="error" content={store.error} style={{ marginBottom: 12 }} /> : null}
      <CrudTable
        store={store.table}
        toolbar={['refresh', 'delete', 'quickSearch', 'search', 'columns']}
        rowButtons={['delete']}
        selectionNodes={['del', 'restore']}
        operateWidth={130}
        toolbarExtra={
          auth('restore') ? (
            <Button icon={<IconUndo />} type="primary" status="success" disabled={!selected.length} loading={store.loading} onClick={() => void store.run(selected)} data-testid="recycle-restore-selected">
              {t(l('restoreSelected'))}
            </Button>
          ) : null
        }
        rowActions={[
          { name: 'info', title: 'crud.info', icon: <IconEye />, auth: 'info', onClick: (row) => void store.openDetail(row.id) },
          { name: 'restore', title: l('restore'), icon: <IconUndo />, auth: 'restore', status: 'success', display: (row) => !Number(row.is_restore), onClick: (row) => void store.run([row.id]) },
        ]}
      />
      <Detail store={store} />
      <OutcomeModal store={store} doneLabel="securityTools.restored" />
    </div>
  );
});
