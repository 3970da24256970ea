/**
 * The browser's part of a cloud upload: the file goes straight into the bucket as an S3 multipart upload
 * in 5 MB slices (create, upload the parts, complete), with the ticket `Cos/refreshToken` answered:
 *
 * - `presigned`: the server created the upload and signed one URL per slice, one to complete and one to
 *   abort; the browser only sends the slices to them.
 * - `sts`: temporary credentials limited to this one object; the browser signs each request itself.
 *
 * Progress counts the bytes of every slice sent so far; a slice that fails on the network or with a 5xx is
 * sent again (twice at most); anything else stops the upload, which is then aborted in the bucket so no
 * slices are left behind. Failures are BucketError values saying what failed; the caller words them.
 * Only `axios` is imported (no app modules), so the API specs drive the very same code against s3rver.
 */
import axios from 'axios';
import type { CloudTicket } from '../../../../../contract/upload';
import { signRequest } from './sigv4';

export type { CloudTicket } from '../../../../../contract/upload';

export interface BucketRequest {
  method: 'PUT' | 'POST' | 'DELETE';
  url: string;
  headers?: Record<string, string>;
  body?: Blob | string;
  /** Bytes of the body sent so far. */
  onProgress?: (loaded: number) => void;
  signal?: AbortSignal;
}

export interface BucketResponse {
  status: number;
  /** Lower-case names. */
  headers: Record<string, string>;
  body: string;
}

/** Sends one request to the bucket; rejects only when no answer arrived (network, abort). */
export type BucketTransport = (request: BucketRequest) => Promise<BucketResponse>;

export type BucketFailure = 'create' | 'part' | 'complete' | 'etag' | 'network' | 'expired' | 'aborted' | 'insecure';

/** What went wrong with the bucket: the step, the slice, the HTTP status and S3's error code if any. */
export class BucketError extends Error {
  constructor(
    readonly failure: BucketFailure,
    readonly detail: { partNumber?: number; partCount?: number; status?: number; s3Code?: string } = {},
  ) {
    super(`cloud upload failed: ${failure}${detail.status ? ` (HTTP ${detail.status}${detail.s3Code ? ` ${detail.s3Code}` : ''})` : ''}`);
  }
}

export interface Slice {
  partNumber: number;
  start: number;
  end: number;
}

/** The slices of a file: `partSize` bytes each, the last one shorter; an empty file is one empty slice. */
export function slicesOf(size: number, partSize: number): Slice[] {
  if (!(partSize > 0)) throw new Error('partSize must be positive');
  const slices: Slice[] = [];
  for (let start = 0, partNumber = 1; start < size || partNumber === 1; start += partSize, partNumber++) {
    slices.push({ partNumber, start, end: Math.min(size, start + partSize) });
    if (size === 0) break;
  }
  return slices;
}

/** The body that completes the upload: the parts in order with their ETags. */
export function completeBody(parts: Array<{ partNumber: number; etag: string }>): string {
  const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const items = [...parts]
    .sort((a, b) => a.partNumber - b.partNumber)
    .map((part) => `<Part><PartNumber>${part.partNumber}</PartNumber><ETag>${escape(part.etag)}</ETag></Part>`)
    .join('');
  return `<CompleteMultipartUpload>${items}</CompleteMultipartUpload>`;
}

function xmlText(body: string, tag: string): string | undefined {
  const match = new RegExp(`<${tag}>([^<]*)</${tag}>`).exec(body);
  if (!match) return undefined;
  return match[1].replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
}

/** The default transport: an axios instance of its own (no app tokens or interceptors reach the bucket). */
export const axiosTransport: BucketTransport = async (request) => {
  const response = await axios.request<string>({
    method: request.method,
    url: request.url,
    headers: request.headers,
    data: request.body,
    signal: request.signal,
    responseType: 'text',
    transformResponse: [(data: unknown) => data],
    validateStatus: () => true,
    withCredentials: false,
    withXSRFToken: false,
    maxBodyLength: Infinity,
    maxContentLength: Infinity,
    timeout: 0,
    onUploadProgress: (event) => request.onProgress?.(event.loaded),
  });
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(response.headers ?? {})) if (value !== undefined && value !== null) headers[name.toLowerCase()] = String(value);
  return { status: response.status, headers, body: typeof response.data === 'string' ? response.data : '' };
};

export interface TransferOptions {
  transport?: BucketTransport;
  /** Whole percent of the bytes sent, 0–100, never going back. */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
  /** Slices sent at the same time. */
  concurrency?: number;
  /** Extra attempts of a slice after a network failure or a 5xx. */
  retries?: number;
  /** For the specs: the clock of the signatures and of the expiry check. */
  now?: () => Date;
}

