/**
 * `POST ajax/upload` (multipart `file`, optional `topic`): `/admin/ajax/upload` in the back office,
 * `/api/ajax/upload` in the member center. No timeout (large files), progress reported as it goes.
 */
import request from '@/api/request';

export interface UploadedFile {
  id: number;
  topic: string;
  url: string;
  full_url: string;
  name: string;
  size: number;
  mimetype: string;
  width: number;
  height: number;
  sha1: string;
  suffix: string;
}

export function uploadUrl(app: 'admin' | 'user'): string {
  return app === 'admin' ? '/admin/ajax/upload' : '/api/ajax/upload';
}

export async function uploadFile(file: File, options: { app?: 'admin' | 'user'; topic?: string; onProgress?: (percent: number) => void; signal?: AbortSignal } = {}): Promise<UploadedFile> {
  const form = new FormData();
  form.append('file', file);
  if (options.topic) form.append('topic', options.topic);
  const res = await request<{ file: UploadedFile }>(
    {
      url: uploadUrl(options.app ?? 'admin'),
      method: 'post',
      data: form,
      timeout: 0,
      headers: { 'Content-Type': 'multipart/form-data' },
      signal: options.signal,
      onUploadProgress: (event) => {
        if (event.total) options.onProgress?.(Math.min(100, Math.round((event.loaded / event.total) * 100)));
      },
    },
    { cancelDuplicateRequest: false },
  );
  return res.data.file;
}
