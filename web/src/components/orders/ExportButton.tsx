/**
 * "Export CSV" for a list page: downloads `<api>/export` with the list's current filters (no paging). The
 * token travels in the query because a download link cannot set headers. Shown only with the export rule.
 */
import { observer } from 'mobx-react-lite';
import { Button, Tooltip } from '@arco-design/web-react';
import { IconDownload } from '@arco-design/web-react/icon';
import type { CrudTableStore } from '@/components/crud';
import { useAuth } from '@/hooks/useAuth';
import { getLocale, useT } from '@/lang';
import { useStore } from '@/stores/context';
import { exportUrl } from './api';

export interface ExportButtonProps {
  api: string;
  store: CrudTableStore;
  label: string;
  /** why the export is not available right now (the button is then disabled with this tip) */
  unavailable?: string | null;
  testId: string;
}

export const ExportButton = observer(function ExportButton({ api, store, label, unavailable, testId }: ExportButtonProps) {
  const t = useT();
  const root = useStore();
  const auth = useAuth();
  if (!auth('export')) return null;
  const download = () => {
    const a = document.createElement('a');
    a.href = exportUrl(api, store.indexParams, root.adminInfo.token, getLocale());
    a.rel = 'noopener';
    a.download = '';
    document.body.appendChild(a);
    a.click();
    a.remove();
  };
  const button = (
    <Button icon={<IconDownload />} onClick={download} disabled={!!unavailable || store.total === 0} data-orders={testId}>
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
