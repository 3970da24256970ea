/**
 * Database backup (/admin/routine/backup): "Back up now" makes a consistent copy while the app keeps
 * working (SQLite's online backup, or a MySQL dump in one snapshot), gzipped under DATA_DIR/backups with
 * its SHA-256. The list shows each backup's size and checksum (a running one its progress); download and
 * delete. Restoring is a command for a stopped app: `npm run backup:restore -- <file>`.
 */
import { useEffect, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { Alert, Button, Tag, Tooltip } from '@arco-design/web-react';
import { IconCloudDownload, IconDownload } from '@arco-design/web-react/icon';
import { CrudTable, type CrudColumn } from '@/components/crud';
import { useAuth } from '@/hooks/useAuth';
import { getLocale, useT } from '@/lang';
import { useStore } from '@/stores/context';
import { BACKUP_API, backupDownloadUrl } from '@/api/security';
import { BackupPageStore, formatBytes } from './store';

const l = (key: string) => `routine.backup.${key}`;

const STATUS_OPTIONS = [
  { value: 0, label: l('running'), color: 'arcoblue' },
  { value: 1, label: l('done'), color: 'green' },
  { value: 2, label: l('failed'), color: 'red' },
];

export const backupColumns: CrudColumn[] = [
  { prop: 'id', label: l('id'), width: 70, operator: '=', sortable: true },
  { prop: 'name', label: l('name'), minWidth: 230, ellipsis: true, operator: 'LIKE' },
  { prop: 'engine', label: l('engine'), width: 90, operator: '=' },
  {
    prop: 'size',
    label: l('size'),
    width: 150,
    operator: false,
    sortable: true,
    cell: (value: unknown, row: Record<string, any>) => <span data-testid="backup-size">{Number(row.status) === 0 ? `${formatBytes(value)} …` : formatBytes(value)}</span>,
  },
  {
    prop: 'status',
    label: l('status'),
    width: 130,
    render: 'tag',
    options: STATUS_OPTIONS,
    cell: (value: unknown, row: Record<string, any>) => {
      const option = STATUS_OPTIONS.find((o) => o.value === Number(value)) ?? STATUS_OPTIONS[2];
      return <BackupStatus color={option.color} label={option.label} error={row.error} />;
    },
  },
  { prop: 'checksum', label: l('checksum'), minWidth: 200, ellipsis: true, operator: '=', cell: (value: unknown) => <code className="backup-checksum">{String(value || '-')}</code> },
  { prop: 'admin.username', label: l('admin'), width: 110, operator: false, hidden: true },
  { prop: 'createtime', label: l('createtime'), render: 'datetime', width: 170, sortable: true },
];

function BackupStatus({ color, label, error }: { color: string; label: string; error?: string }) {
  const t = useT();
  const tag = <Tag color={color}>{t(label)}</Tag>;
  return error ? <Tooltip content={error}>{tag}</Tooltip> : tag;
}

export default observer(function BackupPage() {
  const t = useT();
  const root = useStore();
  const auth = useAuth();
  const [store] = useState(() => new BackupPageStore(root, BACKUP_API, backupColumns));
  useEffect(() => {
    void store.refresh();
    return () => store.stop();
  }, [store]);
  const download = (row: Record<string, any>) => {
    const a = document.createElement('a');
    a.href = backupDownloadUrl(row.id, root.adminInfo.token, getLocale());
    a.rel = 'noopener';
    a.download = row.name;
    document.body.appendChild(a);
    a.click();
    a.remove();
  };
  return (
    <div className="crud-page">
      <Alert type="info" content={t(l('restoreHint'))} style={{ marginBottom: 12 }} />
      {store.error ? <Alert type="error" content={store.error} style={{ marginBottom: 12 }} /> : null}
      <CrudTable
        store={store.table}
        toolbar={['refresh', 'delete', 'quickSearch', 'search', 'columns']}
        rowButtons={['delete']}
        rowButtonVisible={{ delete: (row) => Number(row.status) !== 0 }}
        operateWidth={120}
        autoLoad={false}
        toolbarExtra={
          auth('add') ? (
            <Button type="primary" icon={<IconCloudDownload />} loading={store.starting} disabled={store.running} onClick={() => void store.backupNow()} data-testid="backup-now">
              {t(l('backupNow'))}
            </Button>
          ) : null
        }
        rowActions={[{ name: 'download', title: l('download'), icon: <IconDownload />, auth: 'download', display: (row) => Number(row.status) === 1, onClick: download }]}
      />
    </div>
  );
});
