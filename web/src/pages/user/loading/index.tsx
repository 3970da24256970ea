import { useEffect, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { Button, Result, Space, Spin } from '@arco-design/web-react';
import { useNavigate, useParams } from 'react-router-dom';
import { useT } from '@/lang';
import { useStore } from '@/stores/context';
import { parseLoadingTarget, withQuery } from '@/router/names';
import { loadMemberCenter } from '@/layouts/user/session';

/**
 * /user/loading/:to?: bootstraps the member center (GET /api/user/index: member info and menus), then goes
 * to the requested page (the JSON {path, query} in :to) or the first page of the menu.
 */
export default observer(function UserLoading() {
  const t = useT();
  const { to } = useParams();
  const navigate = useNavigate();
  const root = useStore();
  const { userInfo, memberCenter } = root;
  const [state, setState] = useState<'loading' | 'failed' | 'noMenu'>('loading');
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let alive = true;
    (async () => {
      if (!userInfo.token) {
        navigate('/user/login', { replace: true });
        return;
      }
      setState('loading');
      if (!memberCenter.loaded && !(await loadMemberCenter(root))) {
        if (alive) setState('failed');
        return;
      }
      if (!alive) return;
      const target = parseLoadingTarget(to);
      if (target && target.path !== '/user' && !target.path.startsWith('/user/loading')) {
        const known = memberCenter.findByPath(target.path);
        navigate(known ? withQuery(target.path, target.query) : '/404', { replace: true });
        return;
      }
      const first = memberCenter.firstRoute;
      if (first) navigate(first.path, { replace: true });
      else setState('noMenu');
    })();
    return () => {
      alive = false;
    };
  }, [to, attempt, userInfo.token, memberCenter, root, navigate]);

  if (state === 'loading') {
    return (
      <div className="ba-center-page">
        <Spin size={32} tip={t('member.loading')} />
      </div>
    );
  }
  return (
    <div className="ba-center-page">
      <Result
        status={state === 'failed' ? 'error' : 'warning'}
        title={state === 'failed' ? t('member.failed') : t('member.noMenu')}
        subTitle={state === 'failed' ? (memberCenter.error ?? '') : ''}
        extra={
          <Space>
            {state === 'failed' && (
              <Button type="primary" onClick={() => setAttempt((n) => n + 1)}>
                {t('member.retry')}
              </Button>
            )}
            <Button
              onClick={() => {
                userInfo.removeToken();
                navigate('/user/login', { replace: true });
              }}
            >
              {t('member.backToLogin')}
            </Button>
          </Space>
        }
      />
    </div>
  );
});
