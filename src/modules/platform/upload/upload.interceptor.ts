import { CallHandler, ExecutionContext, HttpException, HttpStatus, Injectable, NestInterceptor, Type } from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import { Observable } from 'rxjs';
import { AppError } from '../../../shared/http/app-error';
import { UploadService } from './upload.service';
import { StreamingUploadEngine } from './upload-engine';

/** Nothing larger is read at all, whatever the configured maximum says. */
export const UPLOAD_HARD_CAP = 1024 ** 3;

/**
 * Reads the multipart field `file` with the streaming engine (limit: the configured maximum, read per
 * request) and turns multer's refusals into the upload messages: a part past the hard cap "exceeds the
 * allowed range", a wrong field name or a malformed body is "incomplete".
 */
@Injectable()
export class UploadFileInterceptor implements NestInterceptor {
  private readonly inner: NestInterceptor;

  constructor(uploads: UploadService) {
    const storage = new StreamingUploadEngine(() => uploads.maxSize());
    const Multer = FileInterceptor('file', { storage, limits: { fileSize: UPLOAD_HARD_CAP, files: 1, fields: 20, parts: 30, fieldSize: 64 * 1024 } }) as Type<NestInterceptor>;
    this.inner = new Multer();
  }

  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    try {
      return await this.inner.intercept(context, next);
    } catch (error) {
      if (error instanceof HttpException) {
        const key = error.getStatus() === HttpStatus.PAYLOAD_TOO_LARGE ? 'platform.upload.size_exceeded' : 'platform.upload.incomplete';
        throw new AppError(key);
      }
      throw error;
    }
  }
}
