/**
 * "Export" for a list page: downloads `<api>/export` with the list's current filters (no paging), as CSV, or
 * with `formats` including 'xlsx' a choice of Excel (XLSX, numbers as numeric cells) or CSV. The token
 * travels in the query because a download link cannot set headers. Shown only with the export rule.
 */
import '@/components/transfer/i18n';
import { observer } from 'mobx-react-lite';
import { Button, Dropdown, Menu, Tooltip } from '@arco-design/web-react';
import { IconDownload } from '@arco-design/web-react/icon';
import type { CrudTableStore } from '@/components/crud';
import { useAuth } from '@/hooks/useAuth';
import { getLocale, useT } from '@/lang';
import { useStore } from '@/stores/context';
import { directExportUrl } from '@/api/crud';

export interface ExportButtonProps {
  api: string;
  /** the list whose filters the export takes */
  store: Pick<CrudTableStore<any>, 'indexParams' | 'total'>;
  label: string;
  /** why the export is not available right now (the button is then disabled with this tip) */
  unavailable?: string | null;
  testId: string;
  /** the formats the endpoint writes (default CSV only) */
  formats?: Array<'csv' | 'xlsx'>;
}

export const ExportButton = observer(function ExportButton({ api, store, label, unavailable, testId, formats = ['csv'] }: ExportButtonProps) {
  const t = useT();
  const root = useStore();
  const auth = useAuth();
  if (!auth('export')) return null;
  const download = (format?: 'csv' | 'xlsx') => {
    const a = document.createElement('a');
    a.href = directExportUrl(api, format ? { ...store.indexParams, format } : store.indexParams, root.adminInfo.token, getLocale());
    a.rel = 'noopener';
    a.download = '';
    document.body.appendChild(a);
    a.click();
    a.remove();
  };
  const disabled = !!unavailable || store.total === 0;
  const button = formats.includes('xlsx') ? (
    <Dropdown
      trigger="click"
      disabled={disabled}
      droplist={
        <Menu onClickMenuItem={(key) => download(key as 'csv' | 'xlsx')}>
          <Menu.Item key="xlsx" data-orders={`${testId}-xlsx`}>
            {t('transfer.exportXlsx')}
          </Menu.Item>
          <Menu.Item key="csv" data-orders={`${testId}-csv`}>
            {t('transfer.exportCsv')}
          </Menu.Item>
        </Menu>
      }
    >
      <Button icon={<IconDownload />} disabled={disabled} data-orders={testId}>
        {t(label)}
      </Button>
    </Dropdown>
  ) : (
    <Button icon={<IconDownload />} onClick={() => download()} disabled={disabled} data-orders={testId}>
      {t(label)}
    </Button>
  );
  return unavailable ? (
    <Tooltip content={t(unavailable)}>
      <span>{button}</span>
    </Tooltip>
  ) : (
    button
  );
});
