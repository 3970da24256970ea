/**
 * The frame of the public site pages (home, channel, content, search): the site name, the top-level
 * channels, a search box, language and theme switches and the ways in (member center, back office); the
 * friendly links below. Phone-wide screens wrap the header and scroll the channel bar sideways.
 */
import './i18n';
import './site.css';
import { useEffect, useState, type ReactNode } from 'react';
import { observer } from 'mobx-react-lite';
import { Input, Space } from '@arco-design/web-react';
import { Link, useNavigate } from 'react-router-dom';
import type { HomeData } from '@contract/cms';
import { TopTools } from '@/components/TopTools';
import { LinkButton } from '@/components/LinkButton';
import { useT } from '@/lang';
import { useStore } from '@/stores/context';
import { cmsApi } from '@/api/cms';
import { useFrontBootstrap } from './bootstrap';
import { targetAttr } from './options';
import { SiteLoadStore } from './store';
import { MemberCenterLink } from '@/features/modules/MemberCenterLink';

export interface SiteLayoutProps {
  /** The home data when the page has it already (the home page); otherwise the layout loads it. */
  home?: HomeData | null;
  /** The channel to mark in the channel bar. */
  activeChannel?: number;
  children: ReactNode;
}

export const SiteLayout = observer(function SiteLayout({ home, activeChannel, children }: SiteLayoutProps) {
  const t = useT();
  const root = useStore();
  const { siteConfig, userInfo } = root;
  const navigate = useNavigate();
  const [nav] = useState(() => new SiteLoadStore<HomeData>());
  const [keywords, setKeywords] = useState('');
  useFrontBootstrap(root);
  useEffect(() => {
    if (home === undefined) void nav.run(cmsApi.home);
  }, [home, nav]);
  const data = home ?? nav.data;
  const search = (value: string) => {
    const words = value.trim();
    if (words) navigate(`/search?keywords=${encodeURIComponent(words)}`);
  };
  return (
    <div className="ba-site" data-testid="site">
      <header className="ba-site-header">
        <div className="ba-site-bar">
          <Link to="/" className="ba-site-brand" data-testid="site-brand">
            <span className="ba-site-logo" aria-hidden>
              WMS
            </span>
            <span className="ba-site-name">{siteConfig.siteName || t('home.welcome')}</span>
          </Link>
          <Input.Search
            className="ba-site-search"
            allowClear
            value={keywords}
            onChange={setKeywords}
            placeholder={t('cmsText.site.searchPlaceholder')}
            onSearch={search}
            data-testid="site-search"
          />
          <Space size={4} wrap className="ba-site-tools">
            <TopTools />
            {userInfo.isLogin ? (
              <MemberCenterLink to="/user" type="primary" size="small" testId="site-member-center">
                {t('cmsText.site.memberCenter')}
              </MemberCenterLink>
            ) : (
              <MemberCenterLink to="/user/login" type="primary" size="small" testId="site-login">
                {t('cmsText.site.memberLogin')}
              </MemberCenterLink>
            )}
            <LinkButton to="/admin/login" size="small">
              {t('cmsText.site.backOffice')}
            </LinkButton>
          </Space>
        </div>
        <nav className="ba-site-channels" aria-label={t('cmsText.site.channels')} data-testid="site-channels">
          <Link to="/" className={activeChannel === undefined ? 'is-active' : ''}>
            {t('cmsText.site.home')}
          </Link>
          {(data?.channels ?? []).map((channel) => (
            <Link key={channel.id} to={`/channel/${channel.id}`} className={activeChannel === channel.id ? 'is-active' : ''}>
              {channel.name}
            </Link>
          ))}
        </nav>
      </header>
      <main className="ba-site-main">{children}</main>
      <footer className="ba-site-footer">
        {data?.friendlyLinks.length ? (
          <div className="ba-site-links" data-testid="site-links">
            <span className="ba-site-links-title">{t('cmsText.site.friendlyLinks')}</span>
            {data.friendlyLinks.map((link) => (
              <a key={link.id} href={link.link} target={targetAttr(link.target)} rel="noopener noreferrer">
                {link.title}
              </a>
            ))}
          </div>
        ) : null}
        <div className="ba-site-copy">
          {siteConfig.siteName || t('home.welcome')}
          {siteConfig.recordNumber ? ` · ${siteConfig.recordNumber}` : ''}
        </div>
      </footer>
    </div>
  );
});

export default SiteLayout;
