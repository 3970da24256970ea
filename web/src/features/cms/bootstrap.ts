import { useEffect } from 'react';
import { loadFrontBootstrap } from '@/stores/front';
import type { RootStore } from '@/stores/root';

/**
 * The front bootstrap of the public pages (GET /api/index/index): the site settings and, for a signed-in
 * member, the member (a token the server no longer knows, with nothing to refresh it, signs out).
 */
export function useFrontBootstrap(root: RootStore): void {
  const { siteConfig, userInfo } = root;
  useEffect(() => {
    void loadFrontBootstrap({ siteConfig, userInfo });
  }, [siteConfig, userInfo]);
}
