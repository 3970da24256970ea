import { useEffect, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { Button, Result, Space, Spin } from '@arco-design/web-react';
import { useNavigate, useParams } from 'react-router-dom';
import { useT } from '@/lang';
import { useStore } from '@/stores/context';
import { loginWithReturn, parseLoadingTarget, withQuery } from '@/router/names';

/**
 * /admin/loading/:to?: bootstraps the back office (GET /admin/index/index: admin info, menus, site config,
 * terminal settings), then goes to the requested page (the JSON {path, query} in :to) or the first menu page.
 */
export default observer(function AdminLoading() {
  const t = useT();
  const { to } = useParams();
  const navigate = useNavigate();
  const { adminInfo, navTabs } = useStore();
  const [state, setState] = useState<'loading' | 'failed' | 'noMenu'>('loading');
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let alive = true;
    (async () => {
      if (!adminInfo.token) {
        const target = parseLoadingTarget(to);
        navigate(loginWithReturn('/admin/login', target ? withQuery(target.path, target.query) : null), { replace: true });
        return;
      }
      setState('loading');
      if (!navTabs.loaded) {
        const ok = await navTabs.fetchAdminIndex();
        if (!alive) return;
        if (!ok) {
          setState('failed');
          return;
        }
      }
      const target = parseLoadingTarget(to);
      if (target && target.path !== '/admin' && !target.path.startsWith('/admin/loading')) {
        const known = navTabs.findByPath(target.path);
        navigate(known ? withQuery(target.path, target.query) : '/404', { replace: true });
        return;
      }
      const first = navTabs.firstRoute;
      if (first) navigate(first.path, { replace: true });
      else setState('noMenu');
    })();
    return () => {
      alive = false;
    };
  }, [to, attempt, adminInfo.token, navTabs, navigate]);

  if (state === 'loading') {
    return (
      <div className="ba-center-page">
        <Spin size={32} tip={t('loading.loading')} />
      </div>
    );
  }
  return (
    <div className="ba-center-page">
      <Result
        status={state === 'failed' ? 'error' : 'warning'}
        title={state === 'failed' ? t('loading.failed') : t('loading.noMenu')}
        subTitle={state === 'failed' ? navTabs.error ?? '' : ''}
        extra={
          <Space>
            {state === 'failed' && (
              <Button type="primary" onClick={() => setAttempt((n) => n + 1)}>
                {t('loading.retry')}
              </Button>
            )}
            <Button
              onClick={() => {
                adminInfo.removeToken();
                navigate('/admin/login', { replace: true });
              }}
            >
              {t('loading.backToLogin')}
            </Button>
          </Space>
        }
      />
    </div>
  );
});
