import { makeAutoObservable } from 'mobx';
import { isWebAddress } from '@contract/menu-urls';
import type { MenuRule } from '@/api/admin';
import { buildAuthNode, toRouteMenu, visibleMenus, type AuthNodeMap, type RouteMenu } from './navTabs';

function pages(menus: RouteMenu[], into: RouteMenu[] = []): RouteMenu[] {
  for (const m of menus) {
    if (m.type === 'menu') into.push(m);
    pages(m.children, into);
  }
  return into;
}

/**
 * The member center's menus and permission nodes (keys '/user/' + rule name). The member-center bootstrap
 * (GET /api/user/index) fills it when the member center is built; until then it stays empty.
 */
/** A top-bar or user-menu entry: a route of the site (`to`) or an outside address (`href`). */
export interface MemberNavLink {
  id: number;
  title: string;
  icon: string;
  to?: string;
  href?: string;
}

/** Every node of a type in a rule tree, depth first. */
function ofType(rules: MenuRule[], type: string, into: MenuRule[] = []): MenuRule[] {
  for (const rule of rules) {
    if ((rule.type as string) === type) into.push(rule);
    ofType(rule.children ?? [], type, into);
  }
  return into;
}

export class MemberCenterStore {
  rules: MenuRule[] = [];
  /** the member's rules outside the sidebar (`rules` of the bootstrap): top-bar items and user-menu items */
  navRules: MenuRule[] = [];
  authNode: AuthNodeMap = {};
  /** the member-center sidebar as routes under /user */
  tree: RouteMenu[] = [];
  loaded = false;
  loading = false;
  error: string | null = null;

  constructor() {
    makeAutoObservable(this, {}, { autoBind: true });
  }

  setRules(rules: MenuRule[]) {
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
    return pages(this.tree);
  }

  get firstRoute(): RouteMenu | undefined {
    return pages(this.menus).find((m) => m.menuType === 'tab');
  }

  findByPath(path: string): RouteMenu | undefined {
    const clean = path.split('?')[0].replace(/\/$/, '');
    return this.routes.find((r) => r.path === clean);
  }

  hasNode(path: string, action: string): boolean {
    const clean = path.split('?')[0].replace(/\/$/, '');
    return (this.authNode[clean] ?? []).includes(`${clean}/${action}`);
  }

  /** The bootstrap's other rules: `nav` items go in the top bar, `nav_user_menu` items in the member's menu. */
  setNavRules(rules: MenuRule[]) {
    this.navRules = rules;
  }

  get topNav(): MemberNavLink[] {
    return this.links('nav');
  }

  get userMenu(): MemberNavLink[] {
    return this.links('nav_user_menu');
  }

  private links(type: string): MemberNavLink[] {
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
