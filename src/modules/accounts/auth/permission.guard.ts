import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { PATH_METADATA } from '@nestjs/common/constants';
import { Reflector } from '@nestjs/core';
import { LoginRequiredError, NoPermissionError, TokenExpiredError } from '../../../shared/http/app-error';
import { AuthAdmin, AuthenticatedRequest, AuthMember, LOGIN_ONLY_KEY, PUBLIC_KEY, SESSION_ONLY_KEY } from '../../../shared/http/auth.decorators';
import { areaOf, permissionNode } from '../../../shared/http/permission-node';
import { MemberAccessService } from '../member/services/member-access.service';
import { isApiToken } from '../domain/api-token';
import { AdminAccessService } from './admin-access.service';
import { ApiTokenAccessService } from './api-token-access.service';
import { TokenService } from './token.service';

export const ADMIN_LOGIN_ROUTE = '/admin/login';
export const USER_LOGIN_ROUTE = '/user/login';

/**
 * The token a request carries: header first, then (admin area only) `Authorization: Bearer <token>`, then the
 * query string (EventSource, <img>).
 */
export function requestToken(request: AuthenticatedRequest, name: 'batoken' | 'ba-user-token'): string | undefined {
  const bearer = name === 'batoken' ? /^Bearer (\S+)$/i.exec(String(request.headers.authorization ?? ''))?.[1] : undefined;
  const value = request.headers[name] ?? bearer ?? (request.query as Record<string, unknown>)[name];
  return typeof value === 'string' && value.length > 0 && value.length < 4096 ? value : undefined;
}

/** What the guard needs to know of an identity: where its token travels, what it is, where it signs in. */
interface GuardedIdentity {
  header: 'batoken' | 'ba-user-token';
  tokenKind: 'admin' | 'user';
  loginRoute: string;
  /** The request field the account goes to (read by @CurrentAdmin / @CurrentMember). */
  slot: 'admin' | 'member';
  account(accountId: number, tokenId: string): Promise<AuthAdmin | AuthMember | null>;
}

/**
 * Every route under /admin and /api passes here (BuildAdmin's Backend/Frontend initialize), one path for
 * both identities: the route's area picks the identity (/admin → admin, /api → member); its token → the
 * account (409 when expired on a login-required action), then the permission node of the route against
 * the account's rules.
 */
@Injectable()
export class PermissionGuard implements CanActivate {
  private readonly identities: Record<'admin' | 'api', GuardedIdentity>;

  constructor(
    private readonly reflector: Reflector,
    private readonly tokens: TokenService,
    private readonly apiTokens: ApiTokenAccessService,
    adminAccess: AdminAccessService,
    memberAccess: MemberAccessService,
  ) {
    this.identities = {
      admin: { header: 'batoken', tokenKind: 'admin', loginRoute: ADMIN_LOGIN_ROUTE, slot: 'admin', account: (id, tokenId) => adminAccess.authAdmin(id, tokenId) },
      api: { header: 'ba-user-token', tokenKind: 'user', loginRoute: USER_LOGIN_ROUTE, slot: 'member', account: (id, tokenId) => memberAccess.authMember(id, tokenId) },
    };
  }

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const controllerPath = String(Reflect.getMetadata(PATH_METADATA, context.getClass()) ?? '');
    const area = areaOf(controllerPath);
    if (area === 'other') return true;
    const identity = this.identities[area === 'admin' ? 'admin' : 'api'];
    const request = context.switchToHttp().getRequest<AuthenticatedRequest>();
    const isPublic = this.flag(PUBLIC_KEY, context);

    const account = await this.resolve(identity, request, isPublic);
    if (isPublic) return true;
    if (!account) throw new LoginRequiredError(identity.loginRoute);
    if ((account as AuthAdmin).apiToken && this.flag(SESSION_ONLY_KEY, context)) throw new NoPermissionError();
    if (this.flag(LOGIN_ONLY_KEY, context) || account.isSuper) return true;
    const node = permissionNode(controllerPath, String(Reflect.getMetadata(PATH_METADATA, context.getHandler()) ?? ''));
    if (!account.nodes.has(node)) throw new NoPermissionError();
    return true;
  }

  /** The request's token of this identity → its account, set on the request (nothing when absent or invalid). */
  private async resolve(identity: GuardedIdentity, request: AuthenticatedRequest, isPublic: boolean): Promise<AuthAdmin | AuthMember | undefined> {
    const token = requestToken(request, identity.header);
    if (!token) return undefined;
    if (identity.slot === 'admin' && isApiToken(token)) return this.resolveApiToken(request, token, isPublic);
    const check = await this.tokens.checkAccess(token, identity.tokenKind);
    if (check.state === 'expired' && !isPublic) throw new TokenExpiredError();
    if (check.state !== 'valid') return undefined;
    const account = (await identity.account(check.accountId, check.tokenId)) ?? undefined;
    if (identity.slot === 'admin') request.admin = account as AuthAdmin | undefined;
    else request.member = account as AuthMember | undefined;
    return account;
  }

  /** An API token → the admin it acts for, with the token's nodes (an expired one on a login-required action: code 409). */
  private async resolveApiToken(request: AuthenticatedRequest, token: string, isPublic: boolean): Promise<AuthAdmin | undefined> {
    const check = await this.apiTokens.check(token, String(request.ip ?? ''));
    if (check.state === 'expired' && !isPublic) throw new TokenExpiredError('common.api_token_expired');
    if (check.state !== 'valid') return undefined;
    request.admin = check.admin;
    return check.admin;
  }

  private flag(key: string, context: ExecutionContext): boolean {
    return this.reflector.getAllAndOverride<boolean>(key, [context.getHandler(), context.getClass()]) === true;
  }
}
