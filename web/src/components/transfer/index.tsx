/**
 * The export and import buttons of a master-data list (toolbar extra): export of the current filters as
 * CSV or XLSX (node `export`), and an import dialog (node `import`) with templates, a progress bar while
 * the file uploads, an animated bar while the server checks the rows, and the list of every problem.
 */
import './transfer.css';
import { useState } from 'react';
import { observer } from 'mobx-react-lite';
import { Alert, Button, Dropdown, Modal, Progress, Result, Space, Table, Typography, Upload } from '@arco-design/web-react';
import { toJS } from 'mobx';
import { IconDownload, IconUpload } from '@arco-design/web-react/icon';
import { useAuth } from '@/hooks/useAuth';
import { useT } from '@/lang';
import { useStore } from '@/stores/context';
import { choiceMenu } from '@/components/ChoiceMenu';
import { exportFormats } from './ExportButton';
import { TransferStore, type TransferTable } from './store';

export interface TransferButtonsProps {
  table: TransferTable;
  /** label key of one record (`wms.product.product`): dialog title and file names. */
  entity: string;
  /** offer the import (the catalogues that have one). */
  importable?: boolean;
}

const ImportDialog = observer(function ImportDialog({ store, entity }: { store: TransferStore; entity: string }) {
  const t = useT();
  const idle = store.phase === 'idle';
  return (
    <Modal
      className="transfer-import-dialog"
      title={t('transfer.importTitle', { name: t(entity) })}
      visible={store.dialogOpen}
      onCancel={() => store.closeImport()}
      maskClosable={!store.busy}
      closable={!store.busy}
      style={{ width: 720 }}
      footer={
        <Space>
          {(store.phase === 'done' || store.phase === 'failed') && (
            <Button onClick={() => store.reset()} data-testid="import-again">
              {t('transfer.again')}
            </Button>
          )}
          <Button type="primary" disabled={store.busy} onClick={() => store.closeImport()} data-testid="import-close">
            {t('transfer.close')}
          </Button>
        </Space>
      }
    >
      <Typography.Paragraph type="secondary" className="transfer-rules">
        {t('transfer.importRules')}
      </Typography.Paragraph>
      <Space className="transfer-templates" size={8}>
        <span>{t('transfer.template')}:</span>
        <Button size="mini" type="text" icon={<IconDownload />} onClick={() => void store.downloadTemplate('xlsx')} data-testid="template-xlsx">
          {t('transfer.templateXlsx')}
        </Button>
        <Button size="mini" type="text" icon={<IconDownload />} onClick={() => void store.downloadTemplate('csv')} data-testid="template-csv">
          {t('transfer.templateCsv')}
        </Button>
      </Space>
      {idle && (
        <Upload
          drag
          accept={{ type: ".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", strict: false }}
          showUploadList={false}
          beforeUpload={(file) => {
            void store.importFile(file);
            return false;
          }}
          tip={t('transfer.importHint')}
          className="transfer-drop"
        />
      )}
      {store.phase === 'uploading' && (
        <div className="transfer-progress" data-testid="import-progress">
          <Progress percent={store.percent} width="100%" />
          <div className="transfer-progress-text">{t('transfer.uploading', { name: store.fileName, percent: store.percent })}</div>
        </div>
      )}
      {store.phase === 'processing' && (
        <div className="transfer-progress" data-testid="import-processing">
          <div className="transfer-indeterminate">
            <div className="transfer-indeterminate-bar" />
          </div>
          <div className="transfer-progress-text">{t('transfer.processing')}</div>
        </div>
      )}
      {store.phase === 'done' && <Result status="success" title={t('transfer.done', { count: store.imported })} subTitle={store.fileName} className="transfer-result" />}
      {store.phase === 'failed' && (
        <div data-testid="import-problems">
          <Alert type="error" content={store.message} className="transfer-alert" />
          {store.problems.length > 0 && (
            <Table
              className="transfer-problems"
              size="small"
              rowKey={(row) => `${row.row}-${row.field}-${row.reason}`}
              data={toJS(store.problems)}
              pagination={store.problems.length > 10 ? { pageSize: 10, size: 'small', showTotal: true } : false}
              columns={[
                { title: t('transfer.row'), dataIndex: 'row', width: 70 },
                { title: t('transfer.field'), dataIndex: 'field', width: 150 },
                { title: t('transfer.reason'), dataIndex: 'reason' },
              ]}
            />
          )}
        </div>
      )}
    </Modal>
  );
});

function TransferButtonsInner({ table, entity, importable = false }: TransferButtonsProps) {
  const t = useT();
  const auth = useAuth();
  const root = useStore();
  const [store] = useState(() => new TransferStore(root, table, entity));
  const canExport = auth('export');
  const canImport = importable && auth('import');
  if (!canExport && !canImport) return null;
  return (
    <Space size={8} className="transfer-buttons">
      {canExport && (
        <Dropdown
          trigger="click"
          droplist={choiceMenu(exportFormats(t, (format) => ({ 'data-testid': `export-${format}` })), (format) => void store.exportList(format))}
        >
          <Button icon={<IconDownload />} loading={store.exporting !== null} title={t('transfer.exportTip')} data-testid="export">
            {t('transfer.export')}
          </Button>
        </Dropdown>
      )}
      {canImport && (
        <Button icon={<IconUpload />} onClick={() => store.openImport()} data-testid="import">
          {t('transfer.import')}
        </Button>
      )}
      {canImport && <ImportDialog store={store} entity={entity} />}
    </Space>
  );
}

export const TransferButtons = observer(TransferButtonsInner);
export default TransferButtons;
export { TransferStore, exportParams } from './store';
