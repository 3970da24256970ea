/** An image put into a body: uploaded (topic `content`), then its URL goes into the text. */
import { makeAutoObservable, runInAction } from 'mobx';
import { uploadFile, type UploadedFile } from '@/api/platform';
import type { AppKind } from '@/api/request';

export class ImageUploadStore {
  uploading = false;

  constructor(
    private readonly app: AppKind,
    private readonly send: typeof uploadFile = uploadFile,
  ) {
    makeAutoObservable<this, 'app' | 'send'>(this, { app: false, send: false });
  }

  /** The uploaded file, or null when the upload failed (the request layer has shown why). */
  async upload(file: File): Promise<UploadedFile | null> {
    this.uploading = true;
    try {
      return await this.send(file, { app: this.app, topic: 'content' });
    } catch {
      return null;
    } finally {
      runInAction(() => (this.uploading = false));
    }
  }
}
