import { AsyncLocalStorage } from 'node:async_hooks';
import { NextFunction, Response } from 'express';
import { AuthenticatedRequest } from './auth.decorators';

/**
 * What code far from the controller needs of the request it runs for: who makes it (the CRUD kernel's change
 * journal records the actor) and the site version its token check read (the per-process caches). One
 * AsyncLocalStorage for all of it: every store adds work to every promise the request creates, and Nest's
 * interceptors bind each handler to its async context once per interceptor.
 */
export interface RequestScope {
  request?: AuthenticatedRequest;
  /** The site version read along with the token check (shared/cache/site-version.ts). */
  siteVersion?: number;
}

const scope = new AsyncLocalStorage<RequestScope>();

/**
 * Express middleware: the rest of the request runs in its own scope. Mounted after the body parsers (their
 * stream callbacks would leave it). The guards later set `admin` / `member` on this same request object.
 */
export function requestScope(req: AuthenticatedRequest, _res: Response, next: NextFunction): void {
  scope.run({ request: req }, next);
}

/** The current request's scope; undefined outside a request (jobs, scripts, specs calling a bus directly). */
export function currentScope(): RequestScope | undefined {
  return scope.getStore();
}

/** Who made the change being recorded (recycle bin, sensitive-data log): the signed-in admin and the address. */
export interface Actor {
  adminId: number;
  username: string;
  ip: string;
  useragent: string;
}

/** The admin (set by the guards) and address of the request the caller runs for; nobody outside a request. */
export function currentActor(): Actor {
  const request = scope.getStore()?.request;
  return {
    adminId: request?.admin?.id ?? 0,
    username: request?.admin?.username ?? '',
    ip: String(request?.ip ?? '').slice(0, 50),
    useragent: String(request?.headers?.['user-agent'] ?? '').slice(0, 255),
  };
}
