/**
 * The route table: static routes (names, titles from ./names) with their pages, plus the back-office
 * pages from the server's menu rules. It drives the router; the menu, tabs, breadcrumbs and permission
 * checks read the same menu routes from the navTabs store, and titles come from `routeTitle`.
 */
import { lazy, type ReactNode } from 'react';
import { Navigate, Route, matchPath } from 'react-router-dom';
import { useT, type TFunction } from '@/lang';
import type { RouteMenu } from '@/router/menus';
import type { NavTabsStore } from '@/stores/navTabs';
import type { MemberCenterStore } from '@/stores/memberCenter';
import { ModuleGate } from '@/features/modules/ModuleGate';
import { pageComponent } from './pages';
import { staticRoutes } from './names';

const Home = lazy(() => import('@/pages/common/Home'));
const ChannelView = lazy(() => import('@/pages/site/Channel'));
const ContentView = lazy(() => import('@/pages/site/Content'));
const SearchView = lazy(() => import('@/pages/site/Search'));
const AdminLogin = lazy(() => import('@/pages/admin/login'));
const AdminLayout = lazy(() => import('@/layouts/admin'));
const AdminLoading = lazy(() => import('@/pages/admin/loading'));
const UserLayout = lazy(() => import('@/layouts/user'));
const UserLogin = lazy(() => import('@/pages/user/login'));
const UserOauthCallback = lazy(() => import('@/pages/user/oauth'));
const UserLoading = lazy(() => import('@/pages/user/loading'));
const NotFound = lazy(() => import('@/pages/common/NotFound'));
const NoPower = lazy(() => import('@/pages/common/NoPower'));
const IframePage = lazy(() => import('@/pages/common/Iframe'));
const ToLoading = lazy(() => import('@/pages/common/ToLoading'));

export interface AppRoute {
  /** a static route name (names.ts) */
  name?: string;
  path?: string;
  index?: boolean;
  element: ReactNode;
  children?: AppRoute[];
}

function MenuPage({ route }: { route: RouteMenu }) {
  const Page = pageComponent(route.component, route.path, () => <MissingPage component={route.component} />);
  return <Page />;
}

function MissingPage({ component }: { component: string }) {
  const t = useT();
  return (
    <div className="ba-center-page" role="alert">
      <p className="ba-page-failed">{t('layout.pageMissing', { component })}</p>
    </div>
  );
}

/** The whole table, with the back-office pages of the current menus and the member-center pages. */
export function buildRouteTable(menuRoutes: RouteMenu[], memberRoutes: RouteMenu[] = []): AppRoute[] {
  const adminPages: AppRoute[] = menuRoutes
    .filter((r) => r.menuType === 'tab' && r.component)
    .map((r) => ({ path: r.path.replace(/^\/admin\//, ''), element: <MenuPage route={r} /> }));
  const userPages: AppRoute[] = memberRoutes
    .filter((r) => r.menuType === 'tab' && r.component)
    .map((r) => ({ path: r.path.replace(/^\/user\//, ''), element: <MenuPage route={r} /> }));

  return [
    { name: 'home', path: '/', element: <Home /> },
    { name: 'channel', path: '/channel/:id', element: <ChannelView /> },
    { name: 'content', path: '/content/:id', element: <ContentView /> },
    { name: 'search', path: '/search', element: <SearchView /> },
    { name: 'adminLogin', path: '/admin/login', element: <AdminLogin /> },
    // the member center is an optional module: while it is off its pages say so and send nothing
    { name: 'userLogin', path: '/user/login', element: <ModuleGate name="member"><UserLogin /></ModuleGate> },
    { name: 'userOauthCallback', path: '/user/oauth/callback', element: <ModuleGate name="member"><UserOauthCallback /></ModuleGate> },
    { name: 'notFound', path: '/404', element: <NotFound /> },
    { name: 'noPower', path: '/401', element: <NoPower /> },
    {
      name: 'admin',
      path: '/admin',
      element: <AdminLayout />,
      children: [
        { index: true, element: <Navigate to="/admin/loading" replace /> },
        { name: 'adminMainLoading', path: 'loading/:to?', element: <AdminLoading /> },
        { name: 'adminIframe', path: 'iframe/:url', element: <IframePage /> },
        ...adminPages,
        { path: '*', element: <ToLoading /> },
      ],
    },
    {
      name: 'user',
      path: '/user',
      element: (
        <ModuleGate name="member">
          <UserLayout />
        </ModuleGate>
      ),
      children: [
        { index: true, element: <Navigate to="/user/loading" replace /> },
        { name: 'userMainLoading', path: 'loading/:to?', element: <UserLoading /> },
        { name: 'userIframe', path: 'iframe/:url', element: <IframePage /> },
        ...userPages,
        { path: '*', element: <ToLoading /> },
      ],
    },
    { path: '*', element: <Navigate to="/404" replace /> },
  ];
}

export function renderRoutes(routes: AppRoute[]): ReactNode {
  return routes.map((r, i) =>
    r.index ? (
      <Route key={`index-${i}`} index element={r.element} />
    ) : (
      <Route key={r.path ?? i} path={r.path} element={r.element}>
        {r.children ? renderRoutes(r.children) : null}
      </Route>
    ),
  );
}

/** The title of a path: the menu rule's title (already translated by the server) or the static route's. */
export function routeTitle(pathname: string, navTabs: NavTabsStore, t: TFunction, memberCenter?: MemberCenterStore): string {
  const menu = navTabs.findByPath(pathname) ?? memberCenter?.findByPath(pathname);
  if (menu) return menu.title;
  const match = staticRoutes.find((r) => matchPath({ path: r.path, end: true }, pathname));
  return match ? t(`route.${match.title}`) : '';
}
