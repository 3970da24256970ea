/**
 * The checks of an upload, pure so the server and its specs share them; the browser runs the
 * same rules before sending (web/src/components/Upload/checks.ts).
 */

/** What is known of an uploaded file before its content is looked at. */
export interface UploadedFileFacts {
  /** The name the client sent (may be empty). */
  name: string;
  /** Bytes (0 or less: missing). */
  size: number;
  /** The MIME type the client reported. */
  mimetype: string;
}

export type UploadRefusal = 'incomplete' | 'type_not_allowed' | 'size_exceeded';

/** Suffixes treated as images (besides any `image/*` MIME type): these must decode. */
export const IMAGE_SUFFIXES = new Set(['jpg', 'jpeg', 'png', 'gif', 'bmp', 'webp', 'svg', 'tif', 'tiff', 'avif', 'heic', 'heif']);

/** Topics are short lower-case words: they become a folder of the saved name. */
export const TOPIC_PATTERN = /^[a-z0-9_]{1,20}$/;
export const DEFAULT_TOPIC = 'default';

/** The extension of a name, lower case, only `[a-z0-9]`; `file` when there is none or it is odd (BuildAdmin). */
export function suffixOf(name: string): string {
  const dot = name.lastIndexOf('.');
  const suffix = dot > 0 && dot < name.length - 1 ? name.slice(dot + 1) : '';
  return /^[a-zA-Z0-9]{1,16}$/.test(suffix) ? suffix.toLowerCase() : 'file';
}

/**
 * Whether the configured list (`jpg,.png,image/*,application/pdf` or `*`) allows the file: by suffix
 * (with or without the dot), by the exact MIME type, or by `<major>/*`.
 */
export function typeAllowed(allowed: string, name: string, mimetype: string): boolean {
  const entries = allowed
    .split(',')
    .map((entry) => entry.trim().toLowerCase())
    .filter(Boolean);
  if (entries.includes('*')) return true;
  const suffix = suffixOf(name);
  const mime = mimetype.trim().toLowerCase();
  const major = mime.includes('/') ? `${mime.split('/')[0]}/*` : '';
  return entries.some((entry) => {
    if (entry.includes('/')) return entry === mime || (major !== '' && entry === major);
    return entry.replace(/^\./, '') === suffix && suffix !== 'file';
  });
}

/** The first rule the file breaks, in their order (name and size, type, size), or null. */
export function checkUpload(file: UploadedFileFacts, config: { mimetype: string; maxsize: number }): UploadRefusal | null {
  if (!file.name || !(file.size > 0)) return 'incomplete';
  if (!typeAllowed(config.mimetype, file.name, file.mimetype)) return 'type_not_allowed';
  if (file.size > config.maxsize) return 'size_exceeded';
  return null;
}

/** Images by MIME type or suffix (BuildAdmin's isImage): they must decode before they are kept. */
export function isImage(name: string, mimetype: string): boolean {
  return mimetype.trim().toLowerCase().startsWith('image/') || IMAGE_SUFFIXES.has(suffixOf(name));
}

/**
 * The original name as stored: control characters and path parts dropped, at most 100 characters (the
 * column), never empty.
 */
export function cleanOriginalName(name: string): string {
  const base = name.replace(/[\u0000-\u001f\u007f]/g, '').split(/[\\/]/).pop() ?? '';
  const trimmed = [...base.trim()].slice(0, 100).join('');
  return trimmed || 'file';
}

/**
 * Multipart file names arrive as latin1 (busboy's default) although browsers send UTF-8 bytes: decoded
 * again when that gives valid UTF-8, so "报表.xlsx" stays "报表.xlsx".
 */
export function utf8FileName(name: string): string {
  if (![...name].every((c) => c.charCodeAt(0) < 256) || !/[\u0080-\u00ff]/.test(name)) return name;
  const decoded = Buffer.from(name, 'latin1').toString('utf8');
  return decoded.includes('\uFFFD') ? name : decoded;
}
