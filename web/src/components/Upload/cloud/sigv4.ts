/**
 * AWS Signature Version 4 for the browser's own S3 requests in the STS mode of the cloud upload, with the
 * temporary credentials of `Cos/refreshToken`: the Authorization header of one request (header auth, the
 * payload unsigned so a 5 MB slice need not be hashed first). WebCrypto does the hashing; no imports, so
 * the API specs run it under Node too.
 */

export interface SigningCredentials {
  accessKeyId: string;
  secretAccessKey: string;
  /** Temporary credentials carry one; sent as x-amz-security-token and signed. */
  sessionToken?: string;
}

export interface SignableRequest {
  method: string;
  /** The full URL, path and query as they are sent. */
  url: string;
}

export const UNSIGNED_PAYLOAD = 'UNSIGNED-PAYLOAD';

/** UTF-8 bytes of a text. */
function utf8(text: string): Uint8Array<ArrayBuffer> {
  return new TextEncoder().encode(text);
}

function subtle(): typeof globalThis.crypto.subtle {
  const webCrypto = (globalThis as { crypto?: typeof globalThis.crypto }).crypto;
  if (!webCrypto?.subtle) throw new Error('WebCrypto is not available (a secure context is needed)');
  return webCrypto.subtle;
}

function hex(buffer: ArrayBuffer): string {
  return Array.from(new Uint8Array(buffer), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

async function sha256Hex(text: string): Promise<string> {
  return hex(await subtle().digest('SHA-256', utf8(text)));
}

async function hmac(key: ArrayBuffer | Uint8Array<ArrayBuffer>, text: string): Promise<ArrayBuffer> {
  const imported = await subtle().importKey('raw', key, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  return subtle().sign('HMAC', imported, utf8(text));
}

/** RFC 3986 encoding: everything but `A-Z a-z 0-9 - . _ ~` as %XX (upper case). */
export function uriEncode(text: string): string {
  return encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

function decodeStrict(part: string): string {
  return decodeURIComponent(part);
}

/** The path with each segment encoded once (S3 does not encode twice). */
export function canonicalUri(pathname: string): string {
  return pathname
    .split('/')
    .map((segment) => uriEncode(decodeStrict(segment)))
    .join('/') || '/';
}

/** Query parameters sorted by encoded name (then value), each encoded; `uploads` becomes `uploads=`. */
export function canonicalQuery(search: string): string {
  const query = search.replace(/^\?/, '');
  if (!query) return '';
  return query
    .split('&')
    .filter(Boolean)
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = eq < 0 ? pair : pair.slice(0, eq);
      const value = eq < 0 ? '' : pair.slice(eq + 1);
      return [uriEncode(decodeStrict(name)), uriEncode(decodeStrict(value))] as const;
    })
    .sort(([a, av], [b, bv]) => (a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
}

/** `20260101T000000Z` and `20260101`. */
export function amzDate(now: Date): { dateTime: string; date: string } {
  const dateTime = now.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
  return { dateTime, date: dateTime.slice(0, 8) };
}

/**
 * The headers that sign the request: x-amz-date, x-amz-content-sha256 (unsigned payload),
 * x-amz-security-token (with temporary credentials) and Authorization. The browser adds Host itself; it is
 * signed from the URL.
 */
export async function signRequest(
  request: SignableRequest,
  credentials: SigningCredentials,
  region: string,
  options: { now?: Date; service?: string } = {},
): Promise<Record<string, string>> {
  const url = new URL(request.url);
  const service = options.service ?? 's3';
  const { dateTime, date } = amzDate(options.now ?? new Date());
  const headers: Record<string, string> = {
    host: url.host,
    'x-amz-content-sha256': UNSIGNED_PAYLOAD,
    'x-amz-date': dateTime,
  };
  if (credentials.sessionToken) headers['x-amz-security-token'] = credentials.sessionToken;
  const names = Object.keys(headers).sort();
  const signedHeaders = names.join(';');
  const canonicalRequest = [
    request.method.toUpperCase(),
    canonicalUri(url.pathname),
    canonicalQuery(url.search),
    names.map((name) => `${name}:${headers[name].trim().replace(/\s+/g, ' ')}\n`).join(''),
    signedHeaders,
    UNSIGNED_PAYLOAD,
  ].join('\n');
  const scope = `${date}/${region}/${service}/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', dateTime, scope, await sha256Hex(canonicalRequest)].join('\n');
  let key: ArrayBuffer = await hmac(utf8(`AWS4${credentials.secretAccessKey}`), date);
  for (const part of [region, service, 'aws4_request']) key = await hmac(key, part);
  const signature = hex(await hmac(key, stringToSign));
  const { host: _host, ...sent } = headers;
  return {
    ...sent,
    authorization: `AWS4-HMAC-SHA256 Credential=${credentials.accessKeyId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`,
  };
}
