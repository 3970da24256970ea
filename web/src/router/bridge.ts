/**
 * What code outside React (the request layer, stores) may know about the router: the current path and a
 * way to navigate. The router installs its navigate function; until then the hash is changed directly.
 */
import { pathOfName } from './names';

export type NavigateTarget = string | { name: string; params?: Record<string, string>; query?: Record<string, string> };
type NavigateFn = (path: string, options?: { replace?: boolean }) => void;

let navigateImpl: NavigateFn | null = null;
let nameResolver: ((name: string) => string | undefined) | null = null;

function hashPath(): string {
  if (typeof window === 'undefined') return '/';
  const hash = window.location.hash.replace(/^#/, '');
  const path = hash.split('?')[0];
  return path || '/';
}

export function resolveTarget(target: NavigateTarget): string | undefined {
  if (typeof target === 'string') return target;
  const path = pathOfName(target.name, target.params) ?? nameResolver?.(target.name);
  if (!path) return undefined;
  const qs = target.query ? new URLSearchParams(target.query).toString() : '';
  return qs ? `${path}?${qs}` : path;
}

export const routerBridge = {
  /** Installed by the router (react-router's navigate). */
  setNavigator(fn: NavigateFn | null) {
    navigateImpl = fn;
  },
  /** Resolves names that are not static routes (menu rule names). */
  setNameResolver(fn: ((name: string) => string | undefined) | null) {
    nameResolver = fn;
  },
  /** The current route with its query (`/admin/wms/stock?x=1`). */
  currentFullPath(): string {
    if (typeof window === 'undefined') return '/';
    return window.location.hash.replace(/^#/, '') || '/';
  },
  /** The current route path (the part of the hash before any query). */
  currentPath(): string {
    return hashPath();
  },
  navigate(target: NavigateTarget, options?: { replace?: boolean }): boolean {
    const path = resolveTarget(target);
    if (!path) {
      console.error('Invalid route', target);
      return false;
    }
    if (navigateImpl) navigateImpl(path, options);
    else if (typeof window !== 'undefined') window.location.hash = path;
    return true;
  },
};
