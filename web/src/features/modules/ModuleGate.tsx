/**
 * The web app's side of module management: the pages of an optional module that is switched off (the member
 * center: `/user/login`, `/user/*`) answer "this module is disabled" themselves instead of sending requests
 * the server answers 404. The state comes from the front bootstrap (`GET /api/index/index`, `modules`),
 * read again on every entry, so a module switched off meanwhile is seen at once.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { observer } from 'mobx-react-lite';
import { Button, Result } from '@arco-design/web-react';
import { useNavigate } from 'react-router-dom';
import { PageFallback } from '@/components/PageFallback';
import { TopTools } from '@/components/TopTools';
import { useT } from '@/lang';
import { loadFrontBootstrap } from '@/stores/front';
import { useStore } from '@/stores/context';

/** The answer of a disabled module's page, translated, with the way back home and the language and theme switches. */
export function ModuleDisabled({ name }: { name: string }) {
  const t = useT();
  const navigate = useNavigate();
  return (
    <div className="ba-error-page" data-testid={`module-disabled-${name}`} role="alert">
      <div className="ba-error-page-tools">
        <TopTools />
      </div>
      <Result
        status="404"
        title={t('moduleOff.title', { module: t(`moduleOff.names.${name}`) })}
        subTitle={t('moduleOff.subTitle')}
        extra={
          <Button type="primary" onClick={() => navigate('/')} data-testid="module-disabled-home">
            {t('moduleOff.home')}
          </Button>
        }
      />
    </div>
  );
}

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
  if (!siteConfig.moduleOn(name)) return <ModuleDisabled name={name} />;
  // a bootstrap that failed leaves the pages as they were: their own requests name the problem
  if (!checked && !siteConfig.modulesKnown) return <PageFallback full />;
  return <>{children}</>;
});
