/**
 * The member's session on the client: the member-center bootstrap (GET /api/user/index) and sign-out
 * (POST /api/user/logout with the refresh token). Kept here, beside the member-center shell that uses them.
 */
import { runInAction } from 'mobx';
import type { RootStore } from '@/stores/root';
import { errorMessage } from '@/api/request';
import { getUserIndex, logout } from '@/api/member';
import { loadFrontBootstrap, withoutTokens } from '@/stores/front';

/** Fills the member, the menus and (once) the site settings; false when the bootstrap failed. */
export async function loadMemberCenter(root: RootStore): Promise<boolean> {
  runInAction(() => {
    root.memberCenter.loading = true;
    root.memberCenter.error = null;
  });
  try {
    const [center] = await Promise.all([getUserIndex(), root.siteConfig.loaded ? null : loadFrontBootstrap({ siteConfig: root.siteConfig })]);
    runInAction(() => {
      root.userInfo.dataFill(withoutTokens(center.data.userInfo));
      root.memberCenter.setRules(center.data.menus);
      root.memberCenter.setNavRules(center.data.rules ?? []);
      root.memberCenter.loading = false;
    });
    return true;
  } catch (e) {
    runInAction(() => {
      root.memberCenter.loading = false;
      root.memberCenter.error = errorMessage(e);
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
