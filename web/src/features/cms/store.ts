import { makeAutoObservable, runInAction } from 'mobx';
import type { ApiResponse } from '@/api/request';
import { errorMessage } from '@/api/request';

/** One server read of a site page: the data, whether it runs, and why it failed (`needLogin` for members-only content). */
export class SiteLoadStore<T> {
  data: T | null = null;
  loading = false;
  error: string | null = null;
  needLogin = false;

  constructor() {
    makeAutoObservable(this, {}, { autoBind: true });
  }

  async run(load: () => Promise<ApiResponse<T>>): Promise<T | null> {
    this.loading = true;
    this.error = null;
    this.needLogin = false;
    try {
      const res = await load();
      runInAction(() => {
        this.data = res.data;
        this.loading = false;
      });
      return res.data;
    } catch (e) {
      const failure = e as { msg?: string; data?: { needLogin?: boolean } | null };
      runInAction(() => {
        this.loading = false;
        this.data = null;
        this.error = errorMessage(e);
        this.needLogin = Boolean(failure?.data?.needLogin);
      });
      return null;
    }
  }
}
