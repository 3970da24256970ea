import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/*
 * Every delivery is signed: `X-WMS-Signature: sha256=<hex HMAC-SHA256 of "<timestamp>.<body>" with the
 * webhook's secret>`, the timestamp being `X-WMS-Timestamp` (Unix seconds at sending). A receiver recomputes
 * it over the raw body it got and compares in constant time, and refuses old timestamps (replays).
 */

export function signatureOf(secret: string, timestamp: number | string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

export function signatureMatches(secret: string, timestamp: number | string, body: string, header: string): boolean {
  const expected = Buffer.from(signatureOf(secret, timestamp, body));
  const given = Buffer.from(String(header));
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** A new signing secret: `whsec_` + 32 random bytes, base64url. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64url')}`;
}
