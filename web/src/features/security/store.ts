/**
 * The recycle bin's and the sensitive-data log's page store: the list (a CrudTableStore), the detail being
 * shown, and the outcome of the last restore / rollback with a reason per refused row.
 */
import { makeAutoObservable, runInAction } from 'mobx';
import { errorMessage } from '@/api/request';
import { fetchSafetyRecord, runSafetyAction, type SafetyResult } from '@/api/security';
import { CrudTableStore, type CrudColumn, type CrudRoot } from '@/components/crud';

export interface SafetyOutcome extends SafetyResult {
  /** The message of the answer (how many went through, or why none did). */
  message: string;
}

export class SafetyLogStore {
  readonly table: CrudTableStore;
  detail: Record<string, any> | null = null;
  outcome: SafetyOutcome | null = null;
  loading = false;
  error = '';

  constructor(
    root: CrudRoot,
    api: string,
    columns: CrudColumn[],
    quickSearchFields: string[],
    /** `restore` or `rollback` */
    readonly action: string,
  ) {
    this.table = new CrudTableStore(root, { api, columns, quickSearchFields });
    makeAutoObservable(this, { table: false });
  }

  async openDetail(id: number): Promise<void> {
    try {
      const row = await fetchSafetyRecord<Record<string, any>>(this.table.api.base, id);
      runInAction(() => (this.detail = row));
    } catch {
      // the request layer has said why
    }
  }

  closeDetail(): void {
    this.detail = null;
  }

  closeOutcome(): void {
    this.outcome = null;
  }

  /** Posts the action for `ids`; whatever the answer, the outcome lists what was done and why the rest was not. */
  async run(ids: Array<string | number>): Promise<void> {
    if (!ids.length) return;
    this.loading = true;
    this.error = '';
    try {
      const data = await runSafetyAction(this.table.api.base, this.action, ids.map(Number));
      runInAction(() => (this.outcome = { ...data, message: '' }));
    } catch (failure) {
      const envelope = failure as { code?: number; msg?: string; data?: SafetyResult | null };
      runInAction(() => {
        if (envelope?.data?.refused) this.outcome = { ...envelope.data, message: envelope.msg ?? '' };
        else this.error = errorMessage(failure);
      });
    } finally {
      runInAction(() => (this.loading = false));
    }
    this.table.setSelectedKeys([]);
    await this.table.refresh();
  }
}

/** A recorded value for display: NULL, empty text, or the value. */
export function shownValue(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  if (value === '') return '""';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** A recycle-bin record's columns (and the rows deleted with it), from its JSON. */
export function recordOf(data: unknown): { row: Array<[string, string]>; children: Array<{ table: string; rows: Array<Record<string, unknown>> }> } {
  try {
    const parsed = typeof data === 'string' ? JSON.parse(data) : data;
    const row = Object.entries((parsed?.row ?? {}) as Record<string, unknown>).map(([key, value]) => [key, shownValue(value)] as [string, string]);
    return { row, children: Array.isArray(parsed?.children) ? parsed.children : [] };
  } catch {
    return { row: [], children: [] };
  }
}
