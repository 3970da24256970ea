/**
 * "Labels" on a list's toolbar (products, shelves): bar-code labels of the selected rows, as a PDF in a new
 * tab (A4 label sheets or a 60 × 40 mm label printer) or as PNG (one image, a ZIP for several), downloaded
 * through the request layer so a refusal shows its message. Shown with the list's `labels` rule.
 */
import './i18n';
import { useState } from 'react';
import { observer } from 'mobx-react-lite';
import { Button, Dropdown, Menu, Tooltip } from '@arco-design/web-react';
import { IconDown, IconTag } from '@arco-design/web-react/icon';
import dayjs from 'dayjs';
import { actionUrl } from '@/components/crud/api';
import { download, saveBlob } from '@/components/transfer/api';
import { useAuth } from '@/hooks/useAuth';
import { getLocale, useT } from '@/lang';
import { useStore } from '@/stores/context';
import { directUrl, openInNewTab } from './directUrl';

/** The server prints at most this many labels per request. */
export const MAX_LABELS = 1000;

export type LabelChoice = 'a4' | 'roll' | 'png';

export interface LabelTable {
  api: { base: string };
  selectedKeys: Array<string | number>;
}

/** The query of a label request: ids as one comma list (a thousand of them still make a short URL). */
export function labelParams(ids: Array<string | number>, choice: LabelChoice): Record<string, string> {
  return choice === 'png' ? { ids: ids.join(','), format: 'png' } : { ids: ids.join(','), format: 'pdf', layout: choice };
}

export const LabelButton = observer(function LabelButton({ table, entity }: { table: LabelTable; entity: string }) {
  const t = useT();
  const auth = useAuth();
  const root = useStore();
  const [busy, setBusy] = useState(false);
  if (!auth('labels')) return null;
  const ids = table.selectedKeys;
  const url = actionUrl(table.api.base, 'labels');

  const print = async (choice: LabelChoice) => {
    if (ids.length > MAX_LABELS) {
      root.notify('warning', t('documents.tooMany', { max: MAX_LABELS }));
      return;
    }
    if (choice !== 'png') {
      openInNewTab(directUrl(url, labelParams(ids, choice), root.adminInfo.token, getLocale()));
      return;
    }
    setBusy(true);
    try {
      const blob = await download(url, labelParams(ids, 'png'));
      saveBlob(blob, `${t(entity)}-${dayjs().format('YYYYMMDD-HHmmss')}.${blob.type.includes('zip') ? 'zip' : 'png'}`);
    } catch (e) {
      root.notify('error', (e as { msg?: string })?.msg ?? t('documents.failed'));
    } finally {
      setBusy(false);
    }
  };

  const button = (
    <Button icon={<IconTag />} disabled={!ids.length} loading={busy} title={ids.length ? t('documents.labelsTip') : undefined} data-testid="labels">
      {t('documents.labels')}
      {ids.length ? ` (${ids.length})` : ''} <IconDown />
    </Button>
  );
  if (!ids.length) {
    return (
      <Tooltip content={t('documents.selectFirst')}>
        <span data-testid="labels-disabled">{button}</span>
      </Tooltip>
    );
  }
  return (
    <Dropdown
      trigger="click"
      droplist={
        <Menu onClickMenuItem={(key) => void print(key as LabelChoice)}>
          <Menu.Item key="a4" data-testid="labels-a4">
            {t('documents.a4')}
          </Menu.Item>
          <Menu.Item key="roll" data-testid="labels-roll">
            {t('documents.roll')}
          </Menu.Item>
          <Menu.Item key="png" data-testid="labels-png">
            {t('documents.png')}
          </Menu.Item>
        </Menu>
      }
    >
      {button}
    </Dropdown>
  );
});

export default LabelButton;
