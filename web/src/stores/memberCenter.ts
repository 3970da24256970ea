import { makeAutoObservable } from 'mobx';
import type { MenuRuleNode, MenuRuleType } from '@contract/accounts';
import { isWebAddress } from '@contract/menu-urls';
import { buildAuthNode, hasNode, menuPages, toRouteMenu, visibleMenus, type AuthNodeMap, type RouteMenu } from '@/router/menus';

/** A top-bar or user-menu entry: a route of the site (`to`) or an outside address (`href`). */
export interface MemberNavLink {
  id: number;
  title: string;
  icon: string;
  to?: string;
  href?: string;
}

/** Every node of a type in a rule tree, depth first. */
function ofType(rules: MenuRuleNode[], type: MenuRuleType, into: MenuRuleNode[] = []): MenuRuleNode[] {
  for (const rule of rules) {
    if (rule.type === type) into.push(rule);
    ofType(rule.children ?? [], type, into);
  }
  return into;
}

/**
 * The member center's menus and permission nodes (keys '/user/' + rule name). The member-center bootstrap
 * (GET /api/user/index) fills it when the member center is built; until then it stays empty.
 */
export class MemberCenterStore {
  rules: MenuRuleNode[] = [];
  /** the member's rules outside the sidebar (`rules` of the bootstrap): top-bar items and user-menu items */
  navRules: MenuRuleNode[] = [];
  authNode: AuthNodeMap = {};
  /** the member-center sidebar as routes under /user */
  tree: RouteMenu[] = [];
  loaded = false;
  loading = false;
  error: string | null = null;

  constructor() {
    makeAutoObservable(this, {}, { autoBind: true });
  }

  setRules(rules: MenuRuleNode[]) {
    this.rules = rules;
    this.authNode = buildAuthNode(rules, '/user/');
    this.tree = rules.map((r) => toRouteMenu(r, '/user')).filter((r): r is RouteMenu => r !== null);
    this.loaded = true;
  }

  /** The sidebar as shown (no empty folders, no page without a component). */
  get menus(): RouteMenu[] {
    return visibleMenus(this.tree);
  }

  /** Every member-center page (menus of type tab with a component get a route). */
  get routes(): RouteMenu[] {
    return menuPages(this.tree);
  }

  get firstRoute(): RouteMenu | undefined {
    return menuPages(this.menus).find((m) => m.menuType === 'tab');
  }

  findByPath(path: string): RouteMenu | undefined {
    const clean = path.split('?')[0].replace(/\/$/, '');
    return this.routes.find((r) => r.path === clean);
  }

  hasNode(path: string, action: string): boolean {
    return hasNode(this.authNode, path, action);
  }

  /** The bootstrap's other rules: `nav` items go in the top bar, `nav_user_menu` items in the member's menu. */
  setNavRules(rules: MenuRuleNode[]) {
    this.navRules = rules;
  }

  get topNav(): MemberNavLink[] {
    return this.links('nav');
  }

  get userMenu(): MemberNavLink[] {
    return this.links('nav_user_menu');
  }

  private links(type: 'nav' | 'nav_user_menu'): MemberNavLink[] {
    return ofType(this.navRules, type)
      .filter((rule) => rule.extend !== 'add_rules_only')
      // a link opens only an http(s) address, whatever is stored
      .filter((rule) => rule.menu_type !== 'link' || isWebAddress(rule.url ?? ''))
      .map((rule): MemberNavLink => {
        const external = rule.menu_type === 'link' && rule.url ? rule.url : '';
        return { id: rule.id, title: rule.title, icon: rule.icon ?? '', ...(external ? { href: external } : { to: `/${String(rule.path || rule.name).replace(/^\//, '')}` }) };
      });
  }

  reset() {
    this.rules = [];
    this.navRules = [];
    this.authNode = {};
    this.tree = [];
    this.loaded = false;
  }
}
