/**
 * The front bootstrap (GET /api/index/index) as the stores take it: the site settings every public page
 * needs, the optional modules' states (which hide the links into a disabled member center), and the member
 * of a member token.
 */
import { runInAction } from 'mobx';
import type { MemberInfo } from '@contract/member';
import { getFrontIndex } from '@/api/member';
import type { SiteConfigStore } from './siteConfig';
import type { UserInfoStore } from './userInfo';

/** The member info of an answer without its (empty) token fields, so the stored tokens stay. */
export function withoutTokens(info: MemberInfo): Omit<MemberInfo, 'token' | 'refreshToken'> {
  const { token: _token, refreshToken: _refresh, refresh_token: _refreshAlias, ...rest } = info as MemberInfo & { refresh_token?: string };
  return rest;
}

/**
 * Reads the front bootstrap into the site settings — unless `keepLoaded` and another bootstrap filled them
 * meanwhile — and, given the member's store, the member (a token the server no longer knows, with nothing to
 * refresh it, signs out). Quiet: the pages work without it.
 */
export async function loadFrontBootstrap(stores: { siteConfig: SiteConfigStore; userInfo?: UserInfoStore }, keepLoaded = false): Promise<void> {
  try {
    const { data } = await getFrontIndex();
    runInAction(() => {
      if (data?.site && !(keepLoaded && stores.siteConfig.loaded)) stores.siteConfig.dataFill({ ...data.site, apiUrl: '' });
      // the modules' states always: a module switched off since the last read hides its links at once
      if (data && (data.modules || typeof data.openMemberCenter === 'boolean')) stores.siteConfig.fillModules(data.modules, data.openMemberCenter);
      const member = stores.userInfo;
      if (!member) return;
      if (data?.userInfo) member.dataFill(withoutTokens(data.userInfo));
      else if (member.token && !member.refreshToken) member.reset();
    });
  } catch {
    // quiet
  }
}
