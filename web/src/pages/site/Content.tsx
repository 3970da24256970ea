/**
 * A content page (/content/:id): the title (in its title style, as text), channel path, author, date,
 * tags, the body — the only HTML the site shows, sanitised by the server's allow-list — and the comments.
 * Members-only content asks a visitor to sign in; paid content shows its price and a buy button until the
 * member bought it (the server withholds the body until then). A content model's extra fields are listed.
 */
import '@/components/RichText/rich-text.css';
import { useEffect, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { Result, Space, Spin, Tag } from '@arco-design/web-react';
import { Link, useParams } from 'react-router-dom';
import type { ContentPage } from '@contract/cms';
import { CommentBox } from '@/features/cms/CommentBox';
import { ContentMeta } from '@/features/cms/ContentList';
import { titleStyle } from '@/features/cms/options';
import { SiteLayout } from '@/features/cms/SiteLayout';
import { SiteLoadStore } from '@/features/cms/store';
import { useT } from '@/lang';
import { useStore } from '@/stores/context';
import { cmsApi } from '@/api/cms';
import { BuyStore, PaidNotice } from '@/features/cms/PaidNotice';
import { MemberCenterLink } from '@/features/modules/MemberCenterLink';

export default observer(function ContentView() {
  const t = useT();
  const id = Number(useParams().id);
  const { userInfo, siteConfig } = useStore();
  const [store] = useState(() => new SiteLoadStore<ContentPage>());
  const [buy] = useState(() => new BuyStore());
  useEffect(() => {
    void store.run(() => cmsApi.content(id));
  }, [store, id, userInfo.isLogin]);
  const item = store.data;
  return (
    <SiteLayout activeChannel={item?.channel_id}>
      {store.loading && !item ? (
        <div className="ba-site-center">
          <Spin />
        </div>
      ) : store.needLogin ? (
        <Result
          status="403"
          title={t('cmsText.site.loginToRead')}
          extra={
            <MemberCenterLink to="/user/login" type="primary">
              {t('cmsText.site.signIn')}
            </MemberCenterLink>
          }
        />
      ) : !item ? (
        <Result status="404" title={t('cmsText.site.notFound')} />
      ) : (
        <>
          <article className="ba-site-section ba-article" data-testid="article">
            <h1 style={titleStyle(item.title_style)} data-testid="article-title">
              {item.title}
            </h1>
            <ContentMeta item={item} />
            {item.author ? <div className="ba-site-meta">{t('cmsText.site.author', { name: item.author })}</div> : null}
            {item.tags.length || item.channels.length ? (
              <Space size={4} wrap style={{ marginTop: 8 }}>
                {item.tags.map((tag) => (
                  <Tag key={tag.id} size="small">
                    {tag.name}
                  </Tag>
                ))}
                {item.channels.map((channel) => (
                  <Link key={channel.id} to={`/channel/${channel.id}`}>
                    <Tag size="small" color="arcoblue">
                      {t('cmsText.site.alsoIn')} {channel.name}
                    </Tag>
                  </Link>
                ))}
              </Space>
            ) : null}
            {item.extra.length ? (
              <dl className="ba-article-extra" data-testid="article-extra">
                {item.extra
                  .filter((field) => field.value !== null && field.value !== '')
                  .map((field) => (
                    <div key={field.name} style={{ display: 'flex', gap: 8 }}>
                      <dt style={{ color: 'var(--color-text-3)' }}>{field.title}</dt>
                      <dd style={{ margin: 0 }}>{field.type === 'image' ? <img src={siteConfig.fullUrl(String(field.value))} alt={field.title} style={{ maxWidth: 240 }} /> : String(field.value)}</dd>
                    </div>
                  ))}
              </dl>
            ) : null}
            {item.locked ? (
              <PaidNotice price={item.price} currency={item.currency} signedIn={userInfo.isLogin} onBuy={() => void buy.run(item.id, () => store.run(() => cmsApi.content(id)))} buying={buy.loading} />
            ) : (
              /* the server's sanitiser kept only its allow-list of tags and attributes */
              <div className="ba-article-body" data-testid="article-body" dangerouslySetInnerHTML={{ __html: item.content }} />
            )}
          </article>
          <CommentBox key={item.id} contentId={item.id} commentGroup={item.allow_comment_groups} />
        </>
      )}
    </SiteLayout>
  );
});
