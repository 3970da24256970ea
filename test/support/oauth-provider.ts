import { createHash, createSign, generateKeyPairSync, KeyObject, randomBytes } from 'node:crypto';
import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import { AddressInfo } from 'node:net';

/** How the next id_token is forged (each knob makes the site refuse it for one reason). */
export interface Forgery {
  issuer?: string;
  audience?: string | string[];
  nonce?: string;
  /** Seconds from now to `exp` (negative: expired). */
  expiresIn?: number;
  /** 'other': signed with a key the JWKS does not hold (same kid); 'none': alg none, no signature; 'tamper': a claim changed after signing. */
  signature?: 'other' | 'none' | 'tamper';
}

/** What the provider saw at its authorization endpoint (a consent it gave) and its token endpoint. */
export interface Grant {
  client_id: string;
  redirect_uri: string;
  code_challenge: string;
  code_challenge_method: string;
  nonce: string;
  scope: string;
  state: string;
}

/**
 * A stand-in OpenID Connect / OAuth 2.0 provider on loopback for the specs (node:http, nothing else):
 * discovery at `/.well-known/openid-configuration`, its RSA key at `/jwks`, `/authorize` (consents at once as
 * `subject` and redirects back with a code), `/token` (checks client, code, redirect_uri and the PKCE verifier;
 * answers an access token and a signed id_token), `/userinfo` (bearer). `forge` shapes the next id_token.
 */
export class StandInProvider {
  clientId = 'wms-client';
  clientSecret = 'wms-secret';
  /** The account the next consent signs in as. */
  subject = 'alice-001';
  name = 'Alice Provider';
  forge: Forgery = {};
  /** The grants given, in order; token requests refused (with why). */
  readonly grants: Grant[] = [];
  readonly refusals: string[] = [];
  /** Every path the provider was asked for (to prove what the site fetched). */
  readonly hits: string[] = [];
  private server!: Server;
  private readonly keyPair = generateKeyPairSync('rsa', { modulusLength: 2048 });
  private readonly otherKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
  private readonly codes = new Map<string, Grant & { subject: string; name: string; used: boolean }>();
  private readonly accessTokens = new Map<string, { subject: string; name: string }>();

  get issuer(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async start(): Promise<this> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return this;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** An id_token as this provider would sign it (for forging by hand). */
  idToken(claims: Record<string, unknown>, header: Record<string, unknown> = { alg: 'RS256', kid: 'k1', typ: 'JWT' }, key: KeyObject = this.keyPair.privateKey): string {
    const head = `${Buffer.from(JSON.stringify(header)).toString('base64url')}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}`;
    return `${head}.${createSign('RSA-SHA256').update(head).sign(key).toString('base64url')}`;
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', this.issuer);
    this.hits.push(url.pathname);
    const json = (status: number, body: unknown): void => void res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (url.pathname === '/.well-known/openid-configuration') {
      return json(200, {
        issuer: this.issuer,
        authorization_endpoint: `${this.issuer}/authorize`,
        token_endpoint: `${this.issuer}/token`,
        userinfo_endpoint: `${this.issuer}/userinfo`,
        jwks_uri: `${this.issuer}/jwks`,
        response_types_supported: ['code'],
        id_token_signing_alg_values_supported: ['RS256'],
        code_challenge_methods_supported: ['S256'],
      });
    }
    if (url.pathname === '/jwks') return json(200, { keys: [{ ...this.keyPair.publicKey.export({ format: 'jwk' }), kid: 'k1', use: 'sig', alg: 'RS256' }] });
    if (url.pathname === '/authorize') {
      const p = Object.fromEntries(url.searchParams) as Record<string, string>;
      if (p.client_id !== this.clientId || p.response_type !== 'code' || !p.redirect_uri) return json(400, { error: 'invalid_request' });
      const grant: Grant = { client_id: p.client_id, redirect_uri: p.redirect_uri, code_challenge: p.code_challenge ?? '', code_challenge_method: p.code_challenge_method ?? '', nonce: p.nonce ?? '', scope: p.scope ?? '', state: p.state ?? '' };
      this.grants.push(grant);
      const code = randomBytes(16).toString('hex');
      this.codes.set(code, { ...grant, subject: this.subject, name: this.name, used: false });
      const back = new URL(p.redirect_uri);
      back.searchParams.set('code', code);
      back.searchParams.set('state', p.state ?? '');
      res.writeHead(302, { location: back.toString() }).end();
      return;
    }
    if (url.pathname === '/token' && req.method === 'POST') {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const form = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
      const refuse = (why: string) => {
        this.refusals.push(why);
        json(400, { error: 'invalid_grant', error_description: why });
      };
      if (form.client_id !== this.clientId || form.client_secret !== this.clientSecret) return refuse('client');
      const grant = this.codes.get(form.code ?? '');
      if (!grant || grant.used) return refuse('code');
      grant.used = true;
      if (form.redirect_uri !== grant.redirect_uri) return refuse('redirect_uri');
      if (grant.code_challenge_method !== 'S256' || createHash('sha256').update(form.code_verifier ?? '').digest('base64url') !== grant.code_challenge) return refuse('pkce');
      const accessToken = randomBytes(16).toString('hex');
      this.accessTokens.set(accessToken, { subject: grant.subject, name: grant.name });
      return json(200, { access_token: accessToken, token_type: 'Bearer', expires_in: 3600, id_token: this.forgedIdToken(grant) });
    }
    if (url.pathname === '/userinfo') {
      const token = String(req.headers.authorization ?? '').replace(/^Bearer /, '');
      const who = this.accessTokens.get(token);
      if (!who) return json(401, { error: 'invalid_token' });
      return json(200, { id: who.subject, sub: who.subject, login: who.subject, name: who.name });
    }
    json(404, { error: 'not_found' });
  }

  private forgedIdToken(grant: Grant & { subject: string; name: string }): string {
    const forge = this.forge;
    this.forge = {};
    const now = Math.floor(Date.now() / 1000);
    const claims = {
      iss: forge.issuer ?? this.issuer,
      aud: forge.audience ?? this.clientId,
      sub: grant.subject,
      name: grant.name,
      nonce: forge.nonce ?? grant.nonce,
      iat: now,
      exp: now + (forge.expiresIn ?? 300),
    };
    if (forge.signature === 'none') return `${Buffer.from(JSON.stringify({ alg: 'none' })).toString('base64url')}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.`;
    if (forge.signature === 'other') return this.idToken(claims, undefined, this.otherKey);
    const token = this.idToken(claims);
    if (forge.signature === 'tamper') {
      const [h, , s] = token.split('.');
      return `${h}.${Buffer.from(JSON.stringify({ ...claims, sub: 'someone-else' })).toString('base64url')}.${s}`;
    }
    return token;
  }
}
