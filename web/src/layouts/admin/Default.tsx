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

/** Default layout: the menu runs the full height on the left, header and tabs beside it. */
export const DefaultLayout = observer(function DefaultLayout() {
  const t = useT();
  const { config } = useStore();
  return (
    <Layout className="ba-layout ba-layout-default">
      <Layout.Sider className="ba-sider" width={MENU_WIDTH} collapsedWidth={MENU_WIDTH_COLLAPSED} collapsed={config.menuCollapse} trigger={null}>
        <Logo collapsed={config.menuCollapse} />
        <div className="ba-sider-menu">
          <SideMenu />
        </div>
      </Layout.Sider>
      <Layout className="ba-layout-right">
        <Layout.Header className="ba-header">
          <div className="ba-header-left">
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
        <MainContent />
      </Layout>
    </Layout>
  );
});
