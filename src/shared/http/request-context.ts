import { AsyncLocalStorage } from 'node:async_hooks';
import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import { Observable } from 'rxjs';
import { AuthenticatedRequest } from './auth.decorators';

const current = new AsyncLocalStorage<AuthenticatedRequest>();

/** Who made the change being recorded (recycle bin, sensitive-data log): the signed-in admin and the address. */
export interface Actor {
  adminId: number;
  username: string;
  ip: string;
  useragent: string;
}

/**
 * The request being handled, for code far from the controller that records who did something (the CRUD
 * kernel's change journal). Set by RequestContextInterceptor, i.e. after the guards have read the token.
 */
export function currentActor(): Actor {
  const request = current.getStore();
  return {
    adminId: request?.admin?.id ?? 0,
    username: request?.admin?.username ?? '',
    ip: String(request?.ip ?? '').slice(0, 50),
    useragent: String(request?.headers?.['user-agent'] ?? '').slice(0, 255),
  };
}

/** Runs each handler (and everything it awaits) with its request reachable through currentActor(). */
@Injectable()
export class RequestContextInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const request = context.switchToHttp().getRequest<AuthenticatedRequest>();
    return new Observable((subscriber) => current.run(request, () => next.handle().subscribe(subscriber)));
  }
}
