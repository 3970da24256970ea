/**
 * A list of content cards: title (in its title style; a link to the content page, or to the content's
 * own address in its link target), flags, channel, date, views, comments, members-only mark, a picture.
 * Every text is rendered as text.
 */
import { Empty, Space, Tag } from '@arco-design/web-react';
import { Link } from 'react-router-dom';
import type { ContentCard } from '@contract/cms';
import { useT } from '@/lang';
import { useStore } from '@/stores/context';
import { timeFormat } from '@/utils/time';
import { FLAG_OPTIONS, targetAttr, titleStyle } from './options';

export function ContentTitle({ item }: { item: Pick<ContentCard, 'id' | 'title' | 'title_style' | 'url' | 'target'> }) {
  const style = titleStyle(item.title_style);
  if (item.url) {
    return (
      <a href={item.url} target={targetAttr(item.target)} rel="noopener noreferrer" style={style} className="ba-site-title" data-testid="content-title">
        {item.title}
      </a>
    );
  }
  return (
    <Link to={`/content/${item.id}`} style={style} className="ba-site-title" data-testid="content-title">
      {item.title}
    </Link>
  );
}

export function ContentMeta({ item }: { item: ContentCard }) {
  const t = useT();
  return (
    <div className="ba-site-meta">
      {item.channel ? <Link to={`/channel/${item.channel.id}`}>{item.channel.name}</Link> : null}
      {item.publish_time ? <span>{timeFormat(item.publish_time, 'yyyy-mm-dd')}</span> : null}
      <span>{t('cmsText.site.views', { count: item.views })}</span>
      <span>{t('cmsText.site.comments', { count: item.comments })}</span>
      {Number(item.price) > 0 ? <span>{t('cmsText.site.price', { price: `${item.price} ${t(`cmsText.currency.${item.currency}`)}` })}</span> : null}
    </div>
  );
}

export function ContentList({ items, empty, testId }: { items: ContentCard[]; empty?: string; testId?: string }) {
  const t = useT();
  const { siteConfig } = useStore();
  if (!items.length) return <Empty description={empty ?? t('cmsText.site.empty')} />;
  return (
    <ul className="ba-site-list" data-testid={testId}>
      {items.map((item) => (
        <li key={item.id} className="ba-site-card" data-content-id={item.id}>
          {item.images[0] ? <img className="ba-site-thumb" src={siteConfig.fullUrl(item.images[0])} alt="" loading="lazy" /> : null}
          <div className="ba-site-card-body">
            <Space size={4} wrap>
              <ContentTitle item={item} />
              {item.flag.map((flag) => {
                const option = FLAG_OPTIONS.find((o) => o.value === flag);
                return option ? (
                  <Tag key={flag} size="small" color={option.color}>
                    {t(option.label)}
                  </Tag>
                ) : null;
              })}
              {item.allow_visit_groups === 2 ? (
                <Tag size="small" color="arcoblue">
                  {t('cmsText.site.membersOnly')}
                </Tag>
              ) : null}
            </Space>
            {item.description ? <p className="ba-site-desc">{item.description}</p> : null}
            <ContentMeta item={item} />
          </div>
        </li>
      ))}
    </ul>
  );
}
