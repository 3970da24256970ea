/** A channel page (/channel/:id): its path, sub-channels and content (its sub-channels' too), paged. */
import { useEffect, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { Breadcrumb, Pagination, Result, Spin, Tag } from '@arco-design/web-react';
import { Link, useParams } from 'react-router-dom';
import type { ChannelPage } from '@contract/cms';
import { ContentList } from '@/features/cms/ContentList';
import { SiteLayout } from '@/features/cms/SiteLayout';
import { SiteLoadStore } from '@/features/cms/store';
import { useT } from '@/lang';
import { cmsApi } from '@/api/cms';

const LIMIT = 10;

export default observer(function ChannelView() {
  const t = useT();
  const id = Number(useParams().id);
  const [store] = useState(() => new SiteLoadStore<ChannelPage>());
  const [page, setPage] = useState(1);
  useEffect(() => setPage(1), [id]);
  useEffect(() => {
    void store.run(() => cmsApi.channel(id, page, LIMIT));
  }, [store, id, page]);
  const data = store.data;
  return (
    <SiteLayout activeChannel={data?.path[0]?.id ?? id}>
      {store.loading && !data ? (
        <div className="ba-site-center">
          <Spin />
        </div>
      ) : !data ? (
        <Result status="404" title={t('cmsText.site.channelNotFound')} />
      ) : (
        <section className="ba-site-section" data-testid="channel-page">
          <Breadcrumb>
            <Breadcrumb.Item>
              <Link to="/">{t('cmsText.site.home')}</Link>
            </Breadcrumb.Item>
            {data.path.map((node) => (
              <Breadcrumb.Item key={node.id}>
                <Link to={`/channel/${node.id}`}>{node.name}</Link>
              </Breadcrumb.Item>
            ))}
          </Breadcrumb>
          <h2 style={{ marginTop: 12 }}>{data.channel.name}</h2>
          {data.channel.description ? <p className="ba-site-desc">{data.channel.description}</p> : null}
          {data.children.length ? (
            <div className="ba-site-tags" style={{ margin: '8px 0' }}>
              {data.children.map((child) => (
                <Link key={child.id} to={`/channel/${child.id}`}>
                  <Tag color="arcoblue">{child.name}</Tag>
                </Link>
              ))}
            </div>
          ) : null}
          <ContentList items={data.list} empty={t('cmsText.site.emptyChannel')} testId="channel-list" />
          {data.total > LIMIT ? <Pagination style={{ marginTop: 12 }} current={page} pageSize={LIMIT} total={data.total} onChange={setPage} simple /> : null}
        </section>
      )}
    </SiteLayout>
  );
});
