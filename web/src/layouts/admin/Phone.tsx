import { useEffect, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { useLocation } from 'react-router-dom';
import { Button, Drawer, Layout } from '@arco-design/web-react';
import { IconMenuUnfold } from '@/components/Icon/icons';
import { useEscapeClose } from '@/hooks/useEscapeClose';
import { useT } from '@/lang';
import { MENU_WIDTH } from '@/stores/config';
import { Logo } from './components/Logo';
import { SideMenu } from './components/SideMenu';
import { HeaderTools } from './components/HeaderTools';
import { MainContent } from './Content';

/**
 * Either layout on a phone: a slim top bar (menu button, the logo mark, the tools as icons) and the menu
 * folded into a drawer from the left, closed again once a page is chosen. Nothing is wider than the screen.
 */
export const PhoneLayout = observer(function PhoneLayout() {
  const t = useT();
  const location = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  useEffect(() => setMenuOpen(false), [location.pathname]);
  useEscapeClose(menuOpen, () => setMenuOpen(false));
  return (
    <Layout className="ba-layout ba-layout-phone">
      <Layout.Header className="ba-header">
        <div className="ba-header-left">
          <Button type="text" icon={<IconMenuUnfold />} onClick={() => setMenuOpen(true)} aria-label={t('layout.expandMenu')} data-testid="menu-collapse" />
          <Logo collapsed />
        </div>
        <HeaderTools />
      </Layout.Header>
      <Drawer
        className="ba-phone-menu"
        placement="left"
        width={MENU_WIDTH}
        visible={menuOpen}
        onCancel={() => setMenuOpen(false)}
        footer={null}
        title={<Logo />}
        closable
      >
        <SideMenu collapsed={false} />
      </Drawer>
      <Layout className="ba-layout-right">
        <MainContent />
      </Layout>
    </Layout>
  );
});
