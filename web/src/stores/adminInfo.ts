import { logout, type AdminLoginUserInfo } from '@/api/admin';
import { accountStore, type AccountStore } from './account';
import type { RootStore } from './root';

/** The signed-in administrator as sign-in answers it. */
export type AdminInfo = AdminLoginUserInfo;

export const ADMIN_INFO_KEY = 'adminInfo';

/** The signed-in administrator (persisted in localStorage `adminInfo`). */
export type AdminInfoStore = AccountStore<AdminInfo>;

export function adminInfoStore(root: RootStore): AdminInfoStore {
  return accountStore<AdminInfo>(
    {
      storageKey: ADMIN_INFO_KEY,
      empty: { id: 0, username: '', nickname: '', avatar: '', lastlogintime: '', token: '', refreshToken: '', super: false },
      convert: { super: Boolean },
      signOut: logout,
      afterSignOut: () => root.navTabs.reset(),
    },
    root.storage,
  );
}
