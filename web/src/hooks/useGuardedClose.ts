import { useRef } from 'react';
import { Modal } from '@arco-design/web-react';
import { useT } from '@/lang';

/**
 * Closing a drawer that holds unsaved input (Escape, the mask, the close icon) never discards it silently:
 * while `dirty()` answers true it asks first ("Discard" or "Keep editing"), once at a time; otherwise it
 * closes at once. The drawer's own Cancel button stays a plain close.
 */
export function useGuardedClose(dirty: () => boolean, close: () => void): () => void {
  const t = useT();
  const asking = useRef(false);
  const latest = useRef({ dirty, close });
  latest.current = { dirty, close };
  return () => {
    if (asking.current) return;
    if (!latest.current.dirty()) {
      latest.current.close();
      return;
    }
    asking.current = true;
    Modal.confirm({
      title: t('crud.discardTitle'),
      content: t('crud.discardContent'),
      okText: t('crud.discard'),
      cancelText: t('crud.keepEditing'),
      okButtonProps: { status: 'danger' },
      className: 'crud-discard-confirm',
      onOk: () => {
        asking.current = false;
        latest.current.close();
      },
      onCancel: () => {
        asking.current = false;
      },
    });
  };
}
