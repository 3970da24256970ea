import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import { AppError } from '../http/app-error';
import { ApiTokenRef, AuthAdmin, AuthenticatedRequest } from '../http/auth.decorators';

/** Who runs a transition, with which `Idempotency-Key`, and the API token it came with (if it did). */
export interface TransitionContext {
  admin: AuthAdmin;
  idempotencyKey?: string;
  token?: ApiTokenRef;
}

const KEY = /^[\w.:-]{1,100}$/;

/** The context of a transition from a request: its admin, its API token, and its `Idempotency-Key` header when sent (checked). */
export function transitionContextOf(request: AuthenticatedRequest): TransitionContext {
  const header = request.headers['idempotency-key'];
  const idempotencyKey = Array.isArray(header) ? header[0] : header;
  if (idempotencyKey !== undefined && !KEY.test(idempotencyKey)) throw new AppError('common.bad_idempotency_key');
  if (!request.admin) throw new AppError('common.please_login_first');
  return { admin: request.admin, idempotencyKey, token: request.admin.apiToken };
}

/**
 * `@Transition() context: TransitionContext` on a controller action: the one place a transition's context is
 * built from a request (the guard has set its admin).
 */
export const Transition = createParamDecorator((_: unknown, ctx: ExecutionContext): TransitionContext => transitionContextOf(ctx.switchToHttp().getRequest<AuthenticatedRequest>()));
