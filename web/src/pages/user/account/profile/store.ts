import { makeAutoObservable, runInAction } from 'mobx';
import type { MemberInfo } from '@contract/member';
import { withoutTokens } from '@/stores/front';
import type { RootStore } from '@/stores/root';
import { errorMessage } from '@/api/request';
import { changeBind, getProfile, saveProfile, verifyAccount, type ProfileForm } from '@/api/member';
import { uploadFile, type Channel } from '@/api/platform';

/** The profile page: the member's data, saving it, the avatar upload, and rebinding e-mail / mobile. */
export class ProfileStore {
  info: MemberInfo | null = null;
  channels: Channel[] = [];
  captchaRequired = false;
  loading = false;
  saving = false;
  uploading = false;
  binding = false;
  error: string | null = null;

  constructor(private readonly root: RootStore) {
    makeAutoObservable<ProfileStore, 'root'>(this, { root: false }, { autoBind: true });
  }

  private apply(info: MemberInfo) {
    this.info = info;
    this.root.userInfo.dataFill(withoutTokens(info));
  }

  async load() {
    this.loading = true;
    this.error = null;
    try {
      const res = await getProfile();
      runInAction(() => {
        this.channels = res.data.accountVerificationType ?? [];
        this.captchaRequired = Boolean(res.data.captcha);
        this.apply(res.data.userInfo);
        this.loading = false;
      });
    } catch (e) {
      runInAction(() => {
        this.loading = false;
        this.error = errorMessage(e);
      });
    }
  }

  async save(form: ProfileForm): Promise<boolean> {
    this.saving = true;
    try {
      const res = await saveProfile(form);
      runInAction(() => {
        this.apply(res.data.userInfo);
        this.saving = false;
      });
      return true;
    } catch {
      runInAction(() => (this.saving = false));
      return false;
    }
  }

  /** Uploads the picture (POST /api/ajax/upload) and answers its URL, or null. */
  async upload(file: File): Promise<string | null> {
    this.uploading = true;
    try {
      const uploaded = await uploadFile(file, { app: 'user', topic: 'avatar' });
      runInAction(() => (this.uploading = false));
      return uploaded.url;
    } catch {
      runInAction(() => (this.uploading = false));
      return null;
    }
  }

  /** Step 1 of changing a bound address: the code sent to it buys a pass. */
  async verify(type: Channel, captcha: string): Promise<string | null> {
    this.binding = true;
    try {
      const res = await verifyAccount(type, captcha);
      runInAction(() => (this.binding = false));
      return res.data.accountVerificationToken;
    } catch {
      runInAction(() => (this.binding = false));
      return null;
    }
  }

  /** Step 2: the new address with its code, and the pass (or the password when nothing was bound). */
  async bind(data: { type: Channel; value: string; captcha: string; accountVerificationToken?: string; password?: string }): Promise<boolean> {
    this.binding = true;
    try {
      const res = await changeBind({
        type: data.type,
        captcha: data.captcha,
        [data.type]: data.value,
        accountVerificationToken: data.accountVerificationToken,
        password: data.password,
      });
      runInAction(() => {
        this.apply(res.data.userInfo);
        this.binding = false;
      });
      return true;
    } catch {
      runInAction(() => (this.binding = false));
      return false;
    }
  }
}
