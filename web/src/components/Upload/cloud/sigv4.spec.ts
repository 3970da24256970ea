/** @jest-environment node */
import { createHash, createHmac } from 'node:crypto';
import { SignatureV4 } from '@smithy/signature-v4';
import { canonicalQuery, canonicalUri, signRequest } from './sigv4';

const bytes = (data: string | ArrayBuffer | ArrayBufferView): Buffer =>
  typeof data === 'string' ? Buffer.from(data) : ArrayBuffer.isView(data) ? Buffer.from(data.buffer, data.byteOffset, data.byteLength) : Buffer.from(data);

/** The AWS SDK's own signer, as an independent reference. */
class Sha256 {
  private readonly hash;
  constructor(secret?: string | ArrayBuffer | ArrayBufferView) {
    this.hash = secret ? createHmac('sha256', bytes(secret)) : createHash('sha256');
  }
  update(data: string | ArrayBuffer | ArrayBufferView) {
    this.hash.update(bytes(data));
  }
  async digest() {
    return new Uint8Array(this.hash.digest());
  }
  reset() {}
}

async function sdkSignature(method: string, url: string, credentials: { accessKeyId: string; secretAccessKey: string; sessionToken?: string }, region: string, when: Date) {
  const parsed = new URL(url);
  const query: Record<string, string> = {};
  for (const pair of parsed.search.replace(/^\?/, '').split('&').filter(Boolean)) {
    const [name, value = ''] = pair.split('=');
    query[decodeURIComponent(name)] = decodeURIComponent(value);
  }
  const signer = new SignatureV4({ credentials, region, service: 's3', sha256: Sha256, uriEscapePath: false, applyChecksum: false });
  const signed = await signer.sign(
    {
      method,
      protocol: parsed.protocol,
      hostname: parsed.hostname,
      port: parsed.port ? Number(parsed.port) : undefined,
      // the path exactly as sent: the object URLs of the server are strictly encoded already
      path: parsed.pathname,
      query,
      headers: { host: parsed.host, 'x-amz-content-sha256': 'UNSIGNED-PAYLOAD' },
    },
    { signingDate: when },
  );
  return signed.headers.authorization;
}

describe('signRequest (SigV4 for the STS mode)', () => {
  const when = new Date('2026-11-22T10:20:30Z');
  const temporary = { accessKeyId: 'ASIATEMPORARY', secretAccessKey: 'tmp/Secret+Key=', sessionToken: 'FwoGZXIvYXdzEJr//////////token==' };

  it.each([
    ['POST', 'http://127.0.0.1:9000/wms/storage/default/20261122/report.xlsx?uploads'],
    ['PUT', 'http://127.0.0.1:9000/wms/storage/default/20261122/report.xlsx?partNumber=2&uploadId=VXBsb2FkIElE%2B%2F%3D'],
    ['POST', 'https://wms-1250000000.cos.ap-guangzhou.myqcloud.com/storage/a%20b/%E6%8A%A5%E8%A1%A8%281%29.png?uploadId=abc'],
    ['DELETE', 'https://bucket.s3.us-east-1.amazonaws.com/storage/x/y%21z%2A.bin?uploadId=2~x_y.z-'],
  ])('%s %s: the same Authorization as the AWS SDK', async (method, url) => {
    const region = url.includes('ap-guangzhou') ? 'ap-guangzhou' : 'us-east-1';
    const ours = await signRequest({ method, url }, temporary, region, { now: when });
    expect(ours.authorization).toBe(await sdkSignature(method, url, temporary, region, when));
    expect(ours).toMatchObject({ 'x-amz-date': '20261122T102030Z', 'x-amz-content-sha256': 'UNSIGNED-PAYLOAD', 'x-amz-security-token': temporary.sessionToken });
    expect(ours.authorization).toContain(`Credential=ASIATEMPORARY/20261122/${region}/s3/aws4_request`);
    expect(ours.authorization).toContain('SignedHeaders=host;x-amz-content-sha256;x-amz-date;x-amz-security-token');
    // the secret never travels
    expect(JSON.stringify(ours)).not.toContain(temporary.secretAccessKey);
  });

  it('signs without a session token for long-term keys, and a change of any part changes the signature', async () => {
    const keys = { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY' };
    const url = 'http://localhost:4569/wms/storage/a.png?partNumber=1&uploadId=u1';
    const base = await signRequest({ method: 'PUT', url }, keys, 'us-east-1', { now: when });
    expect(base.authorization).toBe(await sdkSignature('PUT', url, keys, 'us-east-1', when));
    expect(base['x-amz-security-token']).toBeUndefined();
    const others = await Promise.all([
      signRequest({ method: 'PUT', url: url.replace('partNumber=1', 'partNumber=2') }, keys, 'us-east-1', { now: when }),
      signRequest({ method: 'PUT', url: url.replace('a.png', 'b.png') }, keys, 'us-east-1', { now: when }),
      signRequest({ method: 'POST', url }, keys, 'us-east-1', { now: when }),
      signRequest({ method: 'PUT', url }, keys, 'eu-west-1', { now: when }),
      signRequest({ method: 'PUT', url }, { ...keys, secretAccessKey: 'other' }, 'us-east-1', { now: when }),
    ]);
    for (const other of others) expect(other.authorization).not.toBe(base.authorization);
  });

  it('encodes paths once and sorts the query as S3 expects', () => {
    expect(canonicalUri('/wms/storage/a%20b/(x)')).toBe('/wms/storage/a%20b/%28x%29');
    expect(canonicalQuery('?uploadId=a%2Bb&partNumber=10')).toBe('partNumber=10&uploadId=a%2Bb');
    expect(canonicalQuery('?uploads')).toBe('uploads=');
  });
});
