import { makeAutoObservable, runInAction } from 'mobx';
import { logout as logoutApi } from '@/api/admin';
import type { RootStore } from './root';
import { persist } from './persist';

export interface AdminInfo {
  id: number;
  username: string;
  nickname: string;
  avatar: string;
  lastlogintime: string | number;
  token: string;
  refreshToken: string;
  super: boolean;
}

export const ADMIN_INFO_KEY = 'adminInfo';
const FIELDS: Array<keyof AdminInfo> = ['id', 'username', 'nickname', 'avatar', 'lastlogintime', 'token', 'refreshToken', 'super'];

/** The signed-in administrator (persisted in localStorage `adminInfo`). */
export class AdminInfoStore implements AdminInfo {
  id = 0;
  username = '';
  nickname = '';
  avatar = '';
  lastlogintime: string | number = '';
  token = '';
  refreshToken = '';
  super = false;
  loading = false;
  error: string | null = null;

  constructor(private readonly root: RootStore) {
    makeAutoObservable<AdminInfoStore, 'root'>(this, { root: false }, { autoBind: true });
    persist(this, ADMIN_INFO_KEY, FIELDS, root.storage);
  }

  /** Logged in when both the id and the token are set. */
  get isLogin(): boolean {
    return Boolean(this.id && this.token);
  }

  get displayName(): string {
    return this.nickname || this.username;
  }

  dataFill(info: Partial<AdminInfo>) {
    for (const field of FIELDS) {
      if (info[field] !== undefined) (this as Record<string, unknown>)[field] = field === 'super' ? Boolean(info[field]) : info[field];
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
    this.id = 0;
    this.username = '';
    this.nickname = '';
    this.avatar = '';
    this.lastlogintime = '';
    this.super = false;
    this.removeToken();
  }

  /** POST /admin/index/logout {refreshToken}; on code 1 the saved information is removed. */
  async logout(): Promise<boolean> {
    this.loading = true;
    this.error = null;
    try {
      await logoutApi(this.refreshToken);
      runInAction(() => {
        this.reset();
        this.loading = false;
      });
      this.root.navTabs.reset();
      return true;
    } catch (e) {
      runInAction(() => {
        this.loading = false;
        this.error = (e as { msg?: string })?.msg || String((e as Error)?.message ?? e);
      });
      return false;
    }
  }
}
