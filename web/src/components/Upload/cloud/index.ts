/**
 * Cloud upload (site config upload mode other than `local`), loaded only when first used: hash the file,
 * ask `Cos/refreshToken` for a ticket, send the file into the bucket in 5 MB slices, then `Cos/callback`,
 * which checks the object and records the attachment.
 *
 * Rejects with a CloudUploadError `{code, msg}` for what the server did not already report (the error
 * number of the upload params, a failure of the bucket); answers of our server other than code 1 reject
 * with their envelope, whose message the request layer has shown.
 */
import '../i18n';
import type { CloudUploadParams } from '@contract/upload';
import { t } from '@/lang';
import { cloudCallback, cloudTicket, type UploadedFile } from '@/api/platform';
import { CloudUploadError } from './error';
import { sha1OfBlob } from './sha1';
import { BucketError, uploadToBucket } from './transfer';

export { CloudUploadError };

export interface CloudUploadOptions {
  app?: 'admin' | 'user';
  topic?: string;
  /** `siteConfig.upload.params`: an `errno` rejects at once with `errmsg`. */
  params?: Partial<CloudUploadParams>;
  /** Whole percent: reading the file counts for the first 10, sending it for the rest. */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

/** Hashing is quick next to sending: it gets a tenth of the bar. */
const HASH_SHARE = 10;

/** The words for a failure of the bucket. */
export function bucketErrorMessage(error: BucketError): string {
  const { partNumber, partCount, status, s3Code } = error.detail;
  const reason = status ? `HTTP ${status}${s3Code ? ` ${s3Code}` : ''}` : t('upload.cloud.noAnswer');
  switch (error.failure) {
    case 'part':
      return t('upload.cloud.partFailed', { part: partNumber ?? 0, count: partCount ?? 0, reason });
    case 'etag':
      return t('upload.cloud.etagHidden');
    case 'expired':
      return t('upload.cloud.expired');
    case 'aborted':
      return t('upload.cloud.aborted');
    case 'insecure':
      return t('upload.cloud.insecure');
    case 'create':
      return t('upload.cloud.createFailed', { reason });
    case 'complete':
      return t('upload.cloud.completeFailed', { reason });
    default:
      return t('upload.cloud.unreachable');
  }
}

/** Reading the file or sending it failed in the browser: said in words; answers of our server pass as they are. */
function browserFailure(error: unknown): unknown {
  if (error instanceof BucketError) return new CloudUploadError(0, bucketErrorMessage(error));
  if ((error as { name?: string })?.name === 'AbortError') return new CloudUploadError(0, t('upload.cloud.aborted'));
  if (error instanceof Error) return new CloudUploadError(0, `${t('upload.failed')}: ${error.message}`);
  return error;
}

export async function cloudUpload(file: File, options: CloudUploadOptions = {}): Promise<UploadedFile> {
  const app = options.app ?? 'admin';
  const errno = Number(options.params?.errno ?? 0);
  if (errno) throw new CloudUploadError(errno, String(options.params?.errmsg || t('upload.failed')));

  let sha1: string;
  try {
    sha1 = await sha1OfBlob(file, { signal: options.signal, onProgress: (fraction) => options.onProgress?.(Math.floor(fraction * HASH_SHARE)) });
  } catch (error) {
    throw browserFailure(error);
  }
  const facts = { name: file.name, size: file.size, type: file.type, sha1, topic: options.topic || undefined };
  const ticket = await cloudTicket(app, facts);
  try {
    await uploadToBucket(file, ticket, {
      signal: options.signal,
      onProgress: (percent) => options.onProgress?.(HASH_SHARE + Math.floor((percent * (100 - HASH_SHARE)) / 100)),
    });
  } catch (error) {
    throw browserFailure(error);
  }
  return cloudCallback(app, facts, ticket.url);
}
