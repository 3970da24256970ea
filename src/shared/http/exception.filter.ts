import { ArgumentsHost, Catch, ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import { Request, Response } from 'express';
import { I18nContext, I18nService } from 'nestjs-i18n';
import { describeDatabaseError, isBusy, isDatabaseUnavailable } from '../database/database-errors';
import { AppError } from './app-error';
import { envelope, ResultCode } from './envelope';
import { INPUT_TOO_DEEP, QUERYSTRING_TOO_DEEP } from './input-depth';
import { DEFAULT_LANGUAGE, LANGUAGES, translate } from './translate';

const HTTP_MESSAGES: Record<number, string> = {
  [HttpStatus.BAD_REQUEST]: 'common.bad_request',
  [HttpStatus.NOT_FOUND]: 'common.not_found',
  [HttpStatus.PAYLOAD_TOO_LARGE]: 'common.payload_too_large',
  [HttpStatus.METHOD_NOT_ALLOWED]: 'common.not_found',
};

/**
 * Turns every failure into the envelope. Business errors answer HTTP 200 with their code; framework
 * errors keep their HTTP status; anything unexpected is logged here and answered as a bare 500, so no
 * stack trace or SQL text ever reaches a client.
 */
@Catch()
export class EnvelopeExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('Unhandled');

  constructor(private readonly i18n: I18nService) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const response = host.switchToHttp().getResponse<Response>();
    if (response.headersSent) {
      this.logger.error(describe(exception));
      response.end();
      return;
    }
    const i18n = I18nContext.current(host) ?? this.contextFor(host.switchToHttp().getRequest<Request>());
    if (exception instanceof AppError) {
      response.status(exception.httpStatus).json(envelope(exception.code, translate(exception.messageKey, exception.args, i18n), exception.data));
      return;
    }
    if (isDatabaseUnavailable(exception)) {
      // An outage, not a fault: one line per request, and the client is told to try again shortly.
      this.logger.warn(`database unavailable (${describeDatabaseError(exception)}): ${host.switchToHttp().getRequest<Request>().path}`);
      response.status(HttpStatus.SERVICE_UNAVAILABLE).setHeader('Retry-After', '5');
      // Conflicts that never settled: the database works but is busy; "try again" is the whole answer.
      response.json(envelope(ResultCode.failure, translate(isBusy(exception) ? 'common.database_busy' : 'common.service_unavailable', {}, i18n), null));
      return;
    }
    const status = statusOf(exception);
    if (status >= 500) this.logger.error(describe(exception));
    const key = isTooDeep(exception) ? 'common.input_too_deep' : (HTTP_MESSAGES[status] ?? (status >= 500 ? 'common.server_error' : 'common.bad_request'));
    response.status(status).json(envelope(ResultCode.failure, translate(key, {}, i18n), null));
  }

  /** Failures raised before the i18n middleware ran (body parsing) still answer in the caller's language. */
  private contextFor(request: Request): I18nContext {
    const asked = String(queryLang(request) ?? request.headers['think-lang'] ?? '').toLowerCase();
    const lang = (LANGUAGES as readonly string[]).includes(asked) ? asked : DEFAULT_LANGUAGE;
    return new I18nContext(lang, this.i18n);
  }
}

/** `?lang=`, when the query string can be read at all (one nested too deeply throws when it is parsed). */
function queryLang(request: Request): unknown {
  try {
    return request.query?.lang;
  } catch {
    return undefined;
  }
}

/** A body or query string refused for its nesting (shared/http/input-depth). */
function isTooDeep(exception: unknown): boolean {
  const type = (exception as { type?: unknown })?.type;
  return type === INPUT_TOO_DEEP || type === QUERYSTRING_TOO_DEEP;
}

function statusOf(exception: unknown): number {
  if (exception instanceof HttpException) return exception.getStatus();
  // body-parser errors (malformed JSON, too large) carry their own status.
  const status = (exception as { status?: unknown; statusCode?: unknown })?.status ?? (exception as { statusCode?: unknown })?.statusCode;
  return typeof status === 'number' && status >= 400 && status < 600 ? status : HttpStatus.INTERNAL_SERVER_ERROR;
}

function describe(exception: unknown): string {
  return exception instanceof Error ? (exception.stack ?? exception.message) : String(exception);
}
