import { observer } from 'mobx-react-lite';
import { Button, Layout } from '@arco-design/web-react';
import { IconMenuFold, IconMenuUnfold } from '@/components/Icon/icons';
import { useT } from '@/lang';
import { useStore } from '@/stores/context';
import { MENU_WIDTH, MENU_WIDTH_COLLAPSED } from '@/stores/config';
import { Logo } from './components/Logo';
import { SideMenu } from './components/SideMenu';
import { Breadcrumbs } from './components/Breadcrumbs';
import { HeaderTools } from './components/HeaderTools';
import { MainContent } from './Content';

/** Classic layout: a full-width top bar with the logo; the menu below it on the left. */
export const ClassicLayout = observer(function ClassicLayout() {
  const t = useT();
  const { config } = useStore();
  return (
    <Layout className="ba-layout ba-layout-classic">
      <Layout.Header className="ba-header ba-header-classic">
        <div className="ba-header-left">
          <div style={{ width: config.menuWidth - 16 }} className="ba-classic-logo">
            <Logo collapsed={config.menuCollapse} />
          </div>
          <Button
            type="text"
            icon={config.menuCollapse ? <IconMenuUnfold /> : <IconMenuFold />}
            onClick={config.toggleMenuCollapse}
            aria-label={config.menuCollapse ? t('layout.expandMenu') : t('layout.collapseMenu')}
            data-testid="menu-collapse"
          />
          <Breadcrumbs />
        </div>
        <HeaderTools />
      </Layout.Header>
      <Layout className="ba-layout-body">
        <Layout.Sider className="ba-sider" width={MENU_WIDTH} collapsedWidth={MENU_WIDTH_COLLAPSED} collapsed={config.menuCollapse} trigger={null}>
          <div className="ba-sider-menu">
            <SideMenu />
          </div>
        </Layout.Sider>
        <Layout className="ba-layout-right">
          <MainContent />
        </Layout>
      </Layout>
    </Layout>
  );
});
