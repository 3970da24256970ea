import { observer } from 'mobx-react-lite';
import { Button, Space, Typography } from '@arco-design/web-react';
import { Link } from 'react-router-dom';
import { useT } from '@/lang';
import { useStore } from '@/stores/context';
import { TopTools } from '@/components/TopTools';

/** The public home page: the site name and the ways in. */
export default observer(function Home() {
  const t = useT();
  const { siteConfig } = useStore();
  return (
    <div className="ba-public-page">
      <div className="ba-public-top">
        <TopTools />
      </div>
      <div className="ba-public-card">
        <Typography.Title heading={3}>{siteConfig.siteName || t('home.welcome')}</Typography.Title>
        <Typography.Paragraph type="secondary">{t('home.intro')}</Typography.Paragraph>
        <Space size="medium">
          <Link to="/admin/login">
            <Button type="primary">{t('home.adminLogin')}</Button>
          </Link>
          <Link to="/user/login">
            <Button>{t('home.memberLogin')}</Button>
          </Link>
        </Space>
      </div>
    </div>
  );
});
