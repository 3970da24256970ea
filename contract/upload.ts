/**
 * The checks of an upload, in their order: a name and a size, a type the site allows, a size within the
 * maximum. The server makes them (and then checks that an image decodes); the browser makes them before
 * sending. Plus the ticket of a cloud upload.
 */

/** What is known of a file before its content is looked at. */
export interface UploadFileFacts {
  /** The name the client sent (may be empty). */
  name: string;
  /** Bytes (0 or less: missing). */
  size: number;
  /** The MIME type the client reported. */
  mimetype: string;
}

/** The site's upload limits (`upload.mimetype`, `upload.maxsize` of the site config). */
export interface UploadLimits {
  /** Comma-separated suffixes (with or without the dot), MIME types, `type/*`, or `*`. */
  mimetype: string;
  /** Bytes. */
  maxsize: number;
}

export type UploadRefusal = 'incomplete' | 'type_not_allowed' | 'size_exceeded';

/** Suffixes treated as images (besides any `image/*` MIME type): these must decode. */
export const IMAGE_SUFFIXES: ReadonlySet<string> = new Set(['jpg', 'jpeg', 'png', 'gif', 'bmp', 'webp', 'svg', 'tif', 'tiff', 'avif', 'heic', 'heif']);

/** Topics are short lower-case words: they become a folder of the saved name. */
export const TOPIC_PATTERN = /^[a-z0-9_]{1,20}$/;
export const DEFAULT_TOPIC = 'default';

/** The extension of a name, lower case, only `[a-z0-9]`; `file` when there is none or it is odd. */
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
  const mime = (mimetype || '').trim().toLowerCase();
  const major = mime.includes('/') ? `${mime.split('/')[0]}/*` : '';
  return entries.some((entry) => {
    if (entry.includes('/')) return entry === mime || (major !== '' && entry === major);
    return entry.replace(/^\./, '') === suffix && suffix !== 'file';
  });
}

/** The first rule the file breaks, in their order (name and size, type, size), or null. */
export function checkUpload(file: UploadFileFacts, limits: UploadLimits): UploadRefusal | null {
  if (!file.name || !(file.size > 0)) return 'incomplete';
  if (!typeAllowed(limits.mimetype, file.name, file.mimetype)) return 'type_not_allowed';
  if (file.size > limits.maxsize) return 'size_exceeded';
  return null;
}

/** Images by MIME type or suffix: they must decode before they are kept. */
export function isImage(name: string, mimetype: string): boolean {
  return mimetype.trim().toLowerCase().startsWith('image/') || IMAGE_SUFFIXES.has(suffixOf(name));
}

/**
 * What `Cos/refreshToken` answers for one file: how the browser puts it into the bucket.
 * - `sts`: temporary credentials limited to this one object; the browser signs each request itself.
 * - `presigned`: the server started the multipart upload and signed one URL per part, one to complete and
 *   one to abort; the credential fields are then empty.
 * - `exists`: the same content is stored for this topic already; the browser calls back without uploading.
 */
export interface CloudTicket {
  mode: 'sts' | 'presigned';
  exists: boolean;
  tmpSecretId: string;
  tmpSecretKey: string;
  sessionToken: string;
  /** Unix seconds. */
  startTime: number;
  expiredTime: number;
  bucket: string;
  region: string;
  /** The S3 API address. */
  endpoint: string;
  pathStyle: boolean;
  /** The object key the file gets. */
  key: string;
  /** The S3 API address of the object (what the browser's requests go to). */
  objectUrl: string;
  /** The public address of the object (what the callback sends back as `url`). */
  url: string;
  /** Bytes per part (5 MiB; the smallest part S3 accepts but the last). */
  partSize: number;
  upload: { uploadId: string; parts: Array<{ partNumber: number; url: string }>; complete: string; abort: string } | null;
}

/** The cloud upload's params in the site config: the bucket, region and endpoint, or why the cloud mode cannot work. */
export interface CloudUploadParams {
  bucket: string;
  region: string;
  endpoint: string;
  /** Set when the cloud mode cannot work: the browser rejects with this code and errmsg. */
  errno?: number;
  errmsg?: string;
}
