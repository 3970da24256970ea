import { Suspense, useEffect, useLayoutEffect } from 'react';
import { observer } from 'mobx-react-lite';
import { Routes, useLocation, useNavigate } from 'react-router-dom';
import { loadLang, pathToLangFile, useT } from '@/lang';
import { useStore } from '@/stores/context';
import { PageErrorBoundary, PageFallback } from '@/components/PageFallback';
import { loadFrontBootstrap } from '@/stores/front';
import { routerBridge } from './bridge';
import { hideLoadingBlock, progress } from './progress';
import { buildRouteTable, renderRoutes, routeTitle } from './routes';

/** On every navigation: the progress bar, the page's language file, the loading block, the bridge. */
function NavigationEvents() {
  const location = useLocation();
  const navigate = useNavigate();

  useLayoutEffect(() => {
    routerBridge.setNavigator((path, options) => navigate(path, options));
    return () => routerBridge.setNavigator(null);
  }, [navigate]);

  useEffect(() => {
    let done = false;
    progress.start();
    loadLang([pathToLangFile(location.pathname)]).finally(() => {
      if (done) return;
      done = true;
      progress.done();
      hideLoadingBlock();
    });
    return () => {
      if (!done) {
        done = true;
        progress.done();
      }
    };
  }, [location.pathname]);

  return null;
}

/** Pages shown before any bootstrap: they read the site name from the public front bootstrap. */
const PAGES_WITHOUT_BOOTSTRAP = new Set(['/admin/login', '/user/login', '/user/oauth/callback', '/404', '/401']);

/** `<route title> - <site name>`. */
const DocumentTitle = observer(function DocumentTitle() {
  const t = useT();
  const location = useLocation();
  const { navTabs, siteConfig, memberCenter } = useStore();
  const title = routeTitle(location.pathname, navTabs, t, memberCenter);
  const siteName = siteConfig.siteName;
  const needsSite = !siteConfig.loaded && PAGES_WITHOUT_BOOTSTRAP.has(location.pathname);
  useEffect(() => {
    if (needsSite) void loadFrontBootstrap({ siteConfig }, true);
  }, [needsSite, siteConfig]);
  useEffect(() => {
    document.title = title && siteName ? `${title} - ${siteName}` : title || siteName;
  }, [title, siteName]);
  return null;
});

/** The routes (must be inside a router). Back-office pages follow the menus. */
export const AppRoutes = observer(function AppRoutes() {
  const { navTabs, memberCenter } = useStore();
  const table = buildRouteTable(navTabs.routes, memberCenter.routes);
  const location = useLocation();
  return (
    <>
      <NavigationEvents />
      <DocumentTitle />
      <PageErrorBoundary resetKey={location.pathname}>
        <Suspense fallback={<PageFallback full />}>
          <Routes>{renderRoutes(table)}</Routes>
        </Suspense>
      </PageErrorBoundary>
    </>
  );
});
