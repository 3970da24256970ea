/**
 * Export and import of one list page: the export takes the page's current filters; the import goes
 * through its phases (uploading with a percentage, then the server checking every row) and ends with the
 * imported count or the list of problems. One per page: `useState(() => new TransferStore(root, table))`.
 */
import './i18n';
import { makeAutoObservable, runInAction } from 'mobx';
import dayjs from 'dayjs';
import { inDisplayZone } from '@/utils/time';
import { t } from '@/lang';
import { download, exportUrl, importFile, importUrl, type ImportProblem, type TransferFormat } from '@/api/crud';
import { errorMessage, isEnvelope } from '@/api/request';
import { saveBlob } from './saveBlob';

export type ImportPhase = 'idle' | 'uploading' | 'processing' | 'done' | 'failed';

export interface TransferTable {
  api: { base: string };
  indexParams: Record<string, unknown>;
  refresh(): Promise<void>;
}

export interface TransferRoot {
  notify: (type: 'error' | 'success' | 'info' | 'warning', message: string) => void;
}

export interface TransferApi {
  download: typeof download;
  importFile: typeof importFile;
  save: typeof saveBlob;
}

/** The list's filters without paging: what the export sends. */
export function exportParams(indexParams: Record<string, unknown>, format: TransferFormat): Record<string, unknown> {
  const { page: _page, limit: _limit, select: _select, ...filters } = indexParams;
  return { ...filters, format };
}

export class TransferStore {
  exporting: TransferFormat | null = null;
  dialogOpen = false;
  phase: ImportPhase = 'idle';
  percent = 0;
  fileName = '';
  message = '';
  problems: ImportProblem[] = [];
  imported = 0;
  loading = false;
  error: string | null = null;

  constructor(
    private readonly root: TransferRoot,
    private readonly table: TransferTable,
    /** label key of the catalogue (file names) */
    private readonly entity: string,
    private readonly api: TransferApi = { download, importFile, save: saveBlob },
  ) {
    makeAutoObservable<this, 'root' | 'table' | 'api' | 'entity'>(this, { root: false, table: false, api: false, entity: false });
  }

  private fileNameFor(kind: string, format: TransferFormat): string {
    return `${t(this.entity)}${kind ? `-${kind}` : ''}-${inDisplayZone(Date.now()).format('YYYYMMDD-HHmmss')}.${format}`;
  }

  async exportList(format: TransferFormat): Promise<void> {
    this.exporting = format;
    this.error = null;
    try {
      const blob = await this.api.download(exportUrl(this.table.api.base), exportParams(this.table.indexParams, format));
      this.api.save(blob, this.fileNameFor('', format));
    } catch (e) {
      runInAction(() => (this.error = errorMessage(e, t('transfer.exportFailed'))));
      // a refusal comes as an envelope inside the file: the request layer has not shown it
      if (isEnvelope(e)) this.root.notify('error', e.msg);
    } finally {
      runInAction(() => (this.exporting = null));
    }
  }

  async downloadTemplate(format: TransferFormat): Promise<void> {
    try {
      const blob = await this.api.download(importUrl(this.table.api.base), { template: 1, format });
      this.api.save(blob, `${t('transfer.template')}-${t(this.entity)}.${format}`);
    } catch (e) {
      if (isEnvelope(e)) this.root.notify('error', e.msg);
    }
  }

  openImport(): void {
    this.dialogOpen = true;
    this.reset();
  }

  closeImport(): void {
    if (this.phase === 'uploading' || this.phase === 'processing') return;
    this.dialogOpen = false;
  }

  reset(): void {
    this.phase = 'idle';
    this.percent = 0;
    this.fileName = '';
    this.message = '';
    this.problems = [];
    this.imported = 0;
    this.error = null;
  }

  get busy(): boolean {
    return this.phase === 'uploading' || this.phase === 'processing';
  }

  setPercent(percent: number): void {
    this.percent = percent;
    // the whole file is sent: the server now reads and checks every row
    if (percent >= 100 && this.phase === 'uploading') this.phase = 'processing';
  }

  async importFile(file: File): Promise<void> {
    this.reset();
    this.fileName = file.name;
    this.phase = 'uploading';
    this.loading = true;
    try {
      const { count, msg } = await this.api.importFile(this.table.api.base, file, (percent) => this.setPercent(percent));
      runInAction(() => {
        this.phase = 'done';
        this.percent = 100;
        this.imported = count;
        this.message = msg;
      });
      this.root.notify('success', msg);
      await this.table.refresh();
    } catch (e) {
      const body = e as { msg?: string; data?: { errors?: ImportProblem[] } };
      runInAction(() => {
        this.phase = 'failed';
        this.message = errorMessage(e, t('transfer.importFailed'));
        this.problems = Array.isArray(body?.data?.errors) ? body.data.errors : [];
        this.error = this.message;
      });
    } finally {
      runInAction(() => (this.loading = false));
    }
  }
}
