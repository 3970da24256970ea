import { Suspense, useState } from 'react';
import { Layout } from '@arco-design/web-react';
import { Outlet, useLocation } from 'react-router-dom';
import { PageErrorBoundary, PageFallback } from '@/components/PageFallback';
import { NavTabsBar } from './components/NavTabsBar';

/** Tabs plus the current page. "Reload" remounts the page. */
export function MainContent() {
  const location = useLocation();
  const [reloadSeq, setReloadSeq] = useState(0);
  return (
    <>
      <NavTabsBar onReload={() => setReloadSeq((n) => n + 1)} />
      <Layout.Content className="ba-main">
        <PageErrorBoundary resetKey={location.pathname}>
          <Suspense fallback={<PageFallback />}>
            <div key={`${location.pathname}#${reloadSeq}`} className="ba-page" data-path={location.pathname}>
              <Outlet />
            </div>
          </Suspense>
        </PageErrorBoundary>
      </Layout.Content>
    </>
  );
}
