/**
 * The state of one upload control: files on their way (with progress) and the checks before sending.
 * Created per control: `useState(() => new UploadStore(root, { topic }))`. In the local upload mode files go
 * to `ajax/upload`; in any other mode straight into the cloud bucket (./cloud, loaded when first needed).
 */
import './i18n';
import { makeAutoObservable, runInAction } from 'mobx';
import type { CloudUploadParams } from '@contract/upload';
import { t } from '@/lang';
import { uploadFile, type UploadedFile } from '@/api/platform';
import { errorMessage } from '@/api/request';
import { checkFile, type UploadLimits } from './checks';
import { CloudUploadError } from './cloud/error';

export interface UploadRoot {
  siteConfig: { upload: { mimetype: string; maxsize: number; mode?: string; params?: Partial<CloudUploadParams> } };
  notify: (type: 'error' | 'success' | 'info' | 'warning', message: string) => void;
}

export interface PendingUpload {
  uid: string;
  name: string;
  percent: number;
  /** an object URL of the picked file, shown while it uploads */
  preview: string;
}

let seq = 0;

type CloudUploader = (typeof import('./cloud'))['cloudUpload'];

/** Loads the cloud upload on first use, keeping it out of the bundles of pages that never upload. */
const loadCloudUpload = async (): Promise<CloudUploader> => (await import('./cloud')).cloudUpload;

/** Any mode other than `local` means the cloud. */
export function isCloudMode(mode: string | undefined): boolean {
  return Boolean(mode && mode.trim() && mode.trim() !== 'local');
}

export class UploadStore {
  pending: PendingUpload[] = [];
  loading = false;
  error: string | null = null;

  constructor(
    private readonly root: UploadRoot,
    private readonly options: { topic?: string; app?: 'admin' | 'user'; upload?: typeof uploadFile; cloudUpload?: CloudUploader } = {},
  ) {
    makeAutoObservable<this, 'root' | 'options'>(this, { root: false, options: false });
  }

  get limits(): UploadLimits {
    return { mimetype: this.root.siteConfig.upload.mimetype, maxsize: this.root.siteConfig.upload.maxsize };
  }

  /** The upload checks before sending; a refusal is shown as an error notice. */
  accepts(file: { name: string; size: number; type?: string }): boolean {
    const refusal = checkFile(file, this.limits);
    if (refusal) this.root.notify('error', t(`upload.${refusal}`));
    return !refusal;
  }

  /** Sends a file; resolves with the stored file, or null when the server refused it (its message was shown). */
  async upload(file: File): Promise<UploadedFile | null> {
    if (!this.accepts(file)) return null;
    const item: PendingUpload = { uid: `upload-${++seq}`, name: file.name, percent: 0, preview: typeof URL !== 'undefined' && URL.createObjectURL ? URL.createObjectURL(file) : '' };
    this.pending.push(item);
    this.loading = true;
    this.error = null;
    try {
      const config = this.root.siteConfig.upload;
      const onProgress = (percent: number) => this.setPercent(item.uid, percent);
      if (isCloudMode(config.mode)) {
        const cloudUpload = this.options.cloudUpload ?? (await loadCloudUpload());
        return await cloudUpload(file, { app: this.options.app, topic: this.options.topic, params: config.params, onProgress });
      }
      return await (this.options.upload ?? uploadFile)(file, { app: this.options.app, topic: this.options.topic, onProgress });
    } catch (e) {
      // answers of our server were shown by the request layer; the bucket's failures are shown here
      const own = e instanceof CloudUploadError ? e.msg : null;
      if (own) this.root.notify('error', own);
      runInAction(() => {
        this.error = own ?? errorMessage(e, t('upload.failed'));
      });
      return null;
    } finally {
      runInAction(() => {
        this.pending = this.pending.filter((p) => p.uid !== item.uid);
        this.loading = this.pending.length > 0;
        if (item.preview) URL.revokeObjectURL?.(item.preview);
      });
    }
  }

  setPercent(uid: string, percent: number): void {
    const item = this.pending.find((p) => p.uid === uid);
    if (item) item.percent = percent;
  }
}
