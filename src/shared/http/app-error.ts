import { ResultCode } from './envelope';

export type MessageArgs = Record<string, string | number>;

/**
 * A business failure answered with a non-1 code, with HTTP 200 unless `httpStatus` says otherwise. `messageKey`
 * is an i18n key (`namespace.key`) translated by the exception filter in the caller's language.
 */
export class AppError extends Error {
  constructor(
    readonly messageKey: string,
    readonly args: MessageArgs = {},
    readonly code: number = ResultCode.failure,
    readonly data: unknown = null,
    readonly httpStatus: number = 200,
  ) {
    super(messageKey);
  }
}

/**
 * A request that conflicts with one already made (an `Idempotency-Key` used before for another subject):
 * HTTP 409 with the envelope code 0 — never the envelope code 409, which the clients read as "token expired".
 */
export class ConflictError extends AppError {
  constructor(messageKey: string, args: MessageArgs = {}) {
    super(messageKey, args, ResultCode.failure, null, 409);
  }
}

export class LoginRequiredError extends AppError {
  constructor(routePath: string) {
    super('common.please_login_first', {}, ResultCode.redirect, { routePath });
  }
}

export class AlreadyLoggedInError extends AppError {
  constructor(routePath: string) {
    super('common.already_logged_in', {}, ResultCode.redirect, { routePath });
  }
}

export class NoPermissionError extends AppError {
  constructor() {
    super('common.no_permission', {}, ResultCode.noPermission, null);
  }
}

export class TokenExpiredError extends AppError {
  constructor(messageKey = 'common.token_expired') {
    super(messageKey, {}, ResultCode.tokenExpired, null);
  }
}

/** A request the kernel could not parse (answered HTTP 400). */
export class BadRequestError extends AppError {
  constructor(messageKey = 'common.bad_request', args: MessageArgs = {}) {
    super(messageKey, args);
  }
}
