/**
 * What a click on a menu entry does, and the navigation notices of the spec's error catalogue when it cannot:
 * an unrecognised menu type, a navigation a guard intercepted, the target already shown, an invalid route.
 * Pure (the layouts show the notice and navigate), so each outcome has a spec.
 */
import { isWebAddress } from '@contract/menu-urls';

export type MenuNavigation =
  | { kind: 'navigate'; path: string }
  | { kind: 'open'; url: string }
  /** a notice to show: the language key of its text, and its level */
  | { kind: 'notice'; key: 'route.unknownMenuType' | 'route.navigationBlocked' | 'route.alreadyThere' | 'route.invalidRoute'; level: 'warning' | 'info' };

export interface MenuTarget {
  menuType: string | null;
  path: string;
  url: string;
}

export function menuNavigation(menu: MenuTarget, currentPath: string, blocked: (path: string) => boolean = () => false): MenuNavigation {
  if (menu.menuType === 'link') return isWebAddress(menu.url) ? { kind: 'open', url: menu.url } : { kind: 'notice', key: 'route.invalidRoute', level: 'warning' };
  if (menu.menuType !== 'tab' && menu.menuType !== 'iframe') return { kind: 'notice', key: 'route.unknownMenuType', level: 'warning' };
  if (!menu.path || !menu.path.startsWith('/') || /\/\/|\s/.test(menu.path)) return { kind: 'notice', key: 'route.invalidRoute', level: 'warning' };
  if (menu.path === currentPath) return { kind: 'notice', key: 'route.alreadyThere', level: 'info' };
  if (blocked(menu.path)) return { kind: 'notice', key: 'route.navigationBlocked', level: 'warning' };
  return { kind: 'navigate', path: menu.path };
}

/**
 * Guards a page may set while leaving it would lose work (a generation running, a form half sent): each
 * answers true to intercept a navigation to `path`. The menus ask before they navigate.
 */
const guards = new Set<(path: string) => boolean>();

export function addNavigationGuard(guard: (path: string) => boolean): () => void {
  guards.add(guard);
  return () => void guards.delete(guard);
}

export function navigationBlocked(path: string): boolean {
  return [...guards].some((guard) => guard(path));
}
