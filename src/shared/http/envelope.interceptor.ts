import { CallHandler, ExecutionContext, Injectable, NestInterceptor, StreamableFile } from '@nestjs/common';
import { SSE_METADATA } from '@nestjs/common/constants';
import { map, Observable } from 'rxjs';
import { envelope, ResultCode } from './envelope';
import { Reply } from './reply';
import { translate } from './translate';

/** Wraps what a controller returns into `{code: 1, msg, time, data}`; event streams (@Sse) pass through as they are. */
@Injectable()
export class EnvelopeInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (Reflect.getMetadata(SSE_METADATA, context.getHandler())) return next.handle();
    return next.handle().pipe(
      map((result) => {
        if (result instanceof StreamableFile) return result;
        if (context.switchToHttp().getResponse().headersSent) return undefined;
        if (result instanceof Reply) {
          return envelope(ResultCode.success, result.messageKey ? translate(result.messageKey, result.args) : '', result.data ?? null);
        }
        return envelope(ResultCode.success, '', result ?? null);
      }),
    );
  }
}
