import type { MenuRuleNode } from '@contract/accounts';
import { buildAuthNode, visibleMenus } from '@/router/menus';
import { RootStore } from './root';
import { TAB_VIEW_CONFIG_KEY } from './navTabs';

function memoryStorage() {
  const data = new Map<string, string>();
  return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v), removeItem: (k: string) => void data.delete(k) };
}

let nextId = 1;
function r(partial: Partial<MenuRuleNode> & Pick<MenuRuleNode, 'type' | 'name'>, children: MenuRuleNode[] = []): MenuRuleNode {
  return {
    id: nextId++, pid: 0, title: partial.name, path: partial.name, icon: '', menu_type: partial.type === 'menu' ? 'tab' : null, url: '',
    component: partial.type === 'menu' ? `/src/pages/admin/${partial.name}/index.tsx` : '', keepalive: 0, extend: 'none', children, ...partial,
  } as MenuRuleNode;
}

const menus: MenuRuleNode[] = [
  r({ type: 'menu', name: 'dashboard', title: 'Dashboard', icon: 'IconDashboard' }, [r({ type: 'button', name: 'dashboard/index' })]),
  r({ type: 'menu_dir', name: 'auth', title: 'Permissions' }, [
    r({ type: 'menu', name: 'auth/admin', title: 'Admins' }, [r({ type: 'button', name: 'auth/admin/add' }), r({ type: 'button', name: 'auth/admin/del' })]),
    r({ type: 'menu', name: 'auth/hidden', title: 'Hidden', extend: 'add_rules_only' }),
    r({ type: 'menu', name: 'auth/nocomponent', title: 'No component', component: '' }),
  ]),
  r({ type: 'menu_dir', name: 'empty', title: 'Empty folder' }),
  r({ type: 'menu_dir', name: 'links', title: 'Links' }, [
    r({ type: 'menu', name: 'links/docs', title: 'Docs', menu_type: 'link', url: 'https://example.com/docs', component: '' }),
    r({ type: 'menu', name: 'links/nourl', title: 'No url', menu_type: 'link', url: '', component: '' }),
    r({ type: 'menu', name: 'links/embed', title: 'Embedded', menu_type: 'iframe', url: 'https://example.com/a?b=1', component: '' }),
    // stored before the server checked addresses: never opened nor framed
    r({ type: 'menu', name: 'links/script', title: 'Script', menu_type: 'link', url: 'javascript:alert(1)', component: '' }),
    r({ type: 'menu', name: 'links/data', title: 'Data', menu_type: 'iframe', url: 'data:text/html,<script>alert(1)</script>', component: '' }),
    r({ type: 'menu', name: 'links/vb', title: 'VB', menu_type: 'link', url: 'vbscript:msgbox(1)', component: '' }),
  ]),
];

function store() {
  const root = new RootStore({ storage: memoryStorage() });
  root.navTabs.setRules(menus);
  return root.navTabs;
}

describe('navTabs', () => {
  it('builds the permission map from the button rules', () => {
    expect(buildAuthNode(menus)).toEqual({
      '/admin/dashboard': ['/admin/dashboard/index'],
      '/admin/auth/admin': ['/admin/auth/admin/add', '/admin/auth/admin/del'],
    });
  });

  it('filters the menu: no add_rules_only, no empty folder, no tab without component, no link or iframe without an http(s) url', () => {
    const nav = store();
    const titles = (items: ReturnType<typeof visibleMenus>): unknown[] => items.map((m) => (m.children.length ? [m.title, titles(m.children)] : m.title));
    expect(titles(nav.menus)).toEqual(['Dashboard', ['Permissions', ['Admins']], ['Links', ['Docs', 'Embedded']]]);
  });

  it('routes every tab page with a component (hidden ones too) and iframe menus at /admin/iframe/<encoded url>', () => {
    const nav = store();
    expect(nav.routes.map((m) => m.path)).toEqual([
      '/admin/dashboard',
      '/admin/auth/admin',
      '/admin/auth/hidden',
      `/admin/iframe/${encodeURIComponent('https://example.com/a?b=1')}`,
    ]);
    expect(nav.firstRoute?.path).toBe('/admin/dashboard');
    expect(nav.findByName('links/docs')?.url).toBe('https://example.com/docs');
  });

  it('gives the breadcrumb trail and the nodes of a page', () => {
    const nav = store();
    expect(nav.breadcrumb('/admin/auth/admin').map((m) => m.title)).toEqual(['Permissions', 'Admins']);
    expect(nav.hasNode('/admin/auth/admin', 'add')).toBe(true);
    expect(nav.hasNode('/admin/auth/admin', 'edit')).toBe(false);
  });

  it('opens, switches and closes tabs', () => {
    const nav = store();
    nav.openTab('/admin/dashboard');
    nav.openTab('/admin/auth/admin', '/admin/auth/admin?page=2');
    nav.openTab('/admin/unknown');
    expect(nav.tabList.map((t) => [t.path, t.title])).toEqual([
      ['/admin/dashboard', 'Dashboard'],
      ['/admin/auth/admin', 'Admins'],
    ]);
    expect(nav.activePath).toBe('/admin/auth/admin');
    expect(nav.closeTab('/admin/auth/admin')).toBe('/admin/dashboard');
    expect(nav.closeTab('/admin/dashboard')).toBe('/admin/dashboard');
    expect(nav.tabs).toHaveLength(0);
  });

  it('keeps tab titles in step with re-fetched (re-translated) menus', () => {
    const nav = store();
    nav.openTab('/admin/dashboard');
    nav.setRules(menus.map((m) => (m.name === 'dashboard' ? { ...m, title: '控制台' } : m)));
    expect(nav.tabList[0].title).toBe('控制台');
  });

  it('keeps the open tabs in localStorage storeTabViewConfig: restored after a reload, pages that are gone dropped, closed on sign-out', () => {
    const storage = memoryStorage();
    const first = new RootStore({ storage });
    first.navTabs.setRules(menus);
    first.navTabs.openTab('/admin/dashboard');
    first.navTabs.openTab('/admin/auth/admin', '/admin/auth/admin?page=2');
    expect(JSON.parse(storage.getItem(TAB_VIEW_CONFIG_KEY) ?? '{}')).toEqual({
      tabs: [
        { path: '/admin/dashboard', fullPath: '/admin/dashboard' },
        { path: '/admin/auth/admin', fullPath: '/admin/auth/admin?page=2' },
      ],
    });

    const second = new RootStore({ storage });
    expect(second.navTabs.tabs.map((t) => t.fullPath)).toEqual(['/admin/dashboard', '/admin/auth/admin?page=2']);
    second.navTabs.setRules(menus.filter((m) => m.name !== 'auth'));
    expect(second.navTabs.tabList.map((t) => t.title)).toEqual(['Dashboard']);

    second.navTabs.reset();
    expect(JSON.parse(storage.getItem(TAB_VIEW_CONFIG_KEY) ?? '{}')).toEqual({ tabs: [] });
  });

  it('ignores a damaged storeTabViewConfig', () => {
    const storage = memoryStorage();
    storage.setItem(TAB_VIEW_CONFIG_KEY, JSON.stringify({ tabs: [{ path: 'javascript:alert(1)' }, null, { path: '/admin/dashboard', fullPath: 7 }] }));
    const root = new RootStore({ storage });
    expect(root.navTabs.tabs).toEqual([{ path: '/admin/dashboard', fullPath: '/admin/dashboard' }]);
  });
});
