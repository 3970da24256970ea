/**
 * The web app's side of module management: the pages of an optional module that is switched off (the member
 * center: `/user/login`, `/user/*`) answer "this module is disabled" themselves instead of sending requests
 * the server answers 404. The state comes from the front bootstrap (`GET /api/index/index`, `modules`),
 * read again on every entry, so a module switched off meanwhile is seen at once.
 */
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { observer } from 'mobx-react-lite';
import { PageFallback } from '@/components/PageFallback';
import { loadFrontBootstrap } from '@/stores/front';
import { useStore } from '@/stores/context';

const ModuleDisabled = lazy(() => import('./ModuleDisabled'));

/**
 * Renders `children` only while the optional module `name` is on. The first visit waits for the bootstrap
 * (so a disabled module's pages send nothing); later entries render at once and read the state again.
 */
export const ModuleGate = observer(function ModuleGate({ name, children }: { name: string; children: ReactNode }) {
  const { siteConfig } = useStore();
  const [checked, setChecked] = useState(false);
  useEffect(() => {
    let live = true;
    void loadFrontBootstrap({ siteConfig }, true).finally(() => {
      if (live) setChecked(true);
    });
    return () => {
      live = false;
    };
  }, [siteConfig]);
  if (!siteConfig.moduleOn(name)) {
    return (
      <Suspense fallback={<PageFallback full />}>
        <ModuleDisabled name={name} />
      </Suspense>
    );
  }
  // a bootstrap that failed leaves the pages as they were: their own requests name the problem
  if (!checked && !siteConfig.modulesKnown) return <PageFallback full />;
  return <>{children}</>;
});