/** Sends the file into the bucket as the ticket says. Resolves once the object is complete. */
export async function uploadToBucket(file: Blob, ticket: CloudTicket, options: TransferOptions = {}): Promise<void> {
  if (ticket.exists) return;
  const send = options.transport ?? axiosTransport;
  const now = options.now ?? (() => new Date());
  const retries = options.retries ?? 2;
  const slices = slicesOf(file.size, ticket.partSize);
  const presigned = ticket.mode === 'presigned' ? ticket.upload : null;
  if (ticket.mode === 'presigned' && (!presigned || presigned.parts.length !== slices.length)) throw new BucketError('create');

  const expired = () => ticket.expiredTime > 0 && now().getTime() / 1000 >= ticket.expiredTime;
  /** The signature headers of the STS mode (none for presigned URLs). WebCrypto needs a secure context. */
  const signed = async (method: string, url: string): Promise<Record<string, string>> => {
    if (ticket.mode !== 'sts') return {};
    try {
      return await signRequest({ method, url }, { accessKeyId: ticket.tmpSecretId, secretAccessKey: ticket.tmpSecretKey, sessionToken: ticket.sessionToken }, ticket.region, { now: now() });
    } catch {
      throw new BucketError('insecure');
    }
  };
  /** A request to the object, signed with the temporary credentials (STS) or as presigned. */
  const call = async (request: BucketRequest): Promise<BucketResponse> => {
    if (options.signal?.aborted) throw new BucketError('aborted');
    if (expired()) throw new BucketError('expired');
    const headers = { ...(request.headers ?? {}), ...(await signed(request.method, request.url)) };
    try {
      return await send({ ...request, headers, signal: options.signal });
    } catch {
      throw new BucketError(options.signal?.aborted ? 'aborted' : 'network');
    }
  };
  const objectUrl = (query: string) => `${ticket.objectUrl}?${query}`;

  // 1. create
  let uploadId: string;
  if (presigned) {
    uploadId = presigned.uploadId;
  } else {
    const created = await call({ method: 'POST', url: objectUrl('uploads'), headers: file.type ? { 'content-type': file.type } : {} });
    const id = created.status === 200 ? xmlText(created.body, 'UploadId') : undefined;
    if (!id) throw new BucketError('create', { status: created.status, s3Code: xmlText(created.body, 'Code') });
    uploadId = id;
  }
  const partUrl = (slice: Slice) => (presigned ? presigned.parts[slice.partNumber - 1].url : objectUrl(`partNumber=${slice.partNumber}&uploadId=${encodeURIComponent(uploadId)}`));

  // 2. the slices, a few at a time
  const sent = new Map<number, number>();
  let shown = -1;
  const report = () => {
    let bytes = 0;
    for (const value of sent.values()) bytes += value;
    const percent = file.size ? Math.min(100, Math.floor((bytes / file.size) * 100)) : 100;
    if (percent > shown) {
      shown = percent;
      options.onProgress?.(percent);
    }
  };
  report();

  const etags = new Map<number, string>();
  const sendSlice = async (slice: Slice): Promise<void> => {
    for (let attempt = 0; ; attempt++) {
      sent.set(slice.partNumber, 0);
      let response: BucketResponse;
      try {
        response = await call({
          method: 'PUT',
          url: partUrl(slice),
          body: file.slice(slice.start, slice.end),
          onProgress: (loaded) => {
            sent.set(slice.partNumber, Math.min(loaded, slice.end - slice.start));
            report();
          },
        });
      } catch (error) {
        if (error instanceof BucketError && error.failure === 'network' && attempt < retries) continue;
        throw error;
      }
      if (response.status >= 500 && attempt < retries) continue;
      if (response.status !== 200) {
        throw new BucketError('part', { partNumber: slice.partNumber, partCount: slices.length, status: response.status, s3Code: xmlText(response.body, 'Code') });
      }
      const etag = response.headers.etag;
      // the bucket's CORS rules must expose ETag, or the browser cannot read it
      if (!etag) throw new BucketError('etag', { partNumber: slice.partNumber, partCount: slices.length });
      etags.set(slice.partNumber, etag);
      sent.set(slice.partNumber, slice.end - slice.start);
      report();
      return;
    }
  };

  const abort = async () => {
    const url = presigned ? presigned.abort : objectUrl(`uploadId=${encodeURIComponent(uploadId)}`);
    await (async () => send({ method: 'DELETE', url, headers: await signed('DELETE', url) }))().catch(() => undefined);
  };

  try {
    const queue = [...slices];
    const worker = async () => {
      try {
        for (let slice = queue.shift(); slice; slice = queue.shift()) await sendSlice(slice);
      } catch (error) {
        // the other workers finish their slice and stop
        queue.length = 0;
        throw error;
      }
    };
    const workers = Array.from({ length: Math.max(1, Math.min(options.concurrency ?? 3, slices.length)) }, worker);
    const results = await Promise.allSettled(workers);
    const failed = results.find((result): result is PromiseRejectedResult => result.status === 'rejected');
    if (failed) throw failed.reason;

    // 3. complete
    const completed = await call({
      method: 'POST',
      url: presigned ? presigned.complete : objectUrl(`uploadId=${encodeURIComponent(uploadId)}`),
      headers: { 'content-type': 'application/xml' },
      body: completeBody(slices.map((slice) => ({ partNumber: slice.partNumber, etag: etags.get(slice.partNumber)! }))),
    });
    // S3 may answer 200 and still report an error in the body
    if (completed.status !== 200 || /<Error>/.test(completed.body)) {
      throw new BucketError('complete', { status: completed.status, s3Code: xmlText(completed.body, 'Code') });
    }
  } catch (error) {
    await abort();
    throw error instanceof BucketError ? error : new BucketError('network');
  }
}
