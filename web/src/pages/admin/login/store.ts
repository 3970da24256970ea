import { makeAutoObservable, runInAction } from 'mobx';
import { captchaFields, newCaptchaId } from '@/features/identity/captchaStep';
import type { RootStore } from '@/stores/root';
import { errorMessage } from '@/api/request';
import { getLoginConfig, login, type AdminLoginForm } from '@/api/accounts';

/** The admin sign-in page: whether the captcha is on, the captcha id of this page and the sign-in itself. */
export class AdminLoginStore {
  captchaRequired = false;
  /** one captcha id per page */
  readonly captchaId = newCaptchaId();
  configLoaded = false;
  loading = false;
  submitting = false;
  error: string | null = null;

  constructor(private readonly root: RootStore) {
    makeAutoObservable<AdminLoginStore, 'root'>(this, { root: false }, { autoBind: true });
  }

  /** GET /admin/index/login: is the click captcha needed? */
  async loadConfig() {
    this.loading = true;
    this.error = null;
    try {
      const res = await getLoginConfig();
      runInAction(() => {
        this.captchaRequired = Boolean(res.data?.captcha);
        this.configLoaded = true;
        this.loading = false;
      });
    } catch (e) {
      runInAction(() => {
        this.loading = false;
        this.error = errorMessage(e);
      });
    }
  }

  /** POST /admin/index/login; on success the admin info is stored. Resolves the path to go to, or null. */
  async submit(form: Pick<AdminLoginForm, 'username' | 'password' | 'keep'>, captchaInfo?: string): Promise<string | null> {
    this.submitting = true;
    this.error = null;
    try {
      const res = await login({ ...form, keep: Boolean(form.keep), ...captchaFields(this.captchaRequired, this.captchaId, captchaInfo) });
      runInAction(() => {
        this.root.navTabs.reset();
        this.root.adminInfo.dataFill({ ...res.data.userInfo, refreshToken: res.data.userInfo.refreshToken ?? '' });
        this.submitting = false;
      });
      return res.data.routePath || '/admin';
    } catch (e) {
      runInAction(() => {
        this.submitting = false;
        this.error = errorMessage(e);
      });
      return null;
    }
  }
}
