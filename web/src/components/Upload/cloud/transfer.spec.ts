/** @jest-environment node */
import { BucketError, BucketRequest, BucketResponse, CloudTicket, completeBody, slicesOf, uploadToBucket } from './transfer';

const MiB = 1024 * 1024;
const PART = 5 * MiB;

function fileOf(size: number): Blob {
  const bytes = new Uint8Array(size);
  for (let i = 0; i < size; i++) bytes[i] = (i * 31 + 7) % 251;
  return new Blob([bytes]);
}

function ticket(mode: 'sts' | 'presigned', size: number, extra: Partial<CloudTicket> = {}): CloudTicket {
  const count = Math.max(1, Math.ceil(size / PART));
  return {
    mode,
    exists: false,
    tmpSecretId: mode === 'sts' ? 'ASIATMP' : '',
    tmpSecretKey: mode === 'sts' ? 'tmp-secret' : '',
    sessionToken: mode === 'sts' ? 'session-token' : '',
    startTime: 0,
    expiredTime: 0,
    bucket: 'wms',
    region: 'us-east-1',
    endpoint: 'http://bucket.test',
    pathStyle: true,
    key: 'storage/default/f.bin',
    objectUrl: 'http://bucket.test/wms/storage/default/f.bin',
    url: 'http://cdn.test/storage/default/f.bin',
    partSize: PART,
    upload:
      mode === 'presigned'
        ? {
            uploadId: 'u-1',
            parts: Array.from({ length: count }, (_, i) => ({ partNumber: i + 1, url: `http://bucket.test/part-${i + 1}?signed` })),
            complete: 'http://bucket.test/complete?signed',
            abort: 'http://bucket.test/abort?signed',
          }
        : null,
    ...extra,
  };
}

interface Seen {
  method: string;
  url: string;
  headers: Record<string, string>;
  bytes?: Uint8Array;
  text?: string;
}

/** A fake bucket: records each request, reports upload progress in two steps, answers via `answer`. */
function fakeBucket(answer: (request: Seen, index: number) => Partial<BucketResponse> | 'network' = () => ({})) {
  const seen: Seen[] = [];
  const transport = async (request: BucketRequest): Promise<BucketResponse> => {
    const entry: Seen = { method: request.method, url: request.url, headers: request.headers ?? {} };
    if (request.body instanceof Blob) {
      entry.bytes = new Uint8Array(await request.body.arrayBuffer());
      request.onProgress?.(Math.floor(entry.bytes.length / 2));
      request.onProgress?.(entry.bytes.length);
    } else if (typeof request.body === 'string') {
      entry.text = request.body;
    }
    seen.push(entry);
    const given = answer(entry, seen.length - 1);
    if (given === 'network') throw new Error('socket hang up');
    const isPart = request.method === 'PUT';
    return { status: 200, headers: isPart ? { etag: `"etag-${seen.length}"` } : {}, body: '', ...given };
  };
  return { seen, transport };
}

describe('slicesOf', () => {
  it('cuts 5 MB slices, the last one shorter', () => {
    expect(slicesOf(12 * MiB + 1, PART)).toEqual([
      { partNumber: 1, start: 0, end: PART },
      { partNumber: 2, start: PART, end: 2 * PART },
      { partNumber: 3, start: 2 * PART, end: 12 * MiB + 1 },
    ]);
    expect(slicesOf(2 * PART, PART)).toHaveLength(2);
    expect(slicesOf(1, PART)).toEqual([{ partNumber: 1, start: 0, end: 1 }]);
  });

  it('lists the parts in order with their ETags, escaped', () => {
    expect(completeBody([{ partNumber: 2, etag: '"b"' }, { partNumber: 1, etag: '"a&"' }])).toBe(
      '<CompleteMultipartUpload><Part><PartNumber>1</PartNumber><ETag>"a&amp;"</ETag></Part><Part><PartNumber>2</PartNumber><ETag>"b"</ETag></Part></CompleteMultipartUpload>',
    );
  });
});

