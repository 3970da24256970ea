import { lazy } from 'react';
import { observer } from 'mobx-react-lite';
import { Navigate, useLocation } from 'react-router-dom';
import { isWebAddress } from '@contract/menu-urls';
import { loadingPathFor } from '@/router/names';
import { useStore } from '@/stores/context';

const NotFound = lazy(() => import('@/pages/common/NotFound'));

/**
 * An iframe menu: /admin/iframe/<encoded url> (or /user/iframe/…). It frames only the address of an
 * iframe menu rule the signed-in admin or member has, and only an http(s) one: any other address gets the
 * 404 page, so a link into the app cannot make it frame an outside page, nor a stored `javascript:` or `data:`
 * address run. (The page's CSP frame-src lists the same addresses.)
 */
export default observer(function IframePage() {
  const { navTabs, memberCenter } = useStore();
  const location = useLocation();
  const menus = location.pathname.startsWith('/user/') ? memberCenter : navTabs;
  if (!menus.loaded) return <Navigate to={loadingPathFor(location.pathname, location.search)} replace />;
  const menu = menus.findByPath(location.pathname);
  const url = menu?.menuType === 'iframe' ? menu.url : '';
  if (!isWebAddress(url)) return <NotFound />;
  return <iframe className="ba-iframe" src={url} title={menu?.title ?? url} />;
});
