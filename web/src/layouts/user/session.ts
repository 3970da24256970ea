/**
 * The member's session on the client: the member-center bootstrap (GET /api/user/index) and sign-out
 * (POST /api/user/logout with the refresh token). Kept here, beside the member-center shell that uses them.
 */
import { runInAction } from 'mobx';
import { getFrontIndex, getUserIndex, logout, type MemberInfo } from '@/api/user';
import type { MenuRule } from '@/api/admin';
import type { RootStore } from '@/stores/root';

/** The member info of an answer without its (empty) token fields, so the stored tokens stay. */
export function withoutTokens(info: MemberInfo): MemberInfo {
  const { token: _token, refreshToken: _refresh, refresh_token: _refreshAlias, ...rest } = info as MemberInfo & { token?: string; refreshToken?: string; refresh_token?: string };
  return rest;
}

/** Fills the member, the menus and (once) the site settings; false when the bootstrap failed. */
export async function loadMemberCenter(root: RootStore): Promise<boolean> {
  runInAction(() => {
    root.memberCenter.loading = true;
    root.memberCenter.error = null;
  });
  try {
    const [center, front] = await Promise.all([getUserIndex(), root.siteConfig.loaded ? Promise.resolve(null) : getFrontIndex().catch(() => null)]);
    runInAction(() => {
      root.userInfo.dataFill(withoutTokens(center.data.userInfo));
      root.memberCenter.setRules(center.data.menus as unknown as MenuRule[]);
      root.memberCenter.setNavRules((center.data.rules ?? []) as unknown as MenuRule[]);
      if (front?.data?.site) root.siteConfig.dataFill({ ...front.data.site, apiUrl: '' });
      root.memberCenter.loading = false;
    });
    return true;
  } catch (e) {
    runInAction(() => {
      root.memberCenter.loading = false;
      root.memberCenter.error = (e as { msg?: string })?.msg || (e as Error)?.message || 'error';
    });
    return false;
  }
}

/** Signs out: the server revokes the tokens; on code 1 the saved member is removed and the page reloads. */
export async function signOutMember(root: RootStore, reload: () => void = () => window.location.reload()): Promise<void> {
  try {
    await logout(root.userInfo.refreshToken);
  } catch {
    // the tokens are dropped below anyway
  }
  runInAction(() => {
    root.userInfo.reset();
    root.memberCenter.reset();
  });
  reload();
}