describe('uploadToBucket', () => {
  it('presigned: sends each slice to its URL, completes with the ETags, and shows progress up to 100', async () => {
    const size = 11 * MiB + 123;
    const file = fileOf(size);
    const bucket = fakeBucket();
    const progress: number[] = [];
    await uploadToBucket(file, ticket('presigned', size), { transport: bucket.transport, onProgress: (p) => progress.push(p), concurrency: 1 });

    const puts = bucket.seen.filter((r) => r.method === 'PUT');
    expect(puts.map((r) => r.url)).toEqual(['http://bucket.test/part-1?signed', 'http://bucket.test/part-2?signed', 'http://bucket.test/part-3?signed']);
    expect(puts.map((r) => r.bytes!.length)).toEqual([PART, PART, size - 2 * PART]);
    // the slices are the file, in order
    const joined = new Uint8Array(size);
    puts.forEach((r, i) => joined.set(r.bytes!, i * PART));
    expect(Buffer.from(joined).equals(Buffer.from(await file.arrayBuffer()))).toBe(true);
    // presigned: nothing to sign in the browser
    expect(puts.every((r) => !r.headers.authorization)).toBe(true);

    const complete = bucket.seen[bucket.seen.length - 1];
    expect(complete).toMatchObject({ method: 'POST', url: 'http://bucket.test/complete?signed' });
    expect(complete.text).toBe(completeBody([1, 2, 3].map((n) => ({ partNumber: n, etag: `"etag-${n}"` }))));

    expect(progress[0]).toBe(0);
    expect(progress[progress.length - 1]).toBe(100);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    // partway reports from inside a slice, not only whole slices
    expect(progress.some((p) => p > 0 && p < 45)).toBe(true);
  });

  it('sts: creates the upload, signs every request with the temporary credentials, completes it', async () => {
    const size = 6 * MiB;
    const bucket = fakeBucket((request) =>
      request.url.endsWith('?uploads') ? { body: '<InitiateMultipartUploadResult><UploadId>id&amp;1+2</UploadId></InitiateMultipartUploadResult>' } : {},
    );
    await uploadToBucket(fileOf(size), ticket('sts', size), { transport: bucket.transport, concurrency: 2 });
    expect(bucket.seen.map((r) => `${r.method} ${r.url}`).sort()).toEqual(
      [
        'POST http://bucket.test/wms/storage/default/f.bin?uploads',
        'PUT http://bucket.test/wms/storage/default/f.bin?partNumber=1&uploadId=id%261%2B2',
        'PUT http://bucket.test/wms/storage/default/f.bin?partNumber=2&uploadId=id%261%2B2',
        'POST http://bucket.test/wms/storage/default/f.bin?uploadId=id%261%2B2',
      ].sort(),
    );
    for (const request of bucket.seen) {
      expect(request.headers.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=ASIATMP\/\d{8}\/us-east-1\/s3\/aws4_request, SignedHeaders=host;x-amz-content-sha256;x-amz-date;x-amz-security-token, Signature=[0-9a-f]{64}$/);
      expect(request.headers['x-amz-security-token']).toBe('session-token');
      expect(JSON.stringify(request.headers)).not.toContain('tmp-secret');
    }
  });

  it('a refused slice stops the upload, aborts it in the bucket and says which slice failed', async () => {
    const size = 3 * PART;
    const bucket = fakeBucket((request) => (request.url.includes('part-2') ? { status: 403, body: '<Error><Code>AccessDenied</Code></Error>', headers: {} } : {}));
    const failure = uploadToBucket(fileOf(size), ticket('presigned', size), { transport: bucket.transport, concurrency: 1 });
    await expect(failure).rejects.toBeInstanceOf(BucketError);
    await expect(failure).rejects.toMatchObject({ failure: 'part', detail: { partNumber: 2, partCount: 3, status: 403, s3Code: 'AccessDenied' } });
    const urls = bucket.seen.map((r) => `${r.method} ${r.url}`);
    // slice 3 is never sent, nothing is completed, the upload is aborted
    expect(urls).toEqual(['PUT http://bucket.test/part-1?signed', 'PUT http://bucket.test/part-2?signed', 'DELETE http://bucket.test/abort?signed']);
  });

  it('sends a slice again after a network failure or a 5xx, at most twice', async () => {
    const size = PART + 10;
    let failures = 0;
    const flaky = fakeBucket((request) => {
      if (request.url.includes('part-1') && failures < 2) return failures++ === 0 ? 'network' : { status: 503, headers: {} };
      return {};
    });
    await uploadToBucket(fileOf(size), ticket('presigned', size), { transport: flaky.transport, concurrency: 1 });
    expect(flaky.seen.filter((r) => r.url.includes('part-1'))).toHaveLength(3);

    const broken = fakeBucket((request) => (request.url.includes('part-1') ? { status: 500, headers: {} } : {}));
    await expect(uploadToBucket(fileOf(size), ticket('presigned', size), { transport: broken.transport })).rejects.toMatchObject({ failure: 'part', detail: { status: 500 } });
    expect(broken.seen.filter((r) => r.url.includes('part-1'))).toHaveLength(3);
  });

  it('fails clearly when the bucket hides the ETag (CORS) or reports an error while completing', async () => {
    const hidden = fakeBucket((request) => (request.method === 'PUT' ? { headers: {} } : {}));
    await expect(uploadToBucket(fileOf(10), ticket('presigned', 10), { transport: hidden.transport })).rejects.toMatchObject({ failure: 'etag' });

    const bad = fakeBucket((request) => (request.url.includes('complete') ? { status: 200, body: '<Error><Code>InvalidPart</Code></Error>' } : {}));
    await expect(uploadToBucket(fileOf(10), ticket('presigned', 10), { transport: bad.transport })).rejects.toMatchObject({ failure: 'complete', detail: { s3Code: 'InvalidPart' } });
    expect(bad.seen[bad.seen.length - 1].method).toBe('DELETE');
  });

  it('sends nothing when the credentials have expired or the file is stored already', async () => {
    const bucket = fakeBucket();
    const expired = ticket('sts', 10, { expiredTime: 1_000 });
    await expect(uploadToBucket(fileOf(10), expired, { transport: bucket.transport, now: () => new Date(1_000_001) })).rejects.toMatchObject({ failure: 'expired' });
    await uploadToBucket(fileOf(10), ticket('presigned', 10, { exists: true }), { transport: bucket.transport });
    expect(bucket.seen.filter((r) => r.method !== 'DELETE')).toEqual([]);
  });

  it('sts: without WebCrypto (a page not served over HTTPS) it says so and sends nothing', async () => {
    const bucket = fakeBucket();
    const original = Object.getOwnPropertyDescriptor(globalThis, 'crypto');
    Object.defineProperty(globalThis, 'crypto', { value: undefined, configurable: true, writable: true });
    try {
      await expect(uploadToBucket(fileOf(10), ticket('sts', 10), { transport: bucket.transport })).rejects.toMatchObject({ failure: 'insecure' });
    } finally {
      if (original) Object.defineProperty(globalThis, 'crypto', original);
    }
    expect(bucket.seen).toEqual([]);
  });
});
