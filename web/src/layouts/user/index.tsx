import './user.css';
import { Suspense, useEffect, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { reaction } from 'mobx';
import { Avatar, Button, Drawer, Dropdown, Layout, Menu, Message, Modal, Space, Typography } from '@arco-design/web-react';
import { Link, Navigate, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { isWebAddress } from '@contract/menu-urls';
import { IconMenuUnfold, IconUser } from '@/components/Icon/icons';
import { Icon } from '@/components/Icon';
import { TopTools } from '@/components/TopTools';
import { PageFallback } from '@/components/PageFallback';
import { useEscapeClose } from '@/hooks/useEscapeClose';
import { usePhone } from '@/hooks/usePhone';
import { useT } from '@/lang';
import { useStore } from '@/stores/context';
import type { RouteMenu } from '@/router/menus';
import { menuNavigation, navigationBlocked } from '@/router/menuNavigation';
import type { MemberNavLink } from '@/stores/memberCenter';
import { loadMemberCenter, signOutMember } from './session';

/** The member's avatar, or the default icon. */
export const MemberAvatar = observer(function MemberAvatar({ size = 32 }: { size?: number }) {
  const { userInfo, siteConfig } = useStore();
  return (
    <Avatar size={size} className="ba-user-avatar">
      {userInfo.avatar ? <img src={siteConfig.fullUrl(userInfo.avatar)} alt={userInfo.username} /> : <IconUser />}
    </Avatar>
  );
});

const SideMenu = observer(function SideMenu() {
  const { memberCenter } = useStore();
  const t = useT();
  const navigate = useNavigate();
  const location = useLocation();
  const current = memberCenter.findByPath(location.pathname);
  const item = (m: RouteMenu) => (
    <Menu.Item key={String(m.id)} data-path={m.path}>
      <Icon name={m.icon} fallback="IconFile" />
      {m.title}
    </Menu.Item>
  );
  const byId = new Map<string, RouteMenu>();
  const collect = (items: RouteMenu[]) => items.forEach((m) => (byId.set(String(m.id), m), collect(m.children)));
  collect(memberCenter.menus);
  return (
    <Menu
      className="ba-user-menu"
      selectedKeys={current ? [String(current.id)] : []}
      onClickMenuItem={(key) => {
        const menu = byId.get(key);
        if (!menu) return;
        const next = menuNavigation(menu, location.pathname, navigationBlocked);
        if (next.kind === 'open') window.open(next.url, '_blank', 'noopener');
        else if (next.kind === 'navigate') navigate(next.path);
        else Message[next.level]({ content: t(next.key), id: 'menu-navigation' });
      }}
    >
      {memberCenter.menus.map((m) =>
        m.type === 'menu_dir' ? (
          <Menu.ItemGroup key={`dir-${m.id}`} title={m.title}>
            {m.children.map(item)}
          </Menu.ItemGroup>
        ) : (
          item(m)
        ),
      )}
    </Menu>
  );
});

/** An entry of the member's `nav` / `nav_user_menu` rules: a site route, or an outside address in a new tab. */
function NavLink({ link, className }: { link: MemberNavLink; className?: string }) {
  const content = (
    <>
      {link.icon && <Icon name={link.icon} />}
      <span>{link.title}</span>
    </>
  );
  return link.href ? (
    <a href={link.href} target="_blank" rel="noopener noreferrer" className={className} data-testid="member-nav-link">
      {content}
    </a>
  ) : (
    <Link to={link.to!} className={className} data-testid="member-nav-link">
      {content}
    </Link>
  );
}

/** The member's card above the menu: avatar, name, balance and score. */
const MemberCard = observer(function MemberCard() {
  const t = useT();
  const { userInfo } = useStore();
  return (
    <div className="ba-user-card">
      <MemberAvatar size={64} />
      <Typography.Text className="ba-user-card-name" bold>
        {userInfo.nickname || userInfo.username}
      </Typography.Text>
      <div className="ba-user-card-figures">
        <span>
          {t('member.balance')} <b data-testid="member-money">{userInfo.money}</b>
        </span>
        <span>
          {t('member.score')} <b data-testid="member-score">{userInfo.score}</b>
        </span>
      </div>
    </div>
  );
});

/**
 * The member center's shell. On a phone the card and the menu fold into a drawer from the left (a menu
 * button in the header opens it; choosing a page closes it), so the page is not pushed below them, and the
 * user menu opens on a tap (a touch screen has no hover).
 */
const MemberShell = observer(function MemberShell() {
  const t = useT();
  const root = useStore();
  const { userInfo, siteConfig, memberCenter } = root;
  const [collapsed, setCollapsed] = useState(false);
  const phone = usePhone();
  const location = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  useEffect(() => setMenuOpen(false), [location.pathname]);
  useEscapeClose(menuOpen, () => setMenuOpen(false));

  const confirmSignOut = () =>
    Modal.confirm({
      title: t('member.logout'),
      content: t('member.logoutConfirm'),
      onOk: () => signOutMember(root),
    });

  return (
    <Layout className="ba-user-layout">
      <Layout.Header className="ba-user-header">
        {phone && (
          <Button type="text" className="ba-user-menu-button" icon={<IconMenuUnfold />} onClick={() => setMenuOpen(true)} aria-label={t('member.openMenu')} data-testid="member-menu-open" />
        )}
        <Link to="/" className="ba-user-brand">
          <span className="ba-user-logo" aria-hidden>
            WMS
          </span>
          <span className="ba-user-site">{siteConfig.siteName || t('member.title')}</span>
        </Link>
        {memberCenter.topNav.length > 0 && (
          <nav className="ba-user-nav" data-testid="member-top-nav">
            {memberCenter.topNav.map((link) => (
              <NavLink key={link.id} link={link} className="ba-user-nav-item" />
            ))}
          </nav>
        )}
        <Space size="medium" className="ba-user-header-right">
          <TopTools />
          <Dropdown
            position="br"
            trigger={phone ? 'click' : 'hover'}
            droplist={
              <Menu
                onClickMenuItem={(key) => {
                  if (key === 'logout') confirmSignOut();
                }}
              >
                <Menu.Item key="home">
                  <Link to="/">{t('member.home')}</Link>
                </Menu.Item>
                {memberCenter.userMenu.map((link) => (
                  <Menu.Item key={`nav-${link.id}`}>
                    <NavLink link={link} className="ba-user-menu-link" />
                  </Menu.Item>
                ))}
                <Menu.Item key="logout" data-testid="member-logout">
                  {t('member.logout')}
                </Menu.Item>
              </Menu>
            }
          >
            <span className="ba-user-trigger" data-testid="member-menu" role="button" tabIndex={0} aria-label={t('member.userMenu')}>
              <MemberAvatar size={28} />
              <span className="ba-user-name">{userInfo.nickname || userInfo.username}</span>
            </span>
          </Dropdown>
        </Space>
      </Layout.Header>
      <Layout className="ba-user-body">
        {phone ? (
          <Drawer className="ba-user-phone-menu" placement="left" width={280} visible={menuOpen} onCancel={() => setMenuOpen(false)} footer={null} title={siteConfig.siteName || t('member.title')} data-testid="member-menu-drawer">
            <MemberCard />
            <SideMenu />
          </Drawer>
        ) : (
          <Layout.Sider
            className="ba-user-sider"
            width={260}
            collapsedWidth={64}
            collapsed={collapsed}
            onCollapse={setCollapsed}
            collapsible
            breakpoint="lg"
          >
            {!collapsed && <MemberCard />}
            <SideMenu />
          </Layout.Sider>
        )}
        <Layout.Content className="ba-user-content">
          <Suspense fallback={<PageFallback />}>
            <Outlet />
          </Suspense>
        </Layout.Content>
      </Layout>
    </Layout>
  );
});

/**
 * The member-center shell (/user): without a signed-in member, the sign-in page; before the bootstrap (the
 * loading route) only the page; afterwards the header, the member card with the menu of the member's rules,
 * and the page. A language switch fetches the menus again (the server translates the titles).
 */
export default observer(function UserLayout() {
  const root = useStore();
  const { userInfo, memberCenter, config } = root;

  useEffect(
    () =>
      reaction(
        () => config.lang,
        () => {
          if (memberCenter.loaded) void loadMemberCenter(root);
        },
      ),
    [root, config, memberCenter],
  );

  if (!userInfo.isLogin) return <Navigate to="/user/login" replace />;
  if (!memberCenter.loaded) {
    return (
      <Suspense fallback={<PageFallback full />}>
        <Outlet />
      </Suspense>
    );
  }
  return <MemberShell />;
});
