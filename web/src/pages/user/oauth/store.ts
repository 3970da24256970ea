import { makeAutoObservable, runInAction } from 'mobx';
import type { RootStore } from '@/stores/root';
import { errorMessage } from '@/api/request';
import { OAUTH_STATE_KEY, oauthBind, oauthCallback, type OauthSignedIn } from '@/api/oauth';

type Phase = 'checking' | 'bind' | 'failed' | 'done';

/** The way back from a provider: the state checked, the callback sent; then a session, a link, or the bind form. */
export class OauthCallbackStore {
  phase: Phase = 'checking';
  error: string | null = null;
  loading = false;
  bindToken = '';
  provider = '';
  nickname = '';
  routePath = '/user';

  constructor(private readonly root: RootStore) {
    makeAutoObservable<OauthCallbackStore, 'root'>(this, { root: false }, { autoBind: true });
  }

  /** Resolves the path to go to, or null (the page then shows the bind form or the error). */
  async arrive(code: string, state: string, providerError: string): Promise<string | null> {
    const started = sessionStorage.getItem(OAUTH_STATE_KEY);
    sessionStorage.removeItem(OAUTH_STATE_KEY);
    if (providerError || !code || !state || started !== state) {
      this.fail(providerError ? 'frontend.user.oauth.callback.providerRefused' : 'frontend.user.oauth.callback.stateMismatch');
      return null;
    }
    this.loading = true;
    try {
      const { data } = await oauthCallback(code, state);
      return runInAction(() => {
        this.loading = false;
        this.routePath = data.routePath || '/user';
        if ('userInfo' in data) return this.signedIn(data);
        if ('linked' in data) {
          this.phase = 'done';
          return '/user/account/oauth';
        }
        this.bindToken = data.bind_token;
        this.provider = data.provider;
        this.nickname = data.nickname;
        this.phase = 'bind';
        return null;
      });
    } catch (e) {
      runInAction(() => {
        this.loading = false;
        this.phase = 'failed';
        this.error = errorMessage(e);
      });
      return null;
    }
  }

  async bind(username: string, password: string): Promise<string | null> {
    this.loading = true;
    try {
      const { data } = await oauthBind({ bind_token: this.bindToken, username, password });
      return runInAction(() => {
        this.loading = false;
        return this.signedIn(data);
      });
    } catch (e) {
      runInAction(() => {
        this.loading = false;
        this.error = errorMessage(e);
      });
      return null;
    }
  }

  private fail(key: string) {
    this.phase = 'failed';
    this.error = key;
  }

  private signedIn(answer: OauthSignedIn): string {
    this.root.memberCenter.reset();
    this.root.userInfo.dataFill({ ...answer.userInfo, refreshToken: answer.userInfo.refreshToken ?? '' } as never);
    this.phase = 'done';
    return answer.routePath || this.routePath;
  }
}
