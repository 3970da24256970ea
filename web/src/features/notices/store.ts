import { makeAutoObservable, runInAction } from 'mobx';
import type { MyNotice } from '@contract/cms';
import { errorMessage } from '@/api/request';
import type { noticeApi } from '@/api/cms';

type NoticeCalls = (typeof noticeApi)['admin'];

/** The signed-in reader's notices (an admin's or a member's): a page of them, the unread count, opening one marks it read. */
export class NoticeStore {
  list: MyNotice[] = [];
  total = 0;
  unread = 0;
  page = 1;
  limit: number;
  loading = false;
  error: string | null = null;
  /** The notice shown in full. */
  open: MyNotice | null = null;

  constructor(
    private readonly api: NoticeCalls,
    limit = 10,
  ) {
    this.limit = limit;
    makeAutoObservable<NoticeStore, 'api'>(this, { api: false }, { autoBind: true });
  }

  async load(page = this.page, limit = this.limit) {
    this.loading = true;
    this.page = page;
    this.limit = limit;
    try {
      const res = await this.api.mine(page, limit);
      runInAction(() => {
        this.list = res.data.list;
        this.total = res.data.total;
        this.unread = res.data.unread;
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

  /** Shows a notice and marks it read (once). */
  async show(notice: MyNotice) {
    this.open = notice;
    if (notice.read) return;
    try {
      await this.api.read([notice.id]);
      runInAction(() => {
        const row = this.list.find((n) => n.id === notice.id);
        if (row && !row.read) {
          row.read = true;
          this.unread = Math.max(0, this.unread - 1);
        }
      });
    } catch (e) {
      runInAction(() => (this.error = errorMessage(e)));
    }
  }

  /** Marks every listed unread notice read. */
  async readAll() {
    const ids = this.list.filter((n) => !n.read).map((n) => n.id);
    if (!ids.length) return;
    try {
      await this.api.read(ids);
      await this.load();
    } catch (e) {
      runInAction(() => (this.error = errorMessage(e)));
    }
  }

  close() {
    this.open = null;
  }
}
