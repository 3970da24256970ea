/**
 * Own profile: `GET /admin/routine.AdminInfo/index` → {info}; `POST edit` with the profile fields (and an
 * optional password), or with the avatar alone.
 */
import { makeAutoObservable, runInAction } from 'mobx';
import { createCrudApi } from '@/components/crud/api';

export const ADMIN_INFO_API = '/admin/routine.AdminInfo';

export interface ProfileInfo {
  id: number;
  username: string;
  nickname: string;
  avatar: string;
  email: string;
  mobile: string;
  motto: string;
  lastlogintime: number | string | null;
  [key: string]: unknown;
}

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
  private readonly api = createCrudApi(ADMIN_INFO_API);

  constructor(private readonly root: ProfileRoot) {
    makeAutoObservable<this, 'root' | 'api'>(this, { root: false, api: false });
  }

  async load(): Promise<void> {
    this.loading = true;
    this.error = null;
    try {
      const data = await this.api.get<{ info: ProfileInfo }>('index');
      runInAction(() => {
        this.info = data?.info ?? null;
        this.loading = false;
      });
    } catch (e) {
      runInAction(() => {
        this.loading = false;
        this.error = String((e as { msg?: string })?.msg ?? e);
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
      await this.api.post('edit', body);
      runInAction(() => {
        if (this.info) Object.assign(this.info, { nickname: body.nickname, email: body.email, mobile: body.mobile, motto: body.motto });
        this.saving = false;
      });
      this.root.adminInfo?.dataFill?.({ nickname: body.nickname });
      return true;
    } catch (e) {
      runInAction(() => {
        this.saving = false;
        this.error = String((e as { msg?: string })?.msg ?? e);
      });
      return false;
    }
  }

  async saveAvatar(avatar: string): Promise<boolean> {
    if (!this.info) return false;
    this.savingAvatar = true;
    try {
      await this.api.post('edit', { id: this.info.id, avatar: avatar.trim() });
      runInAction(() => {
        if (this.info) this.info.avatar = avatar.trim();
        this.savingAvatar = false;
      });
      this.root.adminInfo?.dataFill?.({ avatar: avatar.trim() });
      return true;
    } catch (e) {
      runInAction(() => {
        this.savingAvatar = false;
        this.error = String((e as { msg?: string })?.msg ?? e);
      });
      return false;
    }
  }
}
