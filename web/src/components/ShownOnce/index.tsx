/**
 * A secret the server answers once (an API token, a webhook's signing secret): shown in a dialog with a copy
 * button and the warning that it will not be shown again. `withShownOnce` wraps a page's CRUD client so the
 * `add` answer `{row, <key>}` hands the secret to the page and the table gets the row as usual.
 */
import { useState } from 'react';
import { Alert, Button, Input, Modal } from '@arco-design/web-react';
import { IconCopy } from '@arco-design/web-react/icon';
import { createCrudApi, type CrudApi } from '@/api/crud';
import { useT } from '@/lang';

export function withShownOnce(base: string, key: 'token' | 'secret', show: (secret: string) => void): CrudApi {
  const api = createCrudApi(base);
  return {
    ...api,
    async add(data) {
      const answer = (await api.add(data)) as unknown as Record<string, any>;
      if (typeof answer?.[key] === 'string') show(answer[key]);
      return answer?.row ?? answer;
    },
  };
}

export function ShownOnce({ title, secret, onClose }: { title: string; secret: string | null; onClose: () => void }) {
  const t = useT();
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret ?? '');
      setCopied(true);
    } catch {
      (document.querySelector('[data-testid="shown-once-value"] input') as HTMLInputElement | null)?.select();
    }
  };
  const close = () => {
    setCopied(false);
    onClose();
  };
  return (
    <Modal title={t(title)} visible={secret !== null} onCancel={close} maskClosable={false} footer={<Button type="primary" onClick={close}>{t('crud.shownOnceDone')}</Button>} style={{ maxWidth: 'calc(100vw - 24px)' }}>
      <Alert type="warning" content={t('crud.shownOnceWarning')} style={{ marginBottom: 12 }} />
      <Input.Group compact style={{ display: 'flex' }}>
        <Input readOnly value={secret ?? ''} data-testid="shown-once-value" style={{ flex: 1, fontFamily: 'monospace' }} />
        <Button icon={<IconCopy />} onClick={copy} data-testid="shown-once-copy">
          {t(copied ? 'crud.copied' : 'crud.copy')}
        </Button>
      </Input.Group>
    </Modal>
  );
}
