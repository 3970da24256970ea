import { observer } from 'mobx-react-lite';
import { Avatar, Card, Typography } from '@arco-design/web-react';
import { IconStorage } from '@/components/Icon/icons';
import { useT } from '@/lang';
import { useStore } from '@/stores/context';
import { greeting } from '@/utils/greeting';
import { timeFormat } from '@/utils/time';
import './index.css';

/**
 * The back-office landing page: the greeting of the hour and the admin's name. The warehouse figures
 * (today's quantities, orders awaiting review, monthly charts) come with the orders; until then it says so.
 */
export default observer(function Dashboard() {
  const t = useT();
  const { adminInfo, siteConfig } = useStore();
  const name = adminInfo.nickname || adminInfo.username;
  return (
    <div className="ba-dashboard">
      <Card bordered={false} className="ba-dashboard-welcome">
        <div className="ba-dashboard-welcome-body">
          <Avatar size={64} className="ba-dashboard-avatar">
            {adminInfo.avatar ? <img src={siteConfig.fullUrl(adminInfo.avatar)} alt={name} /> : (name || '?').slice(0, 1).toUpperCase()}
          </Avatar>
          <div>
            <Typography.Title heading={5} style={{ margin: 0 }}>
              {t('dashboard.hello', { greeting: greeting(t), name })}
            </Typography.Title>
            <Typography.Text type="secondary">
              {adminInfo.super ? t('layout.superAdmin') : t('layout.administrator')}
              {adminInfo.lastlogintime ? ` · ${t('dashboard.lastLogin', { time: timeFormat(adminInfo.lastlogintime) })}` : ''}
            </Typography.Text>
          </div>
        </div>
      </Card>
      <Card bordered={false} className="ba-dashboard-note">
        <div className="ba-dashboard-note-body">
          <IconStorage className="ba-dashboard-note-icon" />
          <Typography.Paragraph style={{ margin: 0 }}>{t('dashboard.pendingNote')}</Typography.Paragraph>
        </div>
      </Card>
    </div>
  );
});
