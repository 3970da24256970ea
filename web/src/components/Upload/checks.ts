/**
 * The checks the server makes of an upload (contract/upload.ts), run in the browser before sending, in the
 * same order: a name and a size, a type the site allows, a size within the maximum. The server runs them
 * again; where the browser does not know a limit (an empty type list, a size of 0 or less) it leaves that
 * check to the server.
 */
import { checkUpload, type UploadLimits } from '@contract/upload';

export { suffixOf, typeAllowed } from '@contract/upload';
export type { UploadLimits } from '@contract/upload';

/** The refusals by the key of their message (`upload.<key>`). */
export type UploadRefusalKey = 'incomplete' | 'typeNotAllowed' | 'sizeExceeded';
const MESSAGE_KEY = { incomplete: 'incomplete', type_not_allowed: 'typeNotAllowed', size_exceeded: 'sizeExceeded' } as const;

export function checkFile(file: { name: string; size: number; type?: string }, limits: UploadLimits): UploadRefusalKey | null {
  const known = { mimetype: limits.mimetype || '*', maxsize: limits.maxsize > 0 ? limits.maxsize : Number.POSITIVE_INFINITY };
  const refusal = checkUpload({ name: file.name, size: file.size, mimetype: file.type ?? '' }, known);
  return refusal ? MESSAGE_KEY[refusal] : null;
}

/** "a.png,b.png" or a list → the list of paths. */
export function pathList(value: unknown): string[] {
  const items = Array.isArray(value) ? value : typeof value === 'string' ? value.split(/[\n,]/) : [];
  return items.map((s) => String(s).trim()).filter(Boolean);
}

/** Bytes as "1.5 MB". */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '-';
  const units = ['B', 'KB', 'MB', 'GB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${unit === 0 ? value : value.toFixed(value < 10 ? 1 : 0)} ${units[unit]}`;
}
