/**
 * The public home page (/): the site's published content — top stories, recommended, hot and new items,
 * the latest, the channels and the friendly links, and the adverts of the `home` position — in the site
 * frame, in the chosen language.
 */
import { useEffect, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { Button, Result, Spin, Tag } from '@arco-design/web-react';
import { Link } from 'react-router-dom';
import type { HomeData } from '@contract/cms';
import { AdvertBanner } from '@/features/cms/AdvertBanner';
import { ContentList } from '@/features/cms/ContentList';
import { SiteLayout } from '@/features/cms/SiteLayout';
import { SiteLoadStore } from '@/features/cms/store';
import { useT } from '@/lang';
import { cmsApi } from '@/api/cms';

export default observer(function Home() {
  const t = useT();
  const [store] = useState(() => new SiteLoadStore<HomeData>());
  useEffect(() => {
    void store.run(cmsApi.home);
  }, [store]);
  const data = store.data;
  const section = (key: 'top' | 'recommend' | 'hot' | 'new', items: HomeData['top']) =>
    items.length ? (
      <section className="ba-site-section" data-testid={`home-${key}`}>
        <h2>{t(`cmsText.site.${key}`)}</h2>
        <ContentList items={items} />
      </section>
    ) : null;
  return (
    <SiteLayout home={data}>
      {store.loading && !data ? (
        <div className="ba-site-center">
          <Spin />
        </div>
      ) : store.error ? (
        <Result status="error" title={t('cmsText.site.loadFailed')} extra={<Button onClick={() => void store.run(cmsApi.home)}>{t('cmsText.site.retry')}</Button>} />
      ) : data ? (
        <div className="ba-site-grid">
          <div>
            <AdvertBanner position="home" />
            {section('top', data.top)}
            <section className="ba-site-section" data-testid="home-latest">
              <h2>{t('cmsText.site.latest')}</h2>
              <ContentList items={data.latest} />
            </section>
            {section('recommend', data.recommend)}
          </div>
          <aside>
            {section('hot', data.hot)}
            {section('new', data.new)}
            {data.channels.length ? (
              <section className="ba-site-section">
                <h3>{t('cmsText.site.channels')}</h3>
                <div className="ba-site-tags">
                  {data.channels.flatMap((channel) => [channel, ...(channel.children ?? [])]).map((channel) => (
                    <Link key={channel.id} to={`/channel/${channel.id}`}>
                      <Tag color="arcoblue">{channel.name}</Tag>
                    </Link>
                  ))}
                </div>
              </section>
            ) : null}
            {data.hotSearches.length ? (
              <section className="ba-site-section">
                <h3>{t('cmsText.site.hotSearches')}</h3>
                <div className="ba-site-tags">
                  {data.hotSearches.map((words) => (
                    <Link key={words} to={`/search?keywords=${encodeURIComponent(words)}`}>
                      <Tag>{words}</Tag>
                    </Link>
                  ))}
                </div>
              </section>
            ) : null}
          </aside>
        </div>
      ) : null}
    </SiteLayout>
  );
});
