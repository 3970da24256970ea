/**
 * Admin log (/admin/auth/adminLog): read-only list with search, and a detail drawer showing the logged
 * request data pretty-printed.
 */
import { useState } from 'react';
import { observer } from 'mobx-react-lite';
import { Descriptions, Drawer } from '@arco-design/web-react';
import { IconEye } from '@arco-design/web-react/icon';
import { useEscapeClose } from '@/hooks/useEscapeClose';
import { ExportButton } from '@/components/transfer/ExportButton';
import { CrudTable, CrudTableStore, formatDatetime, type CrudColumn } from '@/components/crud';
import { useT } from '@/lang';
import { useStore } from '@/stores/context';

export const ADMIN_LOG_API = '/admin/auth.AdminLog';

// widths: the visible columns fit a 1440 px screen beside the open menu
export const adminLogColumns: CrudColumn[] = [
  { prop: 'id', label: 'auth.adminLog.id', width: 80, operator: '=', sortable: true },
  { prop: 'admin_id', label: 'auth.adminLog.adminId', width: 100, operator: '=', hidden: true },
  { prop: 'username', label: 'auth.adminLog.username', width: 120, ellipsis: true },
  { prop: 'api_token', label: 'auth.adminLog.apiToken', width: 130, ellipsis: true, cell: (value: unknown) => String(value || '-') },
  { prop: 'title', label: 'auth.adminLog.title', minWidth: 160, ellipsis: true },
  { prop: 'url', label: 'auth.adminLog.url', minWidth: 200, ellipsis: true },
  { prop: 'ip', label: 'auth.adminLog.ip', width: 130, ellipsis: true },
  { prop: 'useragent', label: 'auth.adminLog.useragent', minWidth: 150, ellipsis: true },
  { prop: 'createtime', label: 'auth.adminLog.createtime', render: 'datetime', sortable: true, width: 170 },
];

/** The logged `data` (JSON text or object) pretty-printed; other text as it is. */
export function prettyData(data: unknown): string {
  if (data === null || data === undefined || data === '') return '-';
  if (typeof data === 'string') {
    try {
      return JSON.stringify(JSON.parse(data), null, 2);
    } catch {
      return data;
    }
  }
  return JSON.stringify(data, null, 2);
}

const Detail = observer(function Detail({ row, onClose }: { row: Record<string, any> | null; onClose: () => void }) {
  const t = useT();
  const items = row
    ? [
        { label: t('auth.adminLog.id'), value: row.id },
        { label: t('auth.adminLog.username'), value: `${row.username ?? '-'}${row.admin_id !== undefined ? ` (ID: ${row.admin_id})` : ''}` },
        { label: t('auth.adminLog.apiToken'), value: row.api_token || '-' },
        { label: t('auth.adminLog.title'), value: row.title || '-' },
        { label: t('auth.adminLog.url'), value: <span style={{ wordBreak: 'break-all' }}>{row.url || '-'}</span> },
        { label: t('auth.adminLog.ip'), value: row.ip || '-' },
        { label: t('auth.adminLog.useragent'), value: <span style={{ wordBreak: 'break-all' }}>{row.useragent || '-'}</span> },
        { label: t('auth.adminLog.createtime'), value: formatDatetime(row.createtime) },
      ]
    : [];
  useEscapeClose(!!row, onClose);
  return (
    <Drawer width={Math.min(640, typeof window !== 'undefined' ? window.innerWidth : 640)} title={t('auth.adminLog.detail')} visible={!!row} onCancel={onClose} footer={null}>
      {row && (
        <>
          <Descriptions column={1} border data={items} labelStyle={{ width: 120 }} />
          <h4 className="admin-log-data-title" style={{ margin: '20px 0 8px', color: 'var(--color-text-1)' }}>
            {t('auth.adminLog.data')}
          </h4>
          <pre className="crud-json" data-testid="admin-log-data">
            {prettyData(row.data)}
          </pre>
        </>
      )}
    </Drawer>
  );
});

export default function AdminLogPage() {
  const root = useStore();
  const [store] = useState(
    () =>
      new CrudTableStore(root, {
        api: ADMIN_LOG_API,
        columns: adminLogColumns,
        quickSearchFields: ['auth.adminLog.id', 'auth.adminLog.username', 'auth.adminLog.title'],
      }),
  );
  const [detail, setDetail] = useState<Record<string, any> | null>(null);
  return (
    <div className="crud-page">
      <CrudTable
        store={store}
        toolbar={['refresh', 'quickSearch', 'search', 'columns']}
        rowButtons={[]}
        selectable={false}
        rowActions={[{ name: 'info', title: 'crud.info', icon: <IconEye />, onClick: (row) => setDetail(row) }]}
        toolbarExtra={<ExportButton api={ADMIN_LOG_API} store={store} label="transfer.export" formats={['xlsx', 'csv']} testId="admin-log-export" />}
      />
      <Detail row={detail} onClose={() => setDetail(null)} />
    </div>
  );
}
