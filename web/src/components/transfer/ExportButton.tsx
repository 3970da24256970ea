/**
 * "Export" for a list page: downloads `<api>/export` with the list's current filters (no paging), as CSV, or
 * with `formats` including 'xlsx' a choice of Excel (XLSX, numbers as numeric cells) or CSV. The token
 * travels in the query because a download link cannot set headers. Shown only with the export rule.
 */
import './i18n';
import { observer } from 'mobx-react-lite';
import { Button, Dropdown, Tooltip } from '@arco-design/web-react';
import { IconDownload } from '@arco-design/web-react/icon';
import { directExportUrl, type TransferFormat } from '@/api/crud';
import { choiceMenu, type Choice } from '@/components/ChoiceMenu';
import type { CrudTableStore } from '@/components/crud';
import { useAuth } from '@/hooks/useAuth';
import { getLocale, useT, type TFunction } from '@/lang';
import { useStore } from '@/stores/context';

export interface ExportButtonProps {
  api: string;
  /** the list whose filters the export takes */
  store: Pick<CrudTableStore<any>, 'indexParams' | 'total'>;
  label: string;
  /** why the export is not available right now (the button is then disabled with this tip) */
  unavailable?: string | null;
  testId: string;
  /** the formats the endpoint writes (default CSV only) */
  formats?: TransferFormat[];
}

/** The formats of an export to choose from: Excel (numbers as numeric cells) first, then CSV. */
export function exportFormats(t: TFunction, attrs: (format: TransferFormat) => Record<string, string>): Array<Choice<TransferFormat>> {
  return [
    { key: 'xlsx', label: t('transfer.exportXlsx'), attrs: attrs('xlsx') },
    { key: 'csv', label: t('transfer.exportCsv'), attrs: attrs('csv') },
  ];
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
      droplist={choiceMenu(exportFormats(t, (format) => ({ 'data-orders': `${testId}-${format}` })), download)}
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
