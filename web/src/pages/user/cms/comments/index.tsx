/** My comments (/user/cms/comments): what the member wrote, on which content, and whether it is shown. */
import '@/features/cms/i18n';
import '@/layouts/user/user.css';
import { useEffect, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { toJS } from 'mobx';
import { Tag } from '@arco-design/web-react';
import { ListTable } from '@/components/crud/ListTable';
import { Link } from 'react-router-dom';
import type { MyComment } from '@contract/cms';
import { COMMENT_STATUS_OPTIONS } from '@/features/cms/options';
import { useT } from '@/lang';
import { PagedListStore } from '@/stores/pagedList';
import { timeFormat } from '@/utils/time';
import { cmsApi } from '@/api/cms';

const p = (key: string) => `frontend.user.cms.comments.${key}`;

export default observer(function MyCommentsPage() {
  const t = useT();
  const [store] = useState(() => new PagedListStore(cmsApi.myComments));
  useEffect(() => {
    void store.load(1);
  }, [store]);
  return (
    <div className="ba-user-page" data-testid="my-comments">
      <h2 className="ba-user-page-title">{t(p('title'))}</h2>
      <ListTable
        rowKey="id"
        loading={store.loading}
        data={toJS(store.list)}
        border={false}
        scroll={{ x: 640 }}
        columns={[
          { title: t(p('comment')), dataIndex: 'content', ellipsis: true, render: (v: string) => <span>{v}</span> },
          {
            title: t(p('on')),
            dataIndex: 'title',
            width: 200,
            ellipsis: true,
            render: (v: string, row: MyComment) => <Link to={`/content/${row.content_id}`}>{v}</Link>,
          },
          {
            title: t(p('status')),
            dataIndex: 'status',
            width: 100,
            render: (v: number) => {
              const option = COMMENT_STATUS_OPTIONS.find((o) => o.value === v);
              return option ? <Tag color={option.color}>{t(option.label)}</Tag> : v;
            },
          },
          { title: t(p('posted')), dataIndex: 'createtime', width: 170, render: (v: number) => timeFormat(v) },
        ]}
        noDataElement={<div className="ba-log-empty">{t(p('empty'))}</div>}
        pagination={{ current: store.page, pageSize: store.limit, total: store.total, showTotal: true, onChange: (page, size) => void store.load(page, size) }}
      />
    </div>
  );
});
