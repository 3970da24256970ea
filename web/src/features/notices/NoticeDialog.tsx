import '@/components/RichText/rich-text.css';
import { observer } from 'mobx-react-lite';
import { Modal } from '@arco-design/web-react';
import { useT } from '@/lang';
import { timeFormat } from '@/utils/time';
import type { NoticeStore } from './store';

/** One notice in full: its title, time and body (rich text the server sanitised). */
export const NoticeDialog = observer(function NoticeDialog({ store }: { store: NoticeStore }) {
  const t = useT();
  const notice = store.open;
  return (
    <Modal visible={!!notice} title={notice?.title} footer={null} onCancel={store.close} style={{ maxWidth: 'calc(100vw - 32px)' }} data-testid="notice-dialog">
      {notice ? (
        <>
          <div style={{ color: 'var(--color-text-3)', marginBottom: 8 }}>
            {t('notices.published')}: {timeFormat(notice.publish_time)}
          </div>
          {/* the server's sanitiser kept only its allow-list of tags and attributes */}
          <div className="ba-article-body" data-testid="notice-body" dangerouslySetInnerHTML={{ __html: notice.content }} />
        </>
      ) : null}
    </Modal>
  );
});
