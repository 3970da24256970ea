import { createSign, generateKeyPairSync, KeyObject } from 'node:crypto';
import { codeChallenge, IdTokenError, sitePath, verifyIdToken } from './oauth-tokens';

const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const other = generateKeyPairSync('rsa', { modulusLength: 2048 });
const jwk = { ...publicKey.export({ format: 'jwk' }), kid: 'k1', use: 'sig', alg: 'RS256' };

function sign(claims: Record<string, unknown>, header: Record<string, unknown> = { alg: 'RS256', kid: 'k1' }, key: KeyObject = privateKey): string {
  const head = `${Buffer.from(JSON.stringify(header)).toString('base64url')}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}`;
  return `${head}.${createSign('RSA-SHA256').update(head).sign(key).toString('base64url')}`;
}

const now = 1_800_000_000;
const good = { iss: 'https://idp.test', aud: 'client', sub: 'u1', nonce: 'n1', exp: now + 300, iat: now };
const expect_ = { issuer: 'https://idp.test', clientId: 'client', nonce: 'n1', now, keys: [jwk] };
const refusal = (token: string, overrides: Partial<typeof expect_> = {}) => {
  try {
    verifyIdToken(token, { ...expect_, ...overrides });
    return 'accepted';
  } catch (error) {
    return (error as IdTokenError).reason;
  }
};

describe('id_token verification', () => {
  it('accepts a token signed by the provider for this client and sign-in', () => {
    expect(verifyIdToken(sign(good), expect_).sub).toBe('u1');
  });

  it('refuses another issuer, audience, an expired token, a wrong nonce', () => {
    expect(refusal(sign({ ...good, iss: 'https://other.test' }))).toBe('issuer');
    expect(refusal(sign({ ...good, aud: 'someone-else' }))).toBe('audience');
    expect(refusal(sign({ ...good, aud: ['client', 'x'] }))).toBe('audience');
    expect(refusal(sign({ ...good, exp: now - 120 }))).toBe('expired');
    expect(refusal(sign({ ...good, nonce: 'n2' }))).toBe('nonce');
    expect(refusal(sign({ ...good, nonce: undefined }))).toBe('nonce');
  });

  it('refuses a token signed by another key, unsigned, HS256 or with an unknown key id', () => {
    expect(refusal(sign(good, undefined, other.privateKey))).toBe('signature');
    expect(refusal(sign(good).replace(/\.[^.]+$/, '.'))).toBe('malformed');
    expect(refusal(sign(good, { alg: 'none', kid: 'k1' }))).toBe('algorithm');
    expect(refusal(sign(good, { alg: 'HS256', kid: 'k1' }))).toBe('algorithm');
    expect(refusal(sign(good, { alg: 'RS256', kid: 'k9' }))).toBe('key');
    const [h, , s] = sign(good).split('.');
    expect(refusal(`${h}.${Buffer.from(JSON.stringify({ ...good, sub: 'admin' })).toString('base64url')}.${s}`)).toBe('signature');
    expect(refusal('x.y')).toBe('malformed');
  });

  it('computes the PKCE S256 challenge of RFC 7636 appendix B', () => {
    expect(codeChallenge('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).toBe('E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM');
  });

  it('keeps the return path on this site', () => {
    expect(sitePath('/user/overview')).toBe('/user/overview');
    expect(sitePath('/#/user')).toBe('/#/user');
    for (const bad of ['//evil.test', 'https://evil.test', '/\\evil.test', 'user', '', null, `/${'a'.repeat(300)}`, '/a b']) expect(sitePath(bad)).toBe('/user');
  });
});
