/**
 * Third-party sign-in (the optional module `oauth`): provider kinds, the presets the admin form offers and
 * the member-side answers. The server answers and the web app reads exactly these.
 */

/** 1 OpenID Connect (endpoints discovered from the issuer), 2 OAuth 2.0 (explicit endpoints). */
export const OAUTH_TYPES = { oidc: 1, oauth2: 2 } as const;
export type OauthType = (typeof OAUTH_TYPES)[keyof typeof OAUTH_TYPES];

/** Endpoints of well-known OAuth 2.0 providers, offered by the admin form (client id and secret are the site's). */
export interface OauthPreset {
  key: string;
  name: string;
  type: OauthType;
  authorize_url: string;
  token_url: string;
  userinfo_url: string;
  id_field: string;
  scopes: string;
}

export const OAUTH_PRESETS: readonly OauthPreset[] = [
  {
    key: 'github',
    name: 'GitHub',
    type: 2,
    authorize_url: 'https://github.com/login/oauth/authorize',
    token_url: 'https://github.com/login/oauth/access_token',
    userinfo_url: 'https://api.github.com/user',
    id_field: 'id',
    scopes: 'read:user',
  },
  {
    key: 'gitee',
    name: 'Gitee',
    type: 2,
    authorize_url: 'https://gitee.com/oauth/authorize',
    token_url: 'https://gitee.com/oauth/token',
    userinfo_url: 'https://gitee.com/api/v5/user',
    id_field: 'id',
    scopes: 'user_info',
  },
];

/** A provider as the sign-in page lists it (`GET /api/oauth/providers`). */
export interface OauthProviderButton {
  id: number;
  name: string;
}

/** `GET /api/oauth/authorize`: where the browser goes next. */
export interface OauthAuthorizeAnswer {
  url: string;
}

/** A member's linked account (`GET /api/account/oauth`). */
export interface OauthLinkView {
  provider_id: number;
  provider_name: string;
  nickname: string;
  createtime: number;
}

/** `GET /api/account/oauth`: the member's links and the providers it could still link. */
export interface OauthAccountAnswer {
  links: OauthLinkView[];
  providers: OauthProviderButton[];
}
