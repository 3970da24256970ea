import type { JsonWebKey } from 'node:crypto';
import { OutboundPolicy, OutboundRefusedError } from '../../../shared/outbound/outbound-guard';
import { outboundRequest } from '../../../shared/outbound/outbound-request';
import { AppError } from '../../../shared/http/app-error';
import { OauthProviderEntity } from '../persistence/oauth.entities';

/**
 * Calls to a provider go through the outbound guard (https only, public addresses only, redirects refused;
 * `OUTBOUND_ALLOW_PRIVATE=1` lifts that for a stand-in on loopback, as for the other providers). The URLs
 * called are the provider's configured ones and those its issuer's discovery document names — never a URL
 * from a request: a request names a provider by id, and its code and state travel as form values.
 */
export const OAUTH_CALLS: OutboundPolicy = { allowPrivateVariable: 'OUTBOUND_ALLOW_PRIVATE' };

const TIMEOUT_MS = 8000;
const MAX_BYTES = 256 * 1024;

/** A provider's endpoints: configured (OAuth 2.0) or discovered from its issuer (OpenID Connect). */
export interface ProviderEndpoints {
  authorize: string;
  token: string;
  userinfo: string;
  /** OpenID Connect only. */
  jwks: string;
  issuer: string;
}

export type Jwk = JsonWebKey & { kid?: string; use?: string; alg?: string };

/** A provider call that failed: unreachable, refused by the guard, or an answer that is not what OAuth says. */
export class ProviderCallError extends AppError {
  constructor(detail: string) {
    super('oauth.provider_unavailable', { detail: detail.slice(0, 200) });
  }
}

async function getJson(url: string, headers: Record<string, string> = {}): Promise<Record<string, unknown>> {
  try {
    const answer = await outboundRequest(url, { method: 'GET', headers: { accept: 'application/json', 'user-agent': 'wms-oauth/1', ...headers }, timeoutMs: TIMEOUT_MS, maxBytes: MAX_BYTES }, OAUTH_CALLS);
    const body = answer.json<Record<string, unknown>>();
    if (!answer.ok || !body || typeof body !== 'object' || Array.isArray(body)) throw new ProviderCallError(`${new URL(url).host} answered ${answer.status}`);
    return body;
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new ProviderCallError(error instanceof OutboundRefusedError ? `${error.reason}: ${error.detail}` : String((error as Error).message));
  }
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** The endpoints of a provider; an OpenID Connect issuer's discovery document must name the same issuer. */
export async function endpointsOf(provider: OauthProviderEntity): Promise<ProviderEndpoints> {
  if (provider.type !== 1) return { authorize: provider.authorize_url, token: provider.token_url, userinfo: provider.userinfo_url, jwks: '', issuer: '' };
  const issuer = provider.issuer.replace(/\/+$/, '');
  const document = await getJson(`${issuer}/.well-known/openid-configuration`);
  if (text(document.issuer).replace(/\/+$/, '') !== issuer) throw new ProviderCallError('the discovery document names another issuer');
  const endpoints = { authorize: text(document.authorization_endpoint), token: text(document.token_endpoint), userinfo: text(document.userinfo_endpoint), jwks: text(document.jwks_uri), issuer: text(document.issuer) };
  if (!endpoints.authorize || !endpoints.token || !endpoints.jwks) throw new ProviderCallError('the discovery document lacks an endpoint');
  return endpoints;
}

/** The provider's signing keys (its JWKS). */
export async function keysOf(endpoints: ProviderEndpoints): Promise<Jwk[]> {
  const set = await getJson(endpoints.jwks);
  return Array.isArray(set.keys) ? (set.keys.filter((k) => typeof k === 'object' && k !== null) as Jwk[]).slice(0, 50) : [];
}

/** The authorization code exchanged for tokens (client secret in the body, PKCE verifier, the same redirect_uri). */
export async function exchangeCode(provider: OauthProviderEntity, endpoints: ProviderEndpoints, code: string, verifier: string, redirectUri: string): Promise<Record<string, unknown>> {
  const body = new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: redirectUri, client_id: provider.client_id, client_secret: provider.client_secret, code_verifier: verifier }).toString();
  let answer;
  try {
    answer = await outboundRequest(
      endpoints.token,
      { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json', 'user-agent': 'wms-oauth/1' }, body, timeoutMs: TIMEOUT_MS, maxBytes: MAX_BYTES },
      OAUTH_CALLS,
    );
  } catch (error) {
    throw new ProviderCallError(error instanceof OutboundRefusedError ? `${error.reason}: ${error.detail}` : String((error as Error).message));
  }
  // GitHub answers form-encoded unless asked for JSON; both are read
  const tokens = answer.json<Record<string, unknown>>() ?? Object.fromEntries(new URLSearchParams(answer.text));
  if (!answer.ok || typeof tokens !== 'object' || !tokens || tokens.error || !text(tokens.access_token)) throw new AppError('oauth.code_refused');
  return tokens;
}

/** The provider's userinfo for an access token. */
export function userinfoOf(endpoints: ProviderEndpoints, accessToken: string): Promise<Record<string, unknown>> {
  return getJson(endpoints.userinfo, { authorization: `Bearer ${accessToken}` });
}
