/**
 * Own profile: `GET /admin/routine.AdminInfo/index` → {info}; `POST edit` with the profile fields (and an
 * optional password), or with the avatar alone.
 */
import { makeAutoObservable, runInAction } from 'mobx';
import { fetchProfile, saveProfile, type ProfileInfo } from '@/api/accounts';
import { errorMessage } from '@/api/request';

export interface ProfileForm {
  nickname: string;
  email?: string;
  mobile?: string;
  motto?: string;
  password?: string;
}

/** What the page needs from the RootStore's adminInfo. */
export interface ProfileRoot {
  adminInfo?: { dataFill?: (info: Record<string, unknown>) => void };
}

export class AdminInfoPageStore {
  info: ProfileInfo | null = null;
  loading = false;
  saving = false;
  savingAvatar = false;
  error: string | null = null;

  constructor(private readonly root: ProfileRoot) {
    makeAutoObservable<this, 'root'>(this, { root: false });
  }

  async load(): Promise<void> {
    this.loading = true;
    this.error = null;
    try {
      const info = await fetchProfile();
      runInAction(() => {
        this.info = info;
        this.loading = false;
      });
    } catch (e) {
      runInAction(() => {
        this.loading = false;
        this.error = errorMessage(e);
      });
    }
  }

  /** The posted profile: trimmed fields, password only when entered. */
  static profileBody(id: number, form: ProfileForm): Record<string, unknown> {
    const body: Record<string, unknown> = {
      id,
      nickname: (form.nickname ?? '').trim(),
      email: (form.email ?? '').trim(),
      mobile: (form.mobile ?? '').trim(),
      motto: (form.motto ?? '').trim(),
    };
    if (form.password) body.password = form.password;
    return body;
  }

  async saveProfile(form: ProfileForm): Promise<boolean> {
    if (!this.info) return false;
    this.saving = true;
    try {
      const body = AdminInfoPageStore.profileBody(this.info.id, form);
      await saveProfile(body);
      runInAction(() => {
        if (this.info) Object.assign(this.info, { nickname: body.nickname, email: body.email, mobile: body.mobile, motto: body.motto });
        this.saving = false;
      });
      this.root.adminInfo?.dataFill?.({ nickname: body.nickname });
      return true;
    } catch (e) {
      runInAction(() => {
        this.saving = false;
        this.error = errorMessage(e);
      });
      return false;
    }
  }

  async saveAvatar(avatar: string): Promise<boolean> {
    if (!this.info) return false;
    this.savingAvatar = true;
    try {
      await saveProfile({ id: this.info.id, avatar: avatar.trim() });
      runInAction(() => {
        if (this.info) this.info.avatar = avatar.trim();
        this.savingAvatar = false;
      });
      this.root.adminInfo?.dataFill?.({ avatar: avatar.trim() });
      return true;
    } catch (e) {
      runInAction(() => {
        this.savingAvatar = false;
        this.error = errorMessage(e);
      });
      return false;
    }
  }
}
