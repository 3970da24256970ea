import type { MenuRuleNode } from '@contract/accounts';
import { MemberCenterStore } from './memberCenter';

const rule = (r: Partial<MenuRuleNode> & Pick<MenuRuleNode, 'id' | 'pid' | 'type' | 'name'>): MenuRuleNode => ({
  weigh: 0,
  title: r.name,
  path: r.name,
  icon: '',
  menu_type: r.type === 'menu' ? 'tab' : null,
  url: '',
  component: r.type === 'menu' ? `/src/pages/user/${r.name}/index.tsx` : '',
  keepalive: 0,
  extend: 'none',
  children: [],
  ...r,
});

describe('member center store', () => {
  const tree: MenuRuleNode[] = [
    rule({
      id: 1,
      pid: 0,
      type: 'menu_dir',
      name: 'account',
      children: [
        rule({ id: 2, pid: 1, type: 'menu', name: 'account/overview' }),
        rule({ id: 3, pid: 1, type: 'menu', name: 'account/profile', children: [rule({ id: 4, pid: 3, type: 'button', name: 'account/profile/avatar' })] }),
        rule({ id: 5, pid: 1, type: 'menu', name: 'account/hidden', extend: 'add_rules_only' }),
      ],
    }),
    rule({ id: 6, pid: 0, type: 'menu_dir', name: 'empty' }),
  ];

  it('turns the member rules into routes under /user, the visible menu and the first page', () => {
    const store = new MemberCenterStore();
    expect(store.loaded).toBe(false);
    store.setRules(tree);
    expect(store.loaded).toBe(true);
    expect(store.routes.map((r) => r.path)).toEqual(['/user/account/overview', '/user/account/profile', '/user/account/hidden']);
    // hidden rules are routed but not shown; empty folders are not shown
    expect(store.menus.map((m) => m.name)).toEqual(['account']);
    expect(store.menus[0].children.map((m) => m.name)).toEqual(['account/overview', 'account/profile']);
    expect(store.firstRoute?.path).toBe('/user/account/overview');
    expect(store.findByPath('/user/account/profile/')?.id).toBe(3);
    expect(store.findByPath('/user/nothing')).toBeUndefined();
  });

  it('answers button rights per page with the /user/ prefix, and forgets everything on reset', () => {
    const store = new MemberCenterStore();
    store.setRules(tree);
    expect(store.hasNode('/user/account/profile', 'avatar')).toBe(true);
    expect(store.hasNode('/user/account/profile', 'delete')).toBe(false);
    store.reset();
    expect(store.routes).toEqual([]);
    expect(store.loaded).toBe(false);
    expect(store.hasNode('/user/account/profile', 'avatar')).toBe(false);
  });

  it('puts nav rules in the top bar and nav_user_menu rules in the member menu, as site routes or outside links', () => {
    const store = new MemberCenterStore();
    store.setNavRules([
      rule({ id: 10, pid: 0, type: 'nav' as MenuRuleNode['type'], name: 'news', title: 'News', path: '/news', icon: 'IconFile' }),
      rule({ id: 11, pid: 0, type: 'route' as MenuRuleNode['type'], name: 'shop', children: [rule({ id: 12, pid: 11, type: 'nav' as MenuRuleNode['type'], name: 'shop/deals', title: 'Deals' })] }),
      rule({ id: 13, pid: 0, type: 'nav_user_menu' as MenuRuleNode['type'], name: 'help', title: 'Help', menu_type: 'link', url: 'https://help.example.com' }),
      rule({ id: 14, pid: 0, type: 'nav_user_menu' as MenuRuleNode['type'], name: 'secret', extend: 'add_rules_only' }),
      rule({ id: 15, pid: 0, type: 'button' as MenuRuleNode['type'], name: 'user/export' }),
      // stored before the server checked addresses: not offered as a link
      rule({ id: 16, pid: 0, type: 'nav_user_menu' as MenuRuleNode['type'], name: 'evil', title: 'Evil', menu_type: 'link', url: 'javascript:alert(1)' }),
    ]);
    expect(store.topNav).toEqual([
      { id: 10, title: 'News', icon: 'IconFile', to: '/news' },
      { id: 12, title: 'Deals', icon: '', to: '/shop/deals' },
    ]);
    expect(store.userMenu).toEqual([{ id: 13, title: 'Help', icon: '', href: 'https://help.example.com' }]);
    store.reset();
    expect(store.topNav).toEqual([]);
  });
});
