import { createHash, createHmac } from 'node:crypto';

/*
 * Tencent Cloud API 3.0 signature v3 (TC3-HMAC-SHA256), as its public documentation describes it:
 *   CanonicalRequest = METHOD \n / \n <query> \n content-type:<type>\nhost:<host>\n \n content-type;host \n hex(sha256(payload))
 *   StringToSign     = TC3-HMAC-SHA256 \n <timestamp> \n <date>/<service>/tc3_request \n hex(sha256(CanonicalRequest))
 *   key = HMAC(HMAC(HMAC("TC3" + SecretKey, date), service), "tc3_request"); Signature = hex(HMAC(key, StringToSign))
 * where <date> is the UTC day of the timestamp (YYYY-MM-DD).
 */
export const TC3_ALGORITHM = 'TC3-HMAC-SHA256';
export const TC3_SIGNED_HEADERS = 'content-type;host';

export interface Tc3Request {
  secretId: string;
  secretKey: string;
  service: string;
  host: string;
  contentType: string;
  payload: string;
  /** Unix seconds. */
  timestamp: number;
  method?: string;
  query?: string;
}

const sha256Hex = (value: string) => createHash('sha256').update(value, 'utf8').digest('hex');
const hmac = (key: string | Buffer, value: string) => createHmac('sha256', key).update(value, 'utf8').digest();

export function tc3Date(timestamp: number): string {
  return new Date(timestamp * 1000).toISOString().slice(0, 10);
}

export function tc3CanonicalRequest(request: Tc3Request): string {
  const headers = `content-type:${request.contentType.toLowerCase()}\nhost:${request.host.toLowerCase()}\n`;
  return [(request.method ?? 'POST').toUpperCase(), '/', request.query ?? '', headers, TC3_SIGNED_HEADERS, sha256Hex(request.payload)].join('\n');
}

export function tc3StringToSign(request: Tc3Request): string {
  const scope = `${tc3Date(request.timestamp)}/${request.service}/tc3_request`;
  return [TC3_ALGORITHM, String(request.timestamp), scope, sha256Hex(tc3CanonicalRequest(request))].join('\n');
}

export function tc3Signature(request: Tc3Request): string {
  const secretDate = hmac(`TC3${request.secretKey}`, tc3Date(request.timestamp));
  const secretService = hmac(secretDate, request.service);
  const secretSigning = hmac(secretService, 'tc3_request');
  return createHmac('sha256', secretSigning).update(tc3StringToSign(request), 'utf8').digest('hex');
}

/** The Authorization header of a signed request. */
export function tc3Authorization(request: Tc3Request): string {
  const scope = `${tc3Date(request.timestamp)}/${request.service}/tc3_request`;
  return `${TC3_ALGORITHM} Credential=${request.secretId}/${scope}, SignedHeaders=${TC3_SIGNED_HEADERS}, Signature=${tc3Signature(request)}`;
}
