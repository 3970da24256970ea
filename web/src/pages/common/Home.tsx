import { useEffect } from 'react';
import { observer } from 'mobx-react-lite';
import { runInAction } from 'mobx';
import { Button, Space, Typography } from '@arco-design/web-react';
import { Link } from 'react-router-dom';
import { getFrontIndex } from '@/api/user';
import { useT } from '@/lang';
import { useStore } from '@/stores/context';
import { TopTools } from '@/components/TopTools';
import { withoutTokens } from '@/layouts/user/session';

/**
 * The public home page: the site name and the ways in (member center, back office). The front bootstrap
 * (GET /api/index/index) brings the site settings and, for a signed-in member, the member.
 */
export default observer(function Home() {
  const t = useT();
  const { siteConfig, userInfo } = useStore();

  useEffect(() => {
    let alive = true;
    getFrontIndex()
      .then((res) => {
        if (!alive) return;
        runInAction(() => {
          siteConfig.dataFill({ ...res.data.site, apiUrl: '' });
          if (res.data.userInfo) userInfo.dataFill(withoutTokens(res.data.userInfo));
          // a token the server no longer knows, with nothing to refresh it: signed out
          else if (userInfo.token && !userInfo.refreshToken) userInfo.reset();
        });
      })
      .catch(() => undefined);
    return () => {
      alive = false;
    };
  }, [siteConfig, userInfo]);

  const name = userInfo.nickname || userInfo.username;
  return (
    <div className="ba-public-page">
      <div className="ba-public-top">
        <TopTools />
      </div>
      <div className="ba-public-card">
        <Typography.Title heading={3}>{siteConfig.siteName || t('home.welcome')}</Typography.Title>
        <Typography.Paragraph type="secondary">{t('home.intro')}</Typography.Paragraph>
        {userInfo.isLogin && name ? (
          <Typography.Paragraph data-testid="home-member">{t('home.signedInAs', { name })}</Typography.Paragraph>
        ) : null}
        <Space size="medium" wrap style={{ justifyContent: 'center' }}>
          {userInfo.isLogin ? (
            <Link to="/user">
              <Button type="primary">{t('home.memberCenter')}</Button>
            </Link>
          ) : (
            <Link to="/user/login">
              <Button type="primary">{t('home.memberLogin')}</Button>
            </Link>
          )}
          <Link to="/admin/login">
            <Button>{t('home.adminEntry')}</Button>
          </Link>
        </Space>
        {siteConfig.recordNumber ? (
          <Typography.Paragraph type="secondary" style={{ marginTop: 24, fontSize: 12 }}>
            {siteConfig.recordNumber}
          </Typography.Paragraph>
        ) : null}
      </div>
    </div>
  );
});
