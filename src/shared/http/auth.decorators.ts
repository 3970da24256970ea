import { createParamDecorator, ExecutionContext, SetMetadata } from '@nestjs/common';
import { Request } from 'express';

export const PUBLIC_KEY = 'auth:public';
export const LOGIN_ONLY_KEY = 'auth:login-only';
export const SESSION_ONLY_KEY = 'auth:session-only';

/** Anyone may call it (BuildAdmin's noNeedLogin); a valid token is still read when sent. */
export const Public = () => SetMetadata(PUBLIC_KEY, true);

/** Any signed-in account may call it (BuildAdmin's noNeedPermission). */
export const LoginOnly = () => SetMetadata(LOGIN_ONLY_KEY, true);

/**
 * Only a signed-in admin's own session may call it, never an API token, whatever its rules: managing API
 * tokens (a token would mint broader ones) and the admin's own profile and password.
 */
export const SessionOnly = () => SetMetadata(SESSION_ONLY_KEY, true);

/** The API token a request came with (`Authorization: Bearer wms_…` or `batoken`). */
export interface ApiTokenRef {
  id: number;
  name: string;
}

/** The admin behind the request's `batoken`, set by the accounts guard. */
export interface AuthAdmin {
  id: number;
  username: string;
  nickname: string;
  isSuper: boolean;
  /** Lower-cased permission nodes (`auth/admin/add`); empty for super admins, who pass every check. */
  nodes: ReadonlySet<string>;
  tokenId: string;
  /** Set when the request came with an API token: the admin acts through it, with its nodes only. */
  apiToken?: ApiTokenRef;
}

/** The member behind the request's `ba-user-token`. */
export interface AuthMember {
  id: number;
  username: string;
  tokenId: string;
  isSuper: boolean;
  nodes: ReadonlySet<string>;
}

export interface AuthenticatedRequest extends Request {
  admin?: AuthAdmin;
  member?: AuthMember;
  /** The admin a sign-in on this request authenticated (the admin log records its id on the login row). */
  signedIn?: { id: number; username: string };
}

export const CurrentAdmin = createParamDecorator((_: unknown, ctx: ExecutionContext): AuthAdmin | undefined => {
  return ctx.switchToHttp().getRequest<AuthenticatedRequest>().admin;
});

export const CurrentMember = createParamDecorator((_: unknown, ctx: ExecutionContext): AuthMember | undefined => {
  return ctx.switchToHttp().getRequest<AuthenticatedRequest>().member;
});
