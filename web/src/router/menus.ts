/**
 * The menu rules the server sends (admin or member) as the shell uses them: routes, the menu tree as shown,
 * and the permission nodes of each page. Pure: the back office's NavTabsStore and the member center's store
 * both build on it, and it knows no store.
 */
import type { MenuRuleNode, MenuRuleType, MenuType } from '@contract/accounts';
import { iframePath } from './names';
import { isWebAddress } from '@contract/menu-urls';

/** A menu rule as the shell uses it: a route, a menu entry or both. */
export interface RouteMenu {
  id: number;
  /** route path: base + '/' + rule.path, or base + /iframe/<encoded url> for iframe menus */
  path: string;
  /** the rule name (permission node) */
  name: string;
  title: string;
  icon: string;
  type: Exclude<MenuRuleType, 'button'>;
  menuType: MenuType | null;
  url: string;
  component: string;
  keepalive: boolean;
  /** add_rules_only: routed, never shown in the menu */
  hidden: boolean;
  children: RouteMenu[];
}

export type AuthNodeMap = Record<string, string[]>;

/**
 * Permission nodes of each page (as in BuildAdmin): key prefix + parent rule name, value prefix + the names of
 * its button children. Example: '/admin/auth/admin' → ['/admin/auth/admin/add', '/admin/auth/admin/edit'].
 */
export function buildAuthNode(rules: MenuRuleNode[], prefix = '/admin/'): AuthNodeMap {
  const map: AuthNodeMap = {};
  const walk = (nodes: MenuRuleNode[]) => {
    for (const node of nodes) {
      const children = node.children ?? [];
      const buttons = children.filter((c) => c.type === 'button').map((c) => prefix + c.name);
      if (buttons.length) map[prefix + node.name] = [...(map[prefix + node.name] ?? []), ...buttons];
      if (children.length) walk(children);
    }
  };
  walk(rules);
  return map;
}

export function toRouteMenu(rule: MenuRuleNode, base: string): RouteMenu | null {
  if (rule.type === 'button') return null;
  const menuType = rule.type === 'menu' ? (rule.menu_type ?? 'tab') : null;
  const path = menuType === 'iframe' && rule.url ? iframePath(rule.url, base) : `${base}/${String(rule.path || rule.name).replace(/^\//, '')}`;
  return {
    id: rule.id,
    path,
    name: rule.name,
    title: rule.title,
    icon: rule.icon,
    type: rule.type,
    menuType,
    url: rule.url ?? '',
    component: rule.component ?? '',
    keepalive: Boolean(rule.keepalive) && rule.keepalive !== '0',
    hidden: rule.extend === 'add_rules_only',
    children: (rule.children ?? []).map((c) => toRouteMenu(c, base)).filter((c): c is RouteMenu => c !== null),
  };
}

/** The menu tree as shown: no add_rules_only, no empty folders, no tab without component, no link/iframe without an http(s) url. */
export function visibleMenus(menus: RouteMenu[]): RouteMenu[] {
  const out: RouteMenu[] = [];
  for (const m of menus) {
    if (m.hidden) continue;
    if (m.type === 'menu_dir') {
      const children = visibleMenus(m.children);
      if (children.length) out.push({ ...m, children });
      continue;
    }
    if (m.menuType === 'tab' && !m.component) continue;
    if ((m.menuType === 'link' || m.menuType === 'iframe') && !isWebAddress(m.url)) continue;
    out.push({ ...m, children: [] });
  }
  return out;
}

/** Every page (`menu`) of a tree, depth first. */
export function menuPages(menus: RouteMenu[], into: RouteMenu[] = []): RouteMenu[] {
  for (const m of menus) {
    if (m.type === 'menu') into.push(m);
    menuPages(m.children, into);
  }
  return into;
}

/** Whether the page at `path` (query and trailing slash ignored) has the node `<path>/<action>`. */
export function hasNode(authNode: AuthNodeMap, path: string, action: string): boolean {
  const clean = path.split('?')[0].replace(/\/$/, '');
  return (authNode[clean] ?? []).includes(`${clean}/${action}`);
}
