import { action, makeObservable, observable, runInAction } from 'mobx';
import type { ApiResponse } from '@/api/request';
import { errorMessage } from '@/api/request';

export type PageFetch<Row> = (page: number, limit: number) => Promise<ApiResponse<{ list: Row[]; total: number }>>;

/** One page of a server list read with `page` and `limit` (member logs, my comments, a content's comments). */
export class PagedListStore<Row> {
  list: Row[] = [];
  total = 0;
  page = 1;
  limit: number;
  loading = false;
  error: string | null = null;

  constructor(
    private readonly fetch: PageFetch<Row>,
    limit = 10,
  ) {
    this.limit = limit;
    // explicit annotations: pages extend this store (makeAutoObservable refuses subclassed stores)
    makeObservable(this, { list: observable, total: observable, page: observable, limit: observable, loading: observable, error: observable, load: action.bound });
  }

  async load(page = this.page, limit = this.limit) {
    this.loading = true;
    this.page = page;
    this.limit = limit;
    try {
      const res = await this.fetch(page, limit);
      runInAction(() => {
        this.list = res.data.list;
        this.total = res.data.total;
        this.loading = false;
        this.error = null;
      });
    } catch (e) {
      runInAction(() => {
        this.loading = false;
        this.error = errorMessage(e);
      });
    }
  }
}
