import { makeAutoObservable } from 'mobx';
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
export class MemberCenterStore {
  rules: MenuRule[] = [];
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

  reset() {
    this.rules = [];
    this.authNode = {};
    this.tree = [];
    this.loaded = false;
  }
}
