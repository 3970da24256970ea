import { useEffect, useMemo, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { Menu, Message } from '@arco-design/web-react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useStore } from '@/stores/context';
import type { RouteMenu } from '@/router/menus';
import { Icon } from '@/components/Icon';
import { useT } from '@/lang';
import { menuNavigation, navigationBlocked } from '@/router/menuNavigation';

function flat(menus: RouteMenu[], into: Map<string, RouteMenu> = new Map()) {
  for (const m of menus) {
    into.set(String(m.id), m);
    flat(m.children, into);
  }
  return into;
}

/** The server's menu: folders, pages (tab), external links (link) and embedded pages (iframe). */
export const SideMenu = observer(function SideMenu({ mode = 'vertical', collapsed }: { mode?: 'vertical' | 'horizontal'; /** overrides the stored menu fold (the phone drawer is never folded) */ collapsed?: boolean }) {
  const { navTabs, config } = useStore();
  const navigate = useNavigate();
  const location = useLocation();
  const menus = navTabs.menus;
  const byId = useMemo(() => flat(menus), [menus]);
  const trail = navTabs.breadcrumb(location.pathname);
  const selected = trail.length ? [String(trail[trail.length - 1].id)] : [];
  const [openKeys, setOpenKeys] = useState<string[]>(() => trail.slice(0, -1).map((m) => `dir-${m.id}`));

  useEffect(() => {
    const needed = trail.slice(0, -1).map((m) => `dir-${m.id}`);
    setOpenKeys((keys) => Array.from(new Set([...keys, ...needed])));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [location.pathname, menus]);

  const t = useT();
  const onClick = (key: string) => {
    const menu = byId.get(key);
    if (!menu) return;
    const next = menuNavigation(menu, location.pathname, navigationBlocked);
    if (next.kind === 'open') window.open(next.url, '_blank', 'noopener');
    else if (next.kind === 'navigate') navigate(next.path);
    else Message[next.level]({ content: t(next.key), id: 'menu-navigation' });
  };

  const render = (items: RouteMenu[]) =>
    items.map((m) =>
      m.type === 'menu_dir' ? (
        <Menu.SubMenu
          key={`dir-${m.id}`}
          title={
            <>
              <Icon name={m.icon} fallback="IconFolder" />
              {m.title}
            </>
          }
        >
          {render(m.children)}
        </Menu.SubMenu>
      ) : (
        <Menu.Item key={String(m.id)}>
          <Icon name={m.icon} fallback={m.menuType === 'link' ? 'IconLink' : 'IconFile'} />
          {m.title}
        </Menu.Item>
      ),
    );

  return (
    <Menu
      mode={mode}
      className="ba-side-menu"
      collapse={mode === 'vertical' && (collapsed ?? config.menuCollapse)}
      selectedKeys={selected}
      openKeys={openKeys}
      onClickSubMenu={(_key, keys) => setOpenKeys(keys)}
      onClickMenuItem={onClick}
      accordion={false}
    >
      {render(menus)}
    </Menu>
  );
});
