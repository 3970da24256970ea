/**
 * The loading page of an app (back office or member center): bootstraps it, then goes to the requested page
 * (the JSON {path, query} in :to) or to the first page of its menu; without a token, to its sign-in.
 */
import { useEffect, useRef, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { Button, Result, Space, Spin } from '@arco-design/web-react';
import { useNavigate, useParams } from 'react-router-dom';
import { useT } from '@/lang';
import type { RouteMenu } from '@/router/menus';
import { parseLoadingTarget, withQuery } from '@/router/names';

export interface BootstrapPageProps {
  /** The app's root path (`/admin`, `/user`). */
  base: string;
  /** The language prefix of the page's words (`loading.*`, `member.*`). */
  lang: string;
  /** The signed-in account of the app. */
  account: { readonly token: string; removeToken(): void };
  /** The app's menus as the bootstrap fills them. */
  menus: { readonly loaded: boolean; readonly error: string | null; readonly firstRoute: RouteMenu | undefined; findByPath(path: string): RouteMenu | undefined };
  /** The bootstrap; true when it succeeded. */
  bootstrap(): Promise<boolean>;
  /** The sign-in page, told where the user was going (null: nowhere in particular). */
  login(target: string | null): string;
}

export const BootstrapPage = observer(function BootstrapPage(props: BootstrapPageProps) {
  const { base, lang, account, menus } = props;
  const t = useT();
  const { to } = useParams();
  const navigate = useNavigate();
  const [state, setState] = useState<'loading' | 'failed' | 'noMenu'>('loading');
  const [attempt, setAttempt] = useState(0);
  // the callbacks as last rendered (the bootstrap runs again only when the target, the token or a retry asks)
  const calls = useRef(props);
  calls.current = props;

  useEffect(() => {
    let alive = true;
    (async () => {
      const target = parseLoadingTarget(to);
      if (!account.token) {
        navigate(calls.current.login(target ? withQuery(target.path, target.query) : null), { replace: true });
        return;
      }
      setState('loading');
      if (!menus.loaded) {
        const ok = await calls.current.bootstrap();
        if (!alive) return;
        if (!ok) {
          setState('failed');
          return;
        }
      }
      if (target && target.path !== base && !target.path.startsWith(`${base}/loading`)) {
        navigate(menus.findByPath(target.path) ? withQuery(target.path, target.query) : '/404', { replace: true });
        return;
      }
      const first = menus.firstRoute;
      if (first) navigate(first.path, { replace: true });
      else setState('noMenu');
    })();
    return () => {
      alive = false;
    };
  }, [to, attempt, account.token, base, menus, navigate]);

  if (state === 'loading') {
    return (
      <div className="ba-center-page">
        <Spin size={32} tip={t(`${lang}.loading`)} />
      </div>
    );
  }
  return (
    <div className="ba-center-page">
      <Result
        status={state === 'failed' ? 'error' : 'warning'}
        title={state === 'failed' ? t(`${lang}.failed`) : t(`${lang}.noMenu`)}
        subTitle={state === 'failed' ? (menus.error ?? '') : ''}
        extra={
          <Space>
            {state === 'failed' && (
              <Button type="primary" onClick={() => setAttempt((n) => n + 1)}>
                {t(`${lang}.retry`)}
              </Button>
            )}
            <Button
              onClick={() => {
                account.removeToken();
                navigate(calls.current.login(null), { replace: true });
              }}
            >
              {t(`${lang}.backToLogin`)}
            </Button>
          </Space>
        }
      />
    </div>
  );
});

export default BootstrapPage;
