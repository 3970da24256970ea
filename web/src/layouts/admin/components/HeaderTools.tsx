import { useEffect, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { Avatar, Button, Divider, Dropdown, Menu, Modal, Space, Tooltip } from '@arco-design/web-react';
import { IconFullscreen, IconFullscreenExit, IconLayout, IconPoweroff, IconUser } from '@/components/Icon/icons';
import { useNavigate } from 'react-router-dom';
import { useT } from '@/lang';
import { useStore } from '@/stores/context';
import type { LayoutMode } from '@/stores/config';
import { LanguageSwitch, ThemeSwitch } from '@/components/TopTools';
import { TerminalButton } from '@/features/terminal';
import { NoticeBell } from '@/features/notices';
import { roleOf } from '@/utils/role';
import { ClearCacheButton } from './ClearCacheButton';

function useFullscreen(): [boolean, () => void] {
  const [full, setFull] = useState(Boolean(typeof document !== 'undefined' && document.fullscreenElement));
  useEffect(() => {
    const onChange = () => setFull(Boolean(document.fullscreenElement));
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);
  const toggle = () => {
    if (document.fullscreenElement) document.exitFullscreen?.();
    else document.documentElement.requestFullscreen?.().catch(() => undefined);
  };
  return [full, toggle];
}

/** Language, theme, layout, notices, clear cache, full screen and the admin menu (profile, sign out). */
export const HeaderTools = observer(function HeaderTools() {
  const t = useT();
  const { config, adminInfo, siteConfig, navTabs } = useStore();
  const navigate = useNavigate();
  const [full, toggleFull] = useFullscreen();
  const name = adminInfo.nickname || adminInfo.username;
  const profile = navTabs.findByName('routine/adminInfo');

  const logout = () => {
    Modal.confirm({
      title: t('layout.logout'),
      content: t('layout.logoutConfirm'),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        const ok = await adminInfo.logout();
        if (ok) navigate('/admin/login', { replace: true });
      },
    });
  };

  return (
    <Space size={4} className="ba-header-tools">
      <LanguageSwitch testId="lang-switch" />
      <ThemeSwitch testId="theme-switch" />
      <Dropdown
        position="br"
        droplist={
          <Menu selectedKeys={[config.layoutMode]} onClickMenuItem={(key) => config.setLayoutMode(key as LayoutMode)}>
            <Menu.Item key="Default">{t('layout.Default')}</Menu.Item>
            <Menu.Item key="Classic">{t('layout.Classic')}</Menu.Item>
          </Menu>
        }
      >
        <Tooltip content={t('layout.layoutMode')}>
          <Button type="text" icon={<IconLayout />} aria-label={t('layout.layoutMode')} data-testid="layout-switch" />
        </Tooltip>
      </Dropdown>
      <NoticeBell />
      <TerminalButton />
      <ClearCacheButton />
      <Tooltip content={full ? t('layout.exitFullScreen') : t('layout.fullScreen')}>
        <Button type="text" data-testid="fullscreen" icon={full ? <IconFullscreenExit /> : <IconFullscreen />} onClick={toggleFull} aria-label={full ? t('layout.exitFullScreen') : t('layout.fullScreen')} />
      </Tooltip>
      <Divider type="vertical" />
      <Dropdown
        position="br"
        droplist={
          <Menu
            onClickMenuItem={(key) => {
              if (key === 'profile' && profile) navigate(profile.path);
              if (key === 'logout') logout();
            }}
          >
            <div className="ba-admin-card">
              <div className="ba-admin-card-name">{name}</div>
              <div className="ba-admin-card-role">{roleOf(adminInfo, t)}</div>
            </div>
            {profile && (
              <Menu.Item key="profile">
                <IconUser style={{ marginRight: 8 }} />
                {t('layout.profile')}
              </Menu.Item>
            )}
            <Menu.Item key="logout">
              <IconPoweroff style={{ marginRight: 8 }} />
              {t('layout.logout')}
            </Menu.Item>
          </Menu>
        }
      >
        <button type="button" className="ba-admin-button" data-testid="admin-menu">
          <Avatar size={28} className="ba-admin-avatar">
            {adminInfo.avatar ? <img src={siteConfig.fullUrl(adminInfo.avatar)} alt={name} /> : (name || '?').slice(0, 1).toUpperCase()}
          </Avatar>
          <span className="ba-admin-name">{name}</span>
        </button>
      </Dropdown>
    </Space>
  );
});
