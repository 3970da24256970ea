import { createHash, createPublicKey, JsonWebKey, randomBytes, verify } from 'node:crypto';

/** A random token for `state`, the PKCE verifier, the nonce and the bind token (base64url, 256 bits). */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** What is stored of a ticket: its SHA-256 (hex). The token itself is only in the browser. */
export function ticketHash(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** PKCE S256: base64url(SHA-256(verifier)). */
export function codeChallenge(verifier: string): string {
  return createHash('sha256').update(verifier, 'ascii').digest('base64url');
}

/**
 * The site path a member returns to after signing in: a path of this site only (`/user`, `/#/user/overview`),
 * never another origin (`//evil.example`, `https://…`, `/\evil`), at most 255 characters; anything else is
 * the member center.
 */
export function sitePath(value: unknown, fallback = '/user'): string {
  if (typeof value !== 'string') return fallback;
  const path = value.trim();
  if (!path || path.length > 255 || !path.startsWith('/') || path.startsWith('//') || /[\\\s\u0000-\u001f]/.test(path)) return fallback;
  return path;
}

/** Why an id_token was refused (each a message key `oauth.id_token_<reason>`). */
export type IdTokenRefusal = 'malformed' | 'algorithm' | 'key' | 'signature' | 'issuer' | 'audience' | 'expired' | 'nonce';

export class IdTokenError extends Error {
  constructor(readonly reason: IdTokenRefusal) {
    super(`id_token refused: ${reason}`);
    this.name = 'IdTokenError';
  }
}

export interface IdTokenExpectations {
  issuer: string;
  clientId: string;
  nonce: string;
  /** Unix seconds. */
  now: number;
  /** The provider's keys (its JWKS `keys`). */
  keys: ReadonlyArray<JsonWebKey & { kid?: string; use?: string; alg?: string }>;
  /** Clock skew allowed on `exp`, `iat` and `nbf` (seconds). */
  leeway?: number;
}

export type IdTokenClaims = Record<string, unknown> & { sub: string };

function part(text: string): Record<string, unknown> {
  try {
    const value = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
    if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Error('not an object');
    return value as Record<string, unknown>;
  } catch {
    throw new IdTokenError('malformed');
  }
}

/**
 * Verifies an OpenID Connect id_token (RS256 only) with node:crypto: the signature with the provider's key
 * named by `kid` (the only RSA key when there is no kid), then `iss` equal to the issuer, `aud` naming the
 * client (and `azp` the client when there are several audiences), `exp` not past, `nbf`/`iat` not in the
 * future, `sub` present and `nonce` equal to the one this sign-in sent. Answers the claims.
 */
export function verifyIdToken(token: unknown, expect: IdTokenExpectations): IdTokenClaims {
  if (typeof token !== 'string' || token.length > 16_384) throw new IdTokenError('malformed');
  const pieces = token.split('.');
  if (pieces.length !== 3 || pieces.some((p) => !/^[A-Za-z0-9_-]*$/.test(p)) || !pieces[2]) throw new IdTokenError('malformed');
  const header = part(pieces[0]);
  const claims = part(pieces[1]);
  if (header.alg !== 'RS256') throw new IdTokenError('algorithm');
  const rsa = expect.keys.filter((k) => k.kty === 'RSA' && (!k.use || k.use === 'sig') && (!k.alg || k.alg === 'RS256'));
  const jwk = typeof header.kid === 'string' ? rsa.find((k) => k.kid === header.kid) : rsa.length === 1 ? rsa[0] : undefined;
  if (!jwk) throw new IdTokenError('key');
  let key;
  try {
    key = createPublicKey({ key: { kty: 'RSA', n: jwk.n, e: jwk.e } as JsonWebKey, format: 'jwk' });
  } catch {
    throw new IdTokenError('key');
  }
  const signed = Buffer.from(`${pieces[0]}.${pieces[1]}`, 'ascii');
  if (!verify('RSA-SHA256', signed, key, Buffer.from(pieces[2], 'base64url'))) throw new IdTokenError('signature');
  if (claims.iss !== expect.issuer) throw new IdTokenError('issuer');
  const audiences = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
  if (!audiences.includes(expect.clientId)) throw new IdTokenError('audience');
  if (audiences.length > 1 && claims.azp !== expect.clientId) throw new IdTokenError('audience');
  const leeway = expect.leeway ?? 60;
  if (typeof claims.exp !== 'number' || claims.exp + leeway <= expect.now) throw new IdTokenError('expired');
  if (typeof claims.nbf === 'number' && claims.nbf - leeway > expect.now) throw new IdTokenError('expired');
  if (typeof claims.iat === 'number' && claims.iat - leeway > expect.now) throw new IdTokenError('expired');
  if (typeof claims.nonce !== 'string' || claims.nonce !== expect.nonce) throw new IdTokenError('nonce');
  if (typeof claims.sub !== 'string' || !claims.sub || claims.sub.length > 255) throw new IdTokenError('malformed');
  return claims as IdTokenClaims;
}
