import { makeAutoObservable, runInAction } from 'mobx';
import type { MemberRegisterForm } from '@contract/member';
import { captchaFields, newCaptchaId } from '@/features/identity/captchaStep';
import type { RootStore } from '@/stores/root';
import { errorMessage } from '@/api/request';
import { getCheckIn, login, register, retrievePassword, type CheckInAnswer, type LoginForm } from '@/api/member';
import type { Channel } from '@/api/platform';

/** The member sign-in page: which channels carry codes, the captcha switch, sign-in, sign-up, retrieve password. */
export class UserLoginStore {
  channels: Channel[] = [];
  captchaRequired = false;
  /** one captcha id per sign-in attempt */
  captchaId = newCaptchaId();
  loaded = false;
  loading = false;
  submitting = false;
  error: string | null = null;

  constructor(private readonly root: RootStore) {
    makeAutoObservable<UserLoginStore, 'root'>(this, { root: false }, { autoBind: true });
  }

  /** GET /api/user/checkIn */
  async load() {
    this.loading = true;
    this.error = null;
    try {
      const res = await getCheckIn();
      runInAction(() => {
        this.channels = res.data.accountVerificationType ?? [];
        this.captchaRequired = Boolean(res.data.captcha);
        this.loaded = true;
        this.loading = false;
      });
    } catch (e) {
      runInAction(() => {
        this.loading = false;
        this.error = errorMessage(e);
      });
    }
  }

  newCaptcha() {
    this.captchaId = newCaptchaId();
  }

  private signedIn(answer: CheckInAnswer): string {
    this.root.memberCenter.reset();
    this.root.userInfo.dataFill({ ...answer.userInfo, refreshToken: answer.userInfo.refreshToken ?? '' } as never);
    return answer.routePath || '/user';
  }

  /** Sends a sign-in or a sign-up; on success the member is stored. Resolves the path to go to, or null when refused (the request layer showed why). */
  private async signIn(send: () => Promise<{ data: CheckInAnswer }>, refused?: () => void): Promise<string | null> {
    this.submitting = true;
    try {
      const res = await send();
      return runInAction(() => {
        this.submitting = false;
        return this.signedIn(res.data);
      });
    } catch (e) {
      runInAction(() => {
        this.submitting = false;
        this.error = errorMessage(e);
        refused?.();
      });
      return null;
    }
  }

  /** A refused sign-in takes a new captcha id (the server consumed the old one). */
  login(form: Pick<LoginForm, 'username' | 'password' | 'keep'>, captchaInfo?: string): Promise<string | null> {
    return this.signIn(
      () => login({ ...form, keep: Boolean(form.keep), ...captchaFields(this.captchaRequired, this.captchaId, captchaInfo) }),
      () => this.newCaptcha(),
    );
  }

  register(form: MemberRegisterForm): Promise<string | null> {
    return this.signIn(() => register({ ...form, keep: true }));
  }

  async retrieve(data: { type: Channel; account: string; captcha: string; password: string }): Promise<boolean> {
    this.submitting = true;
    try {
      await retrievePassword(data);
      runInAction(() => (this.submitting = false));
      return true;
    } catch {
      runInAction(() => (this.submitting = false));
      return false;
    }
  }
}
