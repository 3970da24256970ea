/**
 * The dashboard page's state: the figures of `dashboard/index` for the chosen year. Created per page
 * (`useState(() => new DashboardStore())`); the year switch reloads the charts' year only.
 */
import { makeAutoObservable, runInAction } from 'mobx';
import type { DashboardAnswer } from '@contract/stock';
import { errorMessage } from '@/api/request';
import { fetchDashboard } from '@/api/inventory';

export const YEARS_BACK = 9;

export class DashboardStore {
  data: DashboardAnswer | null = null;
  /** the year asked for; null: the site's current year (the server decides) */
  year: number | null = null;
  /** the site's current year, learnt from the first answer */
  currentYear: number | null = null;
  loading = false;
  error: string | null = null;
  private seq = 0;

  constructor(private readonly fetch: typeof fetchDashboard = fetchDashboard) {
    makeAutoObservable<this, 'seq' | 'fetch'>(this, { seq: false, fetch: false });
  }

  /** Years offered by the switch: the current one and the nine before it (newest first). */
  get years(): number[] {
    const last = this.currentYear ?? this.data?.monthly.year ?? new Date().getFullYear();
    return Array.from({ length: YEARS_BACK + 1 }, (_, i) => last - i);
  }

  get shownYear(): number | null {
    return this.data?.monthly.year ?? this.year;
  }

  async load(): Promise<void> {
    const seq = ++this.seq;
    this.loading = true;
    this.error = null;
    try {
      const data = await this.fetch(this.year ?? undefined);
      if (seq !== this.seq) return;
      runInAction(() => {
        this.data = data;
        if (this.year === null) this.currentYear = data.monthly.year;
        this.loading = false;
      });
    } catch (e) {
      if (seq !== this.seq) return;
      runInAction(() => {
        this.loading = false;
        this.error = errorMessage(e);
      });
    }
  }

  setYear(year: number): void {
    this.year = year;
    void this.load();
  }
}
