import { observer } from 'mobx-react-lite';
import { Dropdown, Menu, Tabs } from '@arco-design/web-react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useT } from '@/lang';
import { useStore } from '@/stores/context';

/** The open pages as tabs: switch, close, close others, close all. */
export const NavTabsBar = observer(function NavTabsBar({ onReload }: { onReload: () => void }) {
  const t = useT();
  const { navTabs } = useStore();
  const navigate = useNavigate();
  const location = useLocation();
  const tabs = navTabs.tabList;
  const active = navTabs.activePath || location.pathname;

  const close = (path: string) => {
    const next = navTabs.closeTab(path);
    if (next) navigate(next);
  };

  const onMenu = (key: string, path: string) => {
    if (key === 'reload') {
      if (path !== active) navigate(tabs.find((tab) => tab.path === path)?.fullPath ?? path);
      onReload();
    } else if (key === 'close') close(path);
    else if (key === 'others') {
      navTabs.closeOtherTabs(path);
      if (path !== active) navigate(tabs.find((tab) => tab.path === path)?.fullPath ?? path);
    } else if (key === 'all') navigate(navTabs.closeAllTabs());
  };

  return (
    <div className="ba-nav-tabs">
      <Tabs
        type="card-gutter"
        size="small"
        editable
        activeTab={active}
        onChange={(key) => navigate(tabs.find((tab) => tab.path === key)?.fullPath ?? key)}
        onDeleteTab={close}
        showAddButton={false}
      >
        {tabs.map((tab) => (
          <Tabs.TabPane
            key={tab.path}
            closable={tabs.length > 1}
            title={
              <Dropdown
                trigger="contextMenu"
                position="bl"
                droplist={
                  <Menu onClickMenuItem={(key) => onMenu(key, tab.path)}>
                    <Menu.Item key="reload">{t('layout.refreshTab')}</Menu.Item>
                    <Menu.Item key="close" disabled={tabs.length <= 1}>
                      {t('layout.closeTab')}
                    </Menu.Item>
                    <Menu.Item key="others">{t('layout.closeOtherTabs')}</Menu.Item>
                    <Menu.Item key="all">{t('layout.closeAllTabs')}</Menu.Item>
                  </Menu>
                }
              >
                <span>{tab.title}</span>
              </Dropdown>
            }
          />
        ))}
      </Tabs>
    </div>
  );
});
