import { CallHandler, ExecutionContext, HttpException, HttpStatus, Injectable, NestInterceptor, Type } from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import { Observable } from 'rxjs';
import { AppError } from '../../../shared/http/app-error';

/** An import file is read into memory whole (it is checked before anything is written): at most this many bytes. */
export const MAX_IMPORT_BYTES = 20 * 1024 * 1024;

/** Reads the multipart field `file` into memory; too large or malformed answers a message, not an HTTP error. */
@Injectable()
export class ImportFileInterceptor implements NestInterceptor {
  private readonly inner: NestInterceptor;

  constructor() {
    const Multer = FileInterceptor('file', { limits: { fileSize: MAX_IMPORT_BYTES, files: 1, fields: 10, parts: 20 } }) as Type<NestInterceptor>;
    this.inner = new Multer();
  }

  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    try {
      return await this.inner.intercept(context, next);
    } catch (error) {
      if (error instanceof HttpException) {
        throw new AppError(error.getStatus() === HttpStatus.PAYLOAD_TOO_LARGE ? 'transfer.file_too_large' : 'transfer.no_file', { max: '20 MB' });
      }
      throw error;
    }
  }
}
