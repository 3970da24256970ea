import { makeAutoObservable } from 'mobx';
import type { MemberInfo } from '@contract/member';
import type { RootStore } from './root';
import { persist } from './persist';

/** The signed-in member as the server answers it (contract/member.ts). */
export type UserInfo = MemberInfo;

export const USER_INFO_KEY = 'userInfo';
const FIELDS: Array<keyof UserInfo> = [
  'id', 'username', 'nickname', 'email', 'mobile', 'avatar', 'gender', 'birthday', 'money', 'score',
  'lastlogintime', 'lastloginip', 'jointime', 'motto', 'token', 'refreshToken',
];

/** The signed-in member (persisted in localStorage `userInfo`). */
export class UserInfoStore implements UserInfo {
  id = 0;
  username = '';
  nickname = '';
  email = '';
  mobile = '';
  avatar = '';
  gender = 0;
  birthday = '';
  money = '0.00';
  score = 0;
  lastlogintime: number | null = null;
  lastloginip = '';
  jointime: number | null = null;
  motto = '';
  token = '';
  refreshToken = '';
  loading = false;
  error: string | null = null;

  constructor(root: RootStore) {
    makeAutoObservable(this, {}, { autoBind: true });
    persist(this, USER_INFO_KEY, FIELDS, root.storage);
  }

  /** Logged in when both the id and the token are set. */
  get isLogin(): boolean {
    return Boolean(this.id && this.token);
  }

  dataFill(info: Partial<UserInfo>) {
    for (const field of FIELDS) {
      if (info[field] !== undefined) (this as Record<string, unknown>)[field] = info[field];
    }
  }

  getToken(type: 'auth' | 'refresh' = 'auth'): string {
    return type === 'auth' ? this.token : this.refreshToken;
  }

  setToken(token: string, type: 'auth' | 'refresh' = 'auth') {
    if (type === 'auth') this.token = token;
    else this.refreshToken = token;
  }

  /** Clears both the access token and the refresh token. */
  removeToken() {
    this.token = '';
    this.refreshToken = '';
  }

  reset() {
    this.dataFill({
      id: 0, username: '', nickname: '', email: '', mobile: '', avatar: '', gender: 0, birthday: '', money: '0.00', score: 0,
      lastlogintime: null, lastloginip: '', jointime: null, motto: '',
    });
    this.removeToken();
  }
}
