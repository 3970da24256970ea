/**
 * The checks the server makes of an upload, run in the browser before sending, in the same
 * order: a name and a size, a type the site allows, a size within the maximum. The server runs them again.
 */
export interface UploadLimits {
  /** Comma-separated suffixes (with or without the dot), MIME types, `type/*`, or `*`. */
  mimetype: string;
  /** Bytes; 0 or less: no limit known in the browser (the server still checks). */
  maxsize: number;
}

export type UploadRefusal = 'incomplete' | 'typeNotAllowed' | 'sizeExceeded';

/** The lower-case extension, only `[a-z0-9]`; `file` when there is none (as the server reads it). */
export function suffixOf(name: string): string {
  const dot = name.lastIndexOf('.');
  const suffix = dot > 0 && dot < name.length - 1 ? name.slice(dot + 1) : '';
  return /^[a-zA-Z0-9]{1,16}$/.test(suffix) ? suffix.toLowerCase() : 'file';
}

export function typeAllowed(allowed: string, name: string, mimetype: string): boolean {
  const entries = allowed
    .split(',')
    .map((entry) => entry.trim().toLowerCase())
    .filter(Boolean);
  if (entries.includes('*')) return true;
  const suffix = suffixOf(name);
  const mime = (mimetype || '').trim().toLowerCase();
  const major = mime.includes('/') ? `${mime.split('/')[0]}/*` : '';
  return entries.some((entry) => (entry.includes('/') ? entry === mime || (major !== '' && entry === major) : entry.replace(/^\./, '') === suffix && suffix !== 'file'));
}

export function checkFile(file: { name: string; size: number; type?: string }, limits: UploadLimits): UploadRefusal | null {
  if (!file.name || !(file.size > 0)) return 'incomplete';
  if (limits.mimetype && !typeAllowed(limits.mimetype, file.name, file.type ?? '')) return 'typeNotAllowed';
  if (limits.maxsize > 0 && file.size > limits.maxsize) return 'sizeExceeded';
  return null;
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
