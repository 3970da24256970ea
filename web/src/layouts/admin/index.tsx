import { Suspense, useEffect } from 'react';
import { observer } from 'mobx-react-lite';
import { reaction } from 'mobx';
import { Outlet, useLocation } from 'react-router-dom';
import { useStore } from '@/stores/context';
import { PageFallback } from '@/components/PageFallback';
import { DefaultLayout } from './Default';
import { ClassicLayout } from './Classic';
import { PhoneLayout } from './Phone';
import { usePhone } from '@/hooks/usePhone';
import './layout.css';

/**
 * The back-office shell. Before the bootstrap (the loading route) only the page is shown; afterwards the
 * chosen layout. Navigating to a page opens its tab; a language switch fetches the menus again, since the
 * server translates rule titles.
 */
export default observer(function AdminLayout() {
  const { navTabs, config } = useStore();
  const location = useLocation();
  const phone = usePhone();

  useEffect(() => {
    if (navTabs.loaded) navTabs.openTab(location.pathname, `${location.pathname}${location.search}`);
  }, [location.pathname, location.search, navTabs, navTabs.loaded]);

  useEffect(
    () =>
      reaction(
        () => config.lang,
        () => {
          if (navTabs.loaded) navTabs.fetchAdminIndex();
        },
      ),
    [config, navTabs],
  );

  if (!navTabs.loaded) {
    return (
      <Suspense fallback={<PageFallback full />}>
        <Outlet />
      </Suspense>
    );
  }
  if (phone) return <PhoneLayout />;
  return config.layoutMode === 'Classic' ? <ClassicLayout /> : <DefaultLayout />;
});
