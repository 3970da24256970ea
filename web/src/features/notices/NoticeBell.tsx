import './i18n';
import { useEffect, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { Badge, Button, Empty, Popover, Tooltip } from '@arco-design/web-react';
import { IconNotification } from '@/components/Icon/icons';
import { noticeApi } from '@/api/cms';
import { useT } from '@/lang';
import { timeFormat } from '@/utils/time';
import { NoticeDialog } from './NoticeDialog';
import { NoticeStore } from './store';

/** The back office header's notices: a bell with the unread count, the latest notices under it; opening one marks it read. */
export const NoticeBell = observer(function NoticeBell() {
  const t = useT();
  const [store] = useState(() => new NoticeStore(noticeApi.admin, 8));
  useEffect(() => {
    void store.load(1);
  }, [store]);
  const list = (
    <div className="ba-notice-pop" style={{ width: 300, maxWidth: 'calc(100vw - 32px)' }} data-testid="notice-list">
      {store.list.length ? (
        store.list.map((notice) => (
          <button
            type="button"
            key={notice.id}
            className="ba-notice-item"
            data-testid="notice-item"
            onClick={() => void store.show(notice)}
            style={{ display: 'block', width: '100%', textAlign: 'left', background: 'none', border: 0, padding: '6px 4px', cursor: 'pointer', color: 'inherit' }}
          >
            <Badge dot={!notice.read} offset={[6, 0]}>
              <span style={{ fontWeight: notice.read ? 400 : 600 }}>{notice.title}</span>
            </Badge>
            <div style={{ fontSize: 12, color: 'var(--color-text-3)' }}>{timeFormat(notice.publish_time)}</div>
          </button>
        ))
      ) : (
        <Empty description={t('notices.none')} />
      )}
      {store.unread > 0 ? (
        <Button type="text" size="small" long onClick={() => void store.readAll()} data-testid="notice-read-all">
          {t('notices.readAll')}
        </Button>
      ) : null}
    </div>
  );
  return (
    <>
      <Popover trigger="click" position="br" title={t('notices.title')} content={list} onVisibleChange={(visible) => visible && void store.load(1)}>
        <Tooltip content={store.unread ? t('notices.unread', { count: store.unread }) : t('notices.title')}>
          <Button type="text" aria-label={t('notices.title')} data-testid="notice-bell">
            <Badge count={store.unread} maxCount={99} dotStyle={{ fontSize: 10 }} data-testid="notice-unread">
              <IconNotification style={{ fontSize: 16 }} />
            </Badge>
          </Button>
        </Tooltip>
      </Popover>
      <NoticeDialog store={store} />
    </>
  );
});
