import { action, computed, makeObservable, observable, runInAction, type AnnotationsMap } from 'mobx';
import { errorMessage } from '@/api/request';
import { persist, type StorageLike } from './persist';

/** What the signed-in account of either identity (administrator, member) carries. */
export interface AccountFields {
  id: number;
  username: string;
  nickname: string;
  token: string;
  refreshToken: string;
}

/** One identity's account: where it is saved, its signed-out state, how a value is read in, how it signs out. */
export interface AccountIdentity<I extends AccountFields> {
  /** The localStorage key the account is saved under. */
  storageKey: string;
  /** The signed-out account: every saved field, in the order it is saved, with its empty value. */
  empty: I;
  /** Fields whose value is converted when filled (an answer's 1 / 0 as a boolean). */
  convert?: { [K in keyof I]?: (value: I[K]) => I[K] };
  /** Revokes the tokens on the server (throws when refused). */
  signOut(refreshToken: string): Promise<unknown>;
  /** What else is cleared once signed out (the admin's open tabs). */
  afterSignOut?(): void;
}

/**
 * The signed-in account of one identity, saved in localStorage: its fields (those of `empty`), whether it
 * is signed in, its tokens, filling it from a sign-in answer, clearing it, and signing out.
 */
class AccountState<I extends AccountFields> {
  loading = false;
  error: string | null = null;
  private readonly fields: Array<keyof I & string>;

  constructor(
    private readonly identity: AccountIdentity<I>,
    storage: StorageLike,
  ) {
    this.fields = Object.keys(identity.empty) as Array<keyof I & string>;
    Object.assign(this, identity.empty);
    // annotated by name: the two identities' stores share this class but not their fields (makeAutoObservable
    // would remember the first identity's fields for every instance)
    const fields = Object.fromEntries(this.fields.map((field) => [field, observable]));
    makeObservable(this, {
      ...fields,
      loading: observable,
      error: observable,
      isLogin: computed,
      displayName: computed,
      dataFill: action.bound,
      setToken: action.bound,
      removeToken: action.bound,
      reset: action.bound,
      logout: action.bound,
    } as AnnotationsMap<this, never>);
    // a read: bound, not an action (an observer that asks for the token must see it change)
    this.getToken = this.getToken.bind(this);
    persist(this as unknown as AccountStore<I>, identity.storageKey, this.fields, storage);
  }

  private get account(): AccountStore<I> {
    return this as unknown as AccountStore<I>;
  }

  /** Signed in when both the id and the token are set. */
  get isLogin(): boolean {
    return Boolean(this.account.id && this.account.token);
  }

  get displayName(): string {
    return this.account.nickname || this.account.username;
  }

  dataFill(info: Partial<I>) {
    const convert: { [K in keyof I]?: (value: I[K]) => I[K] } = this.identity.convert ?? {};
    for (const field of this.fields) {
      const value = info[field];
      if (value === undefined) continue;
      const converted = convert[field];
      (this.account as I)[field] = converted ? converted(value as I[typeof field]) : (value as I[typeof field]);
    }
  }

  getToken(type: 'auth' | 'refresh' = 'auth'): string {
    return type === 'auth' ? this.account.token : this.account.refreshToken;
  }

  setToken(token: string, type: 'auth' | 'refresh' = 'auth') {
    if (type === 'auth') this.account.token = token;
    else this.account.refreshToken = token;
  }

  /** Clears both the access token and the refresh token. */
  removeToken() {
    this.account.token = '';
    this.account.refreshToken = '';
  }

  /** Back to the signed-out account. */
  reset() {
    Object.assign(this, this.identity.empty);
  }

  /** The server revokes the tokens; once it has, the saved account is removed. */
  async logout(): Promise<boolean> {
    this.loading = true;
    this.error = null;
    try {
      await this.identity.signOut(this.account.refreshToken);
      runInAction(() => {
        this.reset();
        this.loading = false;
      });
      this.identity.afterSignOut?.();
      return true;
    } catch (e) {
      runInAction(() => {
        this.loading = false;
        this.error = errorMessage(e);
      });
      return false;
    }
  }
}

/** The account store of an identity: its fields and the account's state and actions. */
export type AccountStore<I extends AccountFields> = AccountState<I> & I;

export function accountStore<I extends AccountFields>(identity: AccountIdentity<I>, storage: StorageLike): AccountStore<I> {
  return new AccountState(identity, storage) as AccountStore<I>;
}
