/**
 * "Labels" on a list's toolbar (products, shelves): bar-code labels of the selected rows, as a PDF in a new
 * tab (A4 label sheets or a 60 × 40 mm label printer) or as PNG (one image, a ZIP for several), downloaded
 * through the request layer so a refusal shows its message. Shown with the list's `labels` rule.
 */
import './i18n';
import { useState } from 'react';
import { makeAutoObservable, runInAction } from 'mobx';
import { observer } from 'mobx-react-lite';
import { Button, Dropdown, Tooltip } from '@arco-design/web-react';
import { IconDown, IconTag } from '@arco-design/web-react/icon';
import dayjs from 'dayjs';
import { inDisplayZone } from '@/utils/time';
import { actionUrl, download } from '@/api/crud';
import { directUrl, errorMessage } from '@/api/request';
import { choiceMenu } from '@/components/ChoiceMenu';
import { saveBlob } from '@/components/transfer/saveBlob';
import { useAuth } from '@/hooks/useAuth';
import { getLocale, t as translate, useT } from '@/lang';
import { useStore } from '@/stores/context';
import { openInNewTab } from './newTab';

/** The server prints at most this many labels per request. */
export const MAX_LABELS = 1000;

export const LABEL_CHOICES = ['a4', 'roll', 'png'] as const;
export type LabelChoice = (typeof LABEL_CHOICES)[number];

export interface LabelTable {
  api: { base: string };
  selectedKeys: Array<string | number>;
}

/** The query of a label request: ids as one comma list (a thousand of them still make a short URL). */
export function labelParams(ids: Array<string | number>, choice: LabelChoice): Record<string, string> {
  return choice === 'png' ? { ids: ids.join(','), format: 'png' } : { ids: ids.join(','), format: 'pdf', layout: choice };
}

/** The PNG labels (one image, a ZIP for several), downloaded through the request layer so a refusal shows its message. */
export class LabelDownloadStore {
  busy = false;

  constructor(
    private readonly notify: (type: 'error', message: string) => void,
    private readonly fetchFile: typeof download = download,
  ) {
    makeAutoObservable<this, 'notify' | 'fetchFile'>(this, { notify: false, fetchFile: false });
  }

  async savePng(url: string, ids: Array<string | number>, name: string): Promise<void> {
    this.busy = true;
    try {
      const blob = await this.fetchFile(url, labelParams(ids, 'png'));
      saveBlob(blob, `${name}-${inDisplayZone(Date.now()).format('YYYYMMDD-HHmmss')}.${blob.type.includes('zip') ? 'zip' : 'png'}`);
    } catch (e) {
      this.notify('error', errorMessage(e, translate('documents.failed')));
    } finally {
      runInAction(() => (this.busy = false));
    }
  }
}

export const LabelButton = observer(function LabelButton({ table, entity }: { table: LabelTable; entity: string }) {
  const t = useT();
  const auth = useAuth();
  const root = useStore();
  const [labels] = useState(() => new LabelDownloadStore(root.notify));
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
    await labels.savePng(url, ids, t(entity));
  };

  const button = (
    <Button icon={<IconTag />} disabled={!ids.length} loading={labels.busy} title={ids.length ? t('documents.labelsTip') : undefined} data-testid="labels">
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
      droplist={choiceMenu(
        LABEL_CHOICES.map((key) => ({ key, label: t(`documents.${key}`), attrs: { 'data-testid': `labels-${key}` } })),
        (key) => void print(key),
      )}
    >
      {button}
    </Dropdown>
  );
});

export default LabelButton;
