/**
 * The backup page's store: the list, "back up now", and a refresh every second while a backup runs (the
 * list shows the bytes written so far).
 */
import { makeAutoObservable, runInAction } from 'mobx';
import { CrudTableStore, type CrudColumn, type CrudRoot } from '@/components/crud';
import { errorMessage } from '@/api/request';

export const BACKUP_RUNNING = 0;
const POLL_MS = 1000;

export class BackupPageStore {
  readonly table: CrudTableStore;
  starting = false;
  loading = false;
  error = '';
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(root: CrudRoot, api: string, columns: CrudColumn[]) {
    this.table = new CrudTableStore(root, { api, columns, quickSearchFields: ['routine.backup.id', 'routine.backup.name'] });
    makeAutoObservable(this, { table: false });
  }

  get running(): boolean {
    return this.table.list.some((row: Record<string, any>) => Number(row.status) === BACKUP_RUNNING);
  }

  async backupNow(): Promise<void> {
    this.starting = true;
    this.error = '';
    try {
      await this.table.api.post('add', {}, { showSuccessMessage: true });
    } catch (failure) {
      runInAction(() => (this.error = errorMessage(failure)));
    } finally {
      runInAction(() => (this.starting = false));
    }
    await this.refresh();
  }

  /** Reloads, and again in a second while a backup is still running. */
  async refresh(): Promise<void> {
    this.loading = true;
    await this.table.refresh();
    runInAction(() => (this.loading = false));
    this.stop();
    if (this.running) this.timer = setTimeout(() => void this.refresh(), POLL_MS);
  }

  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}

/** 1536 → "1.5 KB". */
export function formatBytes(bytes: unknown): string {
  let value = Number(bytes) || 0;
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${unit ? value.toFixed(1) : value} ${units[unit]}`;
}
