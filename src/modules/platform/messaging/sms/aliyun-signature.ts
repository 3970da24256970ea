import { createHmac } from 'node:crypto';

/*
 * Alibaba Cloud's RPC signature (SignatureVersion 1.0, HMAC-SHA1), as its public documentation describes it:
 * every parameter but Signature, sorted by name, each name and value percent-encoded per RFC 3986 (space as
 * %20, `*` as %2A, `~` kept), joined `name=value` with `&`; the string to sign is
 * `METHOD&%2F&<percent-encoded canonical query>`, signed with the AccessKey secret plus `&`, base64.
 */

/** RFC 3986 percent-encoding: everything but A-Z a-z 0-9 - _ . ~ */
export function percentEncode(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

export function canonicalQuery(params: Record<string, string>): string {
  return Object.keys(params)
    .filter((name) => name !== 'Signature')
    .sort()
    .map((name) => `${percentEncode(name)}=${percentEncode(params[name])}`)
    .join('&');
}

export function aliyunStringToSign(method: string, params: Record<string, string>): string {
  return `${method.toUpperCase()}&${percentEncode('/')}&${percentEncode(canonicalQuery(params))}`;
}

export function aliyunSignature(method: string, params: Record<string, string>, accessKeySecret: string): string {
  return createHmac('sha1', `${accessKeySecret}&`).update(aliyunStringToSign(method, params), 'utf8').digest('base64');
}

/** `2017-07-12T02:42:19Z`: ISO 8601 in UTC without milliseconds. */
export function aliyunTimestamp(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}
