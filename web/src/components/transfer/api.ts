/**
 * Export and import of a catalogue: `GET <base>/export?format=csv|xlsx&<list filters>` and
 * `GET <base>/import?template=1&format=…` are downloads; `POST <base>/import` (multipart `file`) answers
 * the count, or the list of problems.
 */
import request, { refreshAccessToken, type ApiResponse } from '@/api/request';
import { actionUrl } from '@/components/crud/api';

export type TransferFormat = 'csv' | 'xlsx';

export interface ImportProblem {
  row: number;
  field: string;
  reason: string;
}

export interface ImportFailure {
  msg: string;
  errors: ImportProblem[];
}

/** The file name of a Content-Disposition header (RFC 5987 `filename*` first). */
export function filenameOf(disposition: string | undefined, fallback: string): string {
  if (!disposition) return fallback;
  const star = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (star) {
    try {
      return decodeURIComponent(star[1]);
    } catch {
      /* fall through */
    }
  }
  const plain = /filename="?([^";]+)"?/i.exec(disposition);
  return plain ? plain[1] : fallback;
}

/**
 * Downloads a file the server streams. An error arrives as a JSON envelope instead of the file: its
 * message is thrown (a 409, an expired token, is refreshed and tried once more).
 */
export async function download(url: string, params: Record<string, unknown>, retried = false): Promise<Blob> {
  const res = (await request<Blob>({ url, method: 'get', params, responseType: 'blob', timeout: 0 }, { cancelDuplicateRequest: false })) as unknown as Blob;
  const blob = res;
  if (blob.type.includes('json')) {
    const body = JSON.parse(await blob.text()) as ApiResponse;
    if (body.code === 409 && !retried) {
      await refreshAccessToken('admin');
      return download(url, params, true);
    }
    throw body;
  }
  return blob;
}

export function saveBlob(blob: Blob, filename: string): void {
  const link = document.createElement('a');
  const href = URL.createObjectURL(blob);
  link.href = href;
  link.download = filename;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}

export function exportUrl(base: string): string {
  return actionUrl(base, 'export');
}

export function importUrl(base: string): string {
  return actionUrl(base, 'import');
}

/** Uploads an import file; `onProgress` follows the upload (0–100). Resolves with the imported count. */
export async function importFile(base: string, file: File, onProgress: (percent: number) => void): Promise<{ count: number; msg: string }> {
  const form = new FormData();
  form.append('file', file);
  const res = await request<{ count: number }>(
    {
      url: importUrl(base),
      method: 'post',
      data: form,
      timeout: 0,
      headers: { 'Content-Type': 'multipart/form-data' },
      onUploadProgress: (event) => {
        if (event.total) onProgress(Math.min(100, Math.round((event.loaded / event.total) * 100)));
      },
    },
    { showErrorMessage: false, cancelDuplicateRequest: false },
  );
  return { count: res.data.count, msg: res.msg };
}
