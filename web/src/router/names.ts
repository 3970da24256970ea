/**
 * Names, paths and title keys of the static routes: the part of the route table that has no components,
 * so the request layer, the stores and jest can use it. routes.tsx adds the components.
 */
export interface StaticRouteInfo {
  name: string;
  path: string;
  /** key of the title in common.json (under "route.") */
  title: string;
}

export const ADMIN_BASE = '/admin';
export const USER_BASE = '/user';

/** A static route whose title key is its name unless given. */
const route = (name: string, path: string, title = name): StaticRouteInfo => ({ name, path, title });

export const staticRoutes: StaticRouteInfo[] = [
  route('home', '/'),
  route('channel', '/channel/:id'),
  route('content', '/content/:id'),
  route('search', '/search'),
  route('adminLogin', '/admin/login'),
  route('userLogin', '/user/login'),
  route('userOauthCallback', '/user/oauth/callback'),
  route('notFound', '/404'),
  route('noPower', '/401'),
  route('admin', '/admin'),
  route('adminMainLoading', '/admin/loading/:to?', 'Loading'),
  route('adminIframe', '/admin/iframe/:url', 'iframe'),
  route('user', '/user', 'User'),
  route('userMainLoading', '/user/loading/:to?', 'Loading'),
  route('userIframe', '/user/iframe/:url', 'iframe'),
];

export function routeByName(name: string): StaticRouteInfo | undefined {
  return staticRoutes.find((r) => r.name === name);
}

/** The path of a named static route with its optional parameters filled (or dropped). */
export function pathOfName(name: string, params: Record<string, string> = {}): string | undefined {
  const route = routeByName(name);
  if (!route) return undefined;
  const path = route.path.replace(/\/:(\w+)\??/g, (_, key: string) => (params[key] !== undefined ? `/${encodeURIComponent(params[key])}` : ''));
  return path || '/';
}

/** True when a path belongs to the back office (the request layer then sends the admin token). */
export function isAdminPath(path: string): boolean {
  return path === ADMIN_BASE || path.startsWith(`${ADMIN_BASE}/`);
}

export function isUserPath(path: string): boolean {
  return path === USER_BASE || path.startsWith(`${USER_BASE}/`);
}

export interface LoadingTarget {
  path: string;
  query: Record<string, string>;
}

/** `/admin/loading/<json>`: where an unregistered /admin/* (or /user/*) path waits for the bootstrap. */
export function loadingPathFor(path: string, search = ''): string {
  const query: Record<string, string> = {};
  new URLSearchParams(search.replace(/^\?/, '')).forEach((v, k) => {
    query[k] = v;
  });
  const base = isAdminPath(path) ? ADMIN_BASE : USER_BASE;
  return `${base}/loading/${encodeURIComponent(JSON.stringify({ path, query }))}`;
}

export function parseLoadingTarget(to: string | undefined): LoadingTarget | null {
  if (!to) return null;
  try {
    const value = JSON.parse(to) as Partial<LoadingTarget>;
    if (!value || typeof value.path !== 'string') return null;
    return { path: value.path, query: value.query && typeof value.query === 'object' ? value.query : {} };
  } catch {
    return null;
  }
}

export function withQuery(path: string, query: Record<string, string> = {}): string {
  const qs = new URLSearchParams(query).toString();
  return qs ? `${path}?${qs}` : path;
}

/** Path of an iframe menu: /admin/iframe/<encoded url>. */
export function iframePath(url: string, base = ADMIN_BASE): string {
  return `${base}/iframe/${encodeURIComponent(url)}`;
}

const LOGIN_PATHS = new Set(['/admin/login', '/user/login']);

/**
 * The sign-in page with the page to come back to after signing in (`?redirect=`): a deep link opened while
 * signed out is not lost. Only pages of the same app are kept (never another site, never a sign-in page).
 */
export function loginWithReturn(loginPath: string, returnTo: string | null | undefined): string {
  if (!LOGIN_PATHS.has(loginPath)) return loginPath;
  const back = safeReturn(loginPath, returnTo);
  return back ? `${loginPath}?redirect=${encodeURIComponent(back)}` : loginPath;
}

/** Where to go after signing in on `loginPath`: the `redirect` it was given, when it is safe, else `fallback`. */
export function afterLogin(loginPath: string, redirect: string | null | undefined, fallback: string): string {
  return safeReturn(loginPath, redirect) ?? fallback;
}

function safeReturn(loginPath: string, path: string | null | undefined): string | null {
  if (!path || !path.startsWith('/') || path.startsWith('//') || /[\\\s]/.test(path)) return null;
  const base = loginPath.startsWith(ADMIN_BASE) ? ADMIN_BASE : USER_BASE;
  const bare = path.split('?')[0];
  if (LOGIN_PATHS.has(bare) || bare === base || !bare.startsWith(`${base}/`)) return null;
  return path;
}
