import type { AdminInfo } from '@contract/accounts';
import { logout } from '@/api/accounts';
import { accountStore, type AccountStore } from './account';
import type { StorageLike } from './persist';

export const ADMIN_INFO_KEY = 'adminInfo';

/** The signed-in administrator (persisted in localStorage `adminInfo`). */
export type AdminInfoStore = AccountStore<AdminInfo>;

export function adminInfoStore(storage: StorageLike, afterSignOut: () => void): AdminInfoStore {
  return accountStore<AdminInfo>(
    {
      storageKey: ADMIN_INFO_KEY,
      empty: { id: 0, username: '', nickname: '', avatar: '', lastlogintime: null, token: '', refreshToken: '', super: false, groups: [] },
      convert: { super: Boolean },
      signOut: logout,
      afterSignOut,
    },
    storage,
  );
}
