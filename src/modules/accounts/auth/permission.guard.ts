import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { PATH_METADATA } from '@nestjs/common/constants';
import { Reflector } from '@nestjs/core';
import { LoginRequiredError, NoPermissionError, TokenExpiredError } from '../../../shared/http/app-error';
import { AuthenticatedRequest, LOGIN_ONLY_KEY, PUBLIC_KEY } from '../../../shared/http/auth.decorators';
import { areaOf, permissionNode } from '../../../shared/http/permission-node';
import { MemberAccessService } from '../member/services/member-access.service';
import { AdminAccessService } from './admin-access.service';
import { TokenService } from './token.service';

export const ADMIN_LOGIN_ROUTE = '/admin/login';
export const USER_LOGIN_ROUTE = '/user/login';

/** The token a request carries: header first, then the query string (EventSource, <img>). */
export function requestToken(request: AuthenticatedRequest, name: 'batoken' | 'ba-user-token'): string | undefined {
  const value = request.headers[name] ?? (request.query as Record<string, unknown>)[name];
  return typeof value === 'string' && value.length > 0 && value.length < 4096 ? value : undefined;
}

/**
 * Every route under /admin and /api passes here (BuildAdmin's Backend/Frontend initialize):
 * token → account (409 when expired on a login-required action), then the permission node of the route.
 */
@Injectable()
export class PermissionGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly tokens: TokenService,
    private readonly adminAccess: AdminAccessService,
    private readonly memberAccess: MemberAccessService,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const controllerPath = String(Reflect.getMetadata(PATH_METADATA, context.getClass()) ?? '');
    const area = areaOf(controllerPath);
    if (area === 'other') return true;
    const request = context.switchToHttp().getRequest<AuthenticatedRequest>();
    const isPublic = this.flag(PUBLIC_KEY, context);

    if (area === 'admin') {
      await this.resolveAdmin(request, isPublic);
      if (isPublic) return true;
      if (!request.admin) throw new LoginRequiredError(ADMIN_LOGIN_ROUTE);
      if (this.flag(LOGIN_ONLY_KEY, context) || request.admin.isSuper) return true;
      const node = permissionNode(controllerPath, String(Reflect.getMetadata(PATH_METADATA, context.getHandler()) ?? ''));
      if (!request.admin.nodes.has(node)) throw new NoPermissionError();
      return true;
    }

    await this.resolveMember(request, isPublic);
    if (isPublic) return true;
    if (!request.member) throw new LoginRequiredError(USER_LOGIN_ROUTE);
    if (this.flag(LOGIN_ONLY_KEY, context) || request.member.isSuper) return true;
    const node = permissionNode(controllerPath, String(Reflect.getMetadata(PATH_METADATA, context.getHandler()) ?? ''));
    if (!request.member.nodes.has(node)) throw new NoPermissionError();
    return true;
  }

  /** `ba-user-token` → request.member (member rules decide the /api actions that are not public). */
  private async resolveMember(request: AuthenticatedRequest, isPublic: boolean): Promise<void> {
    const token = requestToken(request, 'ba-user-token');
    if (!token) return;
    const check = await this.tokens.checkAccess(token, 'user');
    if (check.state === 'expired' && !isPublic) throw new TokenExpiredError();
    if (check.state !== 'valid') return;
    request.member = (await this.memberAccess.authMember(check.accountId, check.tokenId)) ?? undefined;
  }

  private async resolveAdmin(request: AuthenticatedRequest, isPublic: boolean): Promise<void> {
    const token = requestToken(request, 'batoken');
    if (!token) return;
    const check = await this.tokens.checkAccess(token, 'admin');
    if (check.state === 'expired' && !isPublic) throw new TokenExpiredError();
    if (check.state !== 'valid') return;
    request.admin = (await this.adminAccess.authAdmin(check.accountId, check.tokenId)) ?? undefined;
  }

  private flag(key: string, context: ExecutionContext): boolean {
    return this.reflector.getAllAndOverride<boolean>(key, [context.getHandler(), context.getClass()]) === true;
  }
}
