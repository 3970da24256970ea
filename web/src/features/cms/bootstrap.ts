import { useEffect } from 'react';
import { runInAction } from 'mobx';
import { getFrontIndex } from '@/api/user';
import { withoutTokens } from '@/layouts/user/session';
import type { RootStore } from '@/stores/root';

/**
 * The front bootstrap of the public pages (GET /api/index/index): the site settings and, for a signed-in
 * member, the member (a token the server no longer knows, with nothing to refresh it, signs out).
 */
export function useFrontBootstrap(root: RootStore): void {
  const { siteConfig, userInfo } = root;
  useEffect(() => {
    let alive = true;
    getFrontIndex()
      .then((res) => {
        if (!alive) return;
        runInAction(() => {
          siteConfig.dataFill({ ...res.data.site, apiUrl: '' });
          if (res.data.userInfo) userInfo.dataFill(withoutTokens(res.data.userInfo));
          else if (userInfo.token && !userInfo.refreshToken) userInfo.reset();
        });
      })
      .catch(() => undefined);
    return () => {
      alive = false;
    };
  }, [siteConfig, userInfo]);
}
