/** Notices (/user/account/notice): the notices to members, newest first, unread ones marked; opening one marks it read. */
import '@/features/notices/i18n';
import '@/layouts/user/user.css';
import { useEffect, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { toJS } from 'mobx';
import { Button, Space, Tag } from '@arco-design/web-react';
import type { MyNotice } from '@contract/cms';
import { ListTable } from '@/components/crud/ListTable';
import { NoticeDialog, NoticeStore } from '@/features/notices';
import { noticeApi } from '@/api/cms';
import { useT } from '@/lang';
import { timeFormat } from '@/utils/time';

export default observer(function MyNoticesPage() {
  const t = useT();
  const [store] = useState(() => new NoticeStore(noticeApi.member));
  useEffect(() => {
    void store.load(1);
  }, [store]);
  return (
    <div className="ba-user-page" data-testid="my-notices">
      <Space style={{ justifyContent: 'space-between', width: '100%' }} wrap>
        <h2 className="ba-user-page-title">
          {t('notices.title')} {store.unread ? <Tag color="red" data-testid="my-notices-unread">{t('notices.unread', { count: store.unread })}</Tag> : null}
        </h2>
        {store.unread ? <Button onClick={() => void store.readAll()}>{t('notices.readAll')}</Button> : null}
      </Space>
      <ListTable
        rowKey="id"
        loading={store.loading}
        data={toJS(store.list)}
        border={false}
        scroll={{ x: 520 }}
        columns={[
          {
            title: t('notices.titleColumn'),
            dataIndex: 'title',
            render: (v: string, row: MyNotice) => (
              <Button type="text" onClick={() => void store.show(row)} data-testid="my-notice" style={{ fontWeight: row.read ? 400 : 600, padding: 0 }}>
                {v}
              </Button>
            ),
          },
          { title: t('notices.state'), dataIndex: 'read', width: 100, render: (v: boolean) => <Tag color={v ? 'gray' : 'red'}>{t(v ? 'notices.read' : 'notices.new')}</Tag> },
          { title: t('notices.published'), dataIndex: 'publish_time', width: 170, render: (v: number) => timeFormat(v) },
        ]}
        noDataElement={<div className="ba-log-empty">{t('notices.none')}</div>}
        pagination={{ current: store.page, pageSize: store.limit, total: store.total, showTotal: true, onChange: (page, size) => void store.load(page, size) }}
      />
      <NoticeDialog store={store} />
    </div>
  );
});
