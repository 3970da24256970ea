/**
 * The page of a safety log (recycle bin, sensitive-data log): the list with its export and its undo action
 * (restore or roll back) on selected rows and per row, the detail drawer, and the outcome of the last undo. Each log
 * says its columns, what its detail shows of a row and how its undo is named.
 */
import { useState, type ReactNode } from 'react';
import { observer } from 'mobx-react-lite';
import { Alert, Button, Descriptions, Drawer, Space, Tag } from '@arco-design/web-react';
import { IconEye, IconUndo } from '@arco-design/web-react/icon';
import { CrudTable, formatDatetime, type CrudColumn } from '@/components/crud';
import { ExportButton } from '@/components/transfer/ExportButton';
import { useAuth } from '@/hooks/useAuth';
import { useT, type TFunction } from '@/lang';
import { useStore } from '@/stores/context';
import { OutcomeModal } from './OutcomeModal';
import { SafetyLogStore } from './store';

type Row = Record<string, any>;

export interface SafetyLog {
  api: string;
  /** The log's language keys: `<lang>.<key>`. */
  lang: string;
  columns: CrudColumn[];
  /** Keys (in `lang`) of the fields the quick search looks in. */
  quickSearch: string[];
  /** The undo: `restore` or `rollback` (the permission node and the language keys `<undo>Selected`, `<undo>`). */
  undo: 'restore' | 'rollback';
  /** The column that says a row was undone, and the keys of its label and of its two states. */
  undone: { column: string; label: string; yes: string; no: string };
  undoStatus: 'success' | 'warning';
  /** A confirmation before undoing one row. */
  undoConfirm?: string;
  /** Whether a row can be undone at all. */
  undoable: (row: Row) => boolean;
  /** The message of a row undone in the outcome. */
  doneLabel: string;
  /** The test id of the "undo selected" button. */
  selectedTestId: string;
  detailWidth: number;
  /** The detail's own rows, between the table row and who did it. */
  detailRows?: (row: Row, t: TFunction) => Array<{ label: ReactNode; value: ReactNode }>;
  /** What the detail shows below its rows. */
  detailBelow?: (row: Row, t: TFunction) => ReactNode;
}

const Detail = observer(function Detail({ store, log }: { store: SafetyLogStore; log: SafetyLog }) {
  const t = useT();
  const l = (key: string) => `${log.lang}.${key}`;
  const row = store.detail;
  return (
    <Drawer
      className="safety-drawer"
      width={Math.min(log.detailWidth, typeof window !== 'undefined' ? window.innerWidth : log.detailWidth)}
      title={t(l('detail'))}
      visible={!!row}
      onCancel={() => store.closeDetail()}
      footer={null}
    >
      {row && (
        <>
          <Descriptions
            column={1}
            border
            labelStyle={{ width: 120 }}
            data={[
              { label: t(l('dataTable')), value: `${row.data_table} #${row.id_value}` },
              ...(log.detailRows?.(row, t) ?? []),
              { label: t(l('admin')), value: row.admin?.username ?? row.admin_id },
              { label: t(l('ip')), value: row.ip || '-' },
              { label: t(l('createtime')), value: formatDatetime(row.createtime) },
              { label: t(log.undone.label), value: row[log.undone.column] ? <Tag color="green">{t(log.undone.yes)}</Tag> : <Tag>{t(log.undone.no)}</Tag> },
            ]}
          />
          {log.detailBelow?.(row, t)}
        </>
      )}
    </Drawer>
  );
});

export const SafetyLogPage = observer(function SafetyLogPage({ log }: { log: SafetyLog }) {
  const t = useT();
  const root = useStore();
  const auth = useAuth();
  const l = (key: string) => `${log.lang}.${key}`;
  const [store] = useState(() => new SafetyLogStore(root, log.api, log.columns, log.quickSearch.map(l), log.undo));
  const selected = store.table.selectedKeys;
  return (
    <div className="crud-page">
      {store.error ? <Alert type="error" content={store.error} style={{ marginBottom: 12 }} /> : null}
      <CrudTable
        store={store.table}
        toolbar={['refresh', 'delete', 'quickSearch', 'search', 'columns']}
        rowButtons={['delete']}
        selectionNodes={['del', log.undo]}
        operateWidth={130}
        toolbarExtra={
          <Space>
            {auth(log.undo) ? (
              <Button icon={<IconUndo />} type="primary" status={log.undoStatus} disabled={!selected.length} loading={store.loading} onClick={() => void store.run(selected)} data-testid={log.selectedTestId}>
                {t(l(`${log.undo}Selected`))}
              </Button>
            ) : null}
            <ExportButton api={log.api} store={store.table} label="transfer.export" formats={['xlsx', 'csv']} testId={`${log.undo}-log-export`} />
          </Space>
        }
        rowActions={[
          { name: 'info', title: 'crud.info', icon: <IconEye />, auth: 'info', onClick: (row) => void store.openDetail(row.id) },
          {
            name: log.undo,
            title: l(log.undo),
            icon: <IconUndo />,
            auth: log.undo,
            status: log.undoStatus,
            ...(log.undoConfirm ? { confirm: log.undoConfirm } : {}),
            display: log.undoable,
            onClick: (row) => void store.run([row.id]),
          },
        ]}
      />
      <Detail store={store} log={log} />
      <OutcomeModal store={store} doneLabel={log.doneLabel} />
    </div>
  );
});
