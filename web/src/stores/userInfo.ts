import type { MemberInfo } from '@contract/member';
import { logout } from '@/api/member';
import { accountStore, type AccountStore } from './account';
import type { StorageLike } from './persist';

/** The signed-in member as the server answers it (contract/member.ts). */
export type UserInfo = MemberInfo;

export const USER_INFO_KEY = 'userInfo';

/** The signed-in member (persisted in localStorage `userInfo`). */
export type UserInfoStore = AccountStore<UserInfo>;

export function userInfoStore(storage: StorageLike, afterSignOut: () => void): UserInfoStore {
  return accountStore<UserInfo>(
    {
      storageKey: USER_INFO_KEY,
      empty: {
        id: 0, username: '', nickname: '', email: '', mobile: '', avatar: '', gender: 0, birthday: '', money: '0.00', score: 0,
        lastlogintime: null, lastloginip: '', jointime: null, motto: '', token: '', refreshToken: '',
      },
      signOut: logout,
      afterSignOut,
    },
    storage,
  );
}
