/**
 * The rules of a direct upload to the bucket, plain TypeScript: which object key a file gets, which keys
 * a callback may name, how a file is sliced, how long the browser's credentials live, and the session
 * policy that limits them to the one object.
 */
import { PUBLIC_PREFIX } from '../upload-storage';
import { checkUpload, cleanOriginalName, DEFAULT_TOPIC, TOPIC_PATTERN, UploadRefusal } from '../upload-rules';

/** Slices of 5 MiB (also the smallest part S3 accepts but the last). */
export const CLOUD_PART_SIZE = 5 * 1024 * 1024;
/** S3 accepts at most this many parts in one multipart upload. */
export const MAX_PARTS = 10000;
/** AWS STS hands out nothing shorter; presigned URLs get the same lifetime. */
export const MIN_CREDENTIAL_SECONDS = 900;
/** The longest credentials live (a role's default maximum session). */
export const MAX_CREDENTIAL_SECONDS = 3600;
/** Lifetimes are sized for a slow uplink of 256 KiB/s, within the bounds above. */
const SLOW_UPLINK_BYTES_PER_SECOND = 256 * 1024;

export type CloudRefusal = UploadRefusal | 'invalid_sha1' | 'invalid_topic' | 'too_many_parts';

/** What the browser says about the file it is about to upload, or has uploaded. */
export interface CloudFileFacts {
  /** The original name, cleaned as local uploads clean it. */
  name: string;
  size: number;
  /** The MIME type the browser reported ('' when none). */
  type: string;
  /** Lower-case hex SHA-1 of the content. */
  sha1: string;
  topic: string;
}

const SHA1 = /^[0-9a-f]{40}$/i;

function toSize(value: unknown): number {
  if (typeof value === 'number') return Number.isSafeInteger(value) ? value : NaN;
  if (typeof value === 'string' && /^\d{1,16}$/.test(value.trim())) return Number(value.trim());
  return NaN;
}

/**
 * The facts of a file from a query or a body, checked in the order of the local upload (name and size,
 * type, size), then the SHA-1 and the topic. Answers the facts, or the first refusal.
 */
export function parseCloudFile(
  input: Record<string, unknown>,
  limits: { mimetype: string; maxsize: number },
): { facts: CloudFileFacts; refusal?: undefined } | { facts?: undefined; refusal: CloudRefusal } {
  const rawName = typeof input.name === 'string' ? input.name : '';
  const size = toSize(input.size);
  const type = typeof input.type === 'string' ? input.type.trim().slice(0, 100) : '';
  const refusal = checkUpload({ name: rawName.trim(), size: Number.isFinite(size) ? size : 0, mimetype: type }, limits);
  if (refusal) return { refusal };
  const sha1 = typeof input.sha1 === 'string' ? input.sha1.trim().toLowerCase() : '';
  if (!SHA1.test(sha1)) return { refusal: 'invalid_sha1' };
  const topic = input.topic === undefined || input.topic === null || input.topic === '' ? DEFAULT_TOPIC : input.topic;
  if (typeof topic !== 'string' || !TOPIC_PATTERN.test(topic)) return { refusal: 'invalid_topic' };
  if (partCount(size) > MAX_PARTS) return { refusal: 'too_many_parts' };
  return { facts: { name: cleanOriginalName(rawName), size, type, sha1, topic } };
}

/**
 * A key that names one plain object: segments that are neither empty, `.`, `..` nor dot-files, no
 * backslash, no control characters and no `*` or `?` (which a policy would read as wildcards).
 */
export function isPlainKey(key: string): boolean {
  if (!key || key.length > 1024 || /[\u0000-\u001f\u007f\\*?]/.test(key)) return false;
  return key.split('/').every((segment) => segment !== '' && segment !== '.' && segment !== '..' && !segment.startsWith('.'));
}

/** The saved name of the pattern as a key: without leading slashes, below `storage/` like local files. */
export function keyOfSaveName(saveName: string): string | null {
  const name = saveName.replace(/^\/+/, '');
  const key = name.startsWith(PUBLIC_PREFIX) ? name : `${PUBLIC_PREFIX}${name}`;
  return isPlainKey(key) ? key : null;
}

/**
 * The folder every key of the pattern lies in: its fixed start up to the last `/` before the first
 * placeholder (`/storage/{topic}/...` → `storage/`). Callbacks naming anything outside it are refused.
 */
export function keyPrefixOf(pattern: string): string {
  const name = pattern.replace(/^\/+/, '');
  const normalized = name.startsWith(PUBLIC_PREFIX) ? name : `${PUBLIC_PREFIX}${name}`;
  const brace = normalized.indexOf('{');
  const head = brace < 0 ? normalized : normalized.slice(0, brace);
  return head.slice(0, head.lastIndexOf('/') + 1);
}

/**
 * The key a callback's `url` names: the object's public URL (or its bucket URL), `/key`, or `key`.
 * Null when it names something else (another host, a query, a path that is not plain).
 */
export function keyOfUrl(url: string, bases: string[]): string | null {
  let path = url.trim();
  if (/^[a-z][a-z0-9+.-]*:/i.test(path) || path.startsWith('//')) {
    const base = bases.find((b) => path.startsWith(`${b}/`));
    if (!base) return null;
    path = path.slice(base.length + 1);
  }
  if (/[?#]/.test(path)) return null;
  let key: string;
  try {
    key = path
      .replace(/^\/+/, '')
      .split('/')
      .map((segment) => decodeURIComponent(segment))
      .join('/');
  } catch {
    return null;
  }
  return isPlainKey(key) ? key : null;
}

export function keyIsInside(key: string, prefix: string): boolean {
  return key.startsWith(prefix) && key.length > prefix.length;
}

/** `storage/a/b.png` + tag → `storage/a/b-tag.png`: a free key when the chosen one is taken. */
export function taggedKey(key: string, tag: string): string {
  const slash = key.lastIndexOf('/');
  const dot = key.lastIndexOf('.');
  return dot > slash + 1 ? `${key.slice(0, dot)}-${tag}${key.slice(dot)}` : `${key}-${tag}`;
}

export function partCount(size: number): number {
  return Math.max(1, Math.ceil(size / CLOUD_PART_SIZE));
}

/** How long the browser's credentials (or presigned URLs) live for a file of this size, in seconds. */
export function credentialLifetime(size: number): number {
  const needed = MIN_CREDENTIAL_SECONDS + Math.ceil(size / SLOW_UPLINK_BYTES_PER_SECOND);
  return Math.min(MAX_CREDENTIAL_SECONDS, needed);
}

/** The S3 actions a multipart (or single) upload of one object needs, and nothing else. */
export const UPLOAD_ACTIONS = ['s3:PutObject', 's3:AbortMultipartUpload', 's3:ListMultipartUploadParts'];

/**
 * The session policy of AssumeRole: the temporary credentials may write exactly one object (create,
 * upload parts, complete, abort) and nothing else — not read, list or delete, not another key.
 */
export function uploadSessionPolicy(bucket: string, key: string): string {
  return JSON.stringify({
    Version: '2012-10-17',
    Statement: [{ Effect: 'Allow', Action: UPLOAD_ACTIONS, Resource: [`arn:aws:s3:::${bucket}/${key}`] }],
  });
}

/** A role session name for the uploader (AWS: 2–64 of `[\w+=,.@-]`), seen in the bucket's audit logs. */
export function roleSessionName(uploader: { adminId: number; userId: number }): string {
  return uploader.adminId ? `wms-admin-${uploader.adminId}` : `wms-user-${uploader.userId}`;
}
