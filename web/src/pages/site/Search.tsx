/** Search results (/search?keywords=…): published content whose title, keywords or description match. */
import { useEffect, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { Empty, Pagination, Spin } from '@arco-design/web-react';
import { useSearchParams } from 'react-router-dom';
import type { ContentCard } from '@contract/cms';
import { ContentList } from '@/features/cms/ContentList';
import { SiteLayout } from '@/features/cms/SiteLayout';
import { SiteLoadStore } from '@/features/cms/store';
import { useT } from '@/lang';
import { cmsApi } from '@/api/cms';

const LIMIT = 10;

export default observer(function SearchView() {
  const t = useT();
  const [params] = useSearchParams();
  const keywords = (params.get('keywords') ?? '').trim();
  const [store] = useState(() => new SiteLoadStore<{ keywords: string; list: ContentCard[]; total: number }>());
  const [page, setPage] = useState(1);
  useEffect(() => setPage(1), [keywords]);
  useEffect(() => {
    if (keywords) void store.run(() => cmsApi.search(keywords, page, LIMIT));
  }, [store, keywords, page]);
  const data = store.data;
  return (
    <SiteLayout>
      <section className="ba-site-section" data-testid="search-page">
        {!keywords ? (
          <Empty description={t('cmsText.site.searchHint')} />
        ) : store.loading && !data ? (
          <Spin />
        ) : data ? (
          <>
            <h2>{data.total ? t('cmsText.site.results', { total: data.total, keywords: data.keywords }) : t('cmsText.site.noResults', { keywords: data.keywords })}</h2>
            {data.total ? <ContentList items={data.list} testId="search-list" /> : null}
            {data.total > LIMIT ? <Pagination style={{ marginTop: 12 }} current={page} pageSize={LIMIT} total={data.total} onChange={setPage} simple /> : null}
          </>
        ) : (
          <Empty description={store.error ?? ''} />
        )}
      </section>
    </SiteLayout>
  );
});
