/**
 * Third-party sign-in (the optional module `oauth`): the providers the sign-in page offers, the authorization
 * URL, the callback, binding an existing account, and the member's linked accounts. Wire types: contract/oauth.ts.
 */
import type { OauthAccountAnswer, OauthAuthorizeAnswer, OauthProviderButton } from '@contract/oauth';
import type { MemberInfo } from '@contract/member';
import request from './request';

export const oauthUrls = {
  providers: '/api/oauth/providers',
  authorize: '/api/oauth/authorize',
  callback: '/api/oauth/callback',
  bind: '/api/oauth/bind',
  links: '/api/account/oauth',
  unbind: '/api/account/oauthUnbind',
};

/** Where the member goes after signing in (`userInfo` carries the tokens). */
export interface OauthSignedIn {
  userInfo: MemberInfo & { token: string; refreshToken: string };
  routePath: string;
}

/** The callback's answer: a session, a link made for the signed-in member, or a bind token. */
export type OauthCallbackAnswer = OauthSignedIn | { linked: true; routePath: string } | { bind_token: string; provider: string; nickname: string; routePath: string };

/** The key under which the browser keeps the state of the sign-in it started (checked on the way back). */
export const OAUTH_STATE_KEY = 'wms-oauth-state';

export function getOauthProviders() {
  return request<{ list: OauthProviderButton[] }>({ url: oauthUrls.providers, method: 'get' }, { showErrorMessage: false });
}

export function oauthAuthorize(provider: number, redirect: string) {
  return request<OauthAuthorizeAnswer>({ url: oauthUrls.authorize, method: 'get', params: { provider, redirect } });
}

export function oauthCallback(code: string, state: string) {
  return request<OauthCallbackAnswer>({ url: oauthUrls.callback, method: 'get', params: { code, state } }, { showErrorMessage: false });
}

export function oauthBind(form: { bind_token: string; username: string; password: string }) {
  return request<OauthSignedIn>({ url: oauthUrls.bind, method: 'post', data: form }, { showSuccessMessage: true });
}

export function getOauthLinks() {
  return request<OauthAccountAnswer>({ url: oauthUrls.links, method: 'get' });
}

export function oauthUnbind(provider: number) {
  return request<OauthAccountAnswer>({ url: oauthUrls.unbind, method: 'post', data: { provider } }, { showSuccessMessage: true });
}

/**
 * Starts a sign-in (or, signed in, a link) with a provider: asks the server for the provider's URL, keeps the
 * state it carries for the way back, and goes there.
 */
export async function startOauth(provider: number, redirect: string): Promise<void> {
  const { data } = await oauthAuthorize(provider, redirect);
  const state = new URL(data.url).searchParams.get('state') ?? '';
  sessionStorage.setItem(OAUTH_STATE_KEY, state);
  window.location.assign(data.url);
}
