import { Body, Controller, Get, HttpCode, HttpStatus, NotFoundException, Post, Req, Res, UseInterceptors } from '@nestjs/common';
import { Request, Response } from 'express';
import { AppError } from '../../../../shared/http/app-error';
import { AuthenticatedRequest, CurrentAdmin, CurrentMember, LoginOnly } from '../../../../shared/http/auth.decorators';
import type { AuthAdmin, AuthMember } from '../../../../shared/http/auth.decorators';
import { Reply, reply } from '../../../../shared/http/reply';
import { ReceivedFile } from '../upload-engine';
import { UploadFileInterceptor } from '../upload.interceptor';
import { UploadedFile, UploadService } from '../upload.service';
import { isImage, suffixOf } from '../upload-rules';
import { fileOfUrl, isFile } from '../upload-storage';

type UploadRequest = AuthenticatedRequest & { file?: ReceivedFile };

function origin(request: Request): string {
  return `${request.protocol}://${request.get('host') ?? 'localhost'}`;
}

/** The topic from the multipart fields or the query string. */
function topicOf(request: UploadRequest, body: Record<string, unknown> | undefined): unknown {
  return body?.topic ?? (request.query as Record<string, unknown>).topic;
}

/** `POST /admin/ajax/upload`: any signed-in admin (BuildAdmin's ajax actions need no rule). */
@Controller('admin/ajax')
export class AdminUploadController {
  constructor(private readonly uploads: UploadService) {}

  @LoginOnly()
  @Post('upload')
  @HttpCode(HttpStatus.OK)
  @UseInterceptors(UploadFileInterceptor)
  async upload(@Req() request: UploadRequest, @Body() body: Record<string, unknown>, @CurrentAdmin() admin: AuthAdmin | undefined): Promise<Reply<{ file: UploadedFile }>> {
    if (!admin) throw new AppError('common.please_login_first');
    const file = await this.uploads.upload(request.file, topicOf(request, body), { adminId: admin.id, userId: 0 }, origin(request));
    return reply({ file }, 'platform.upload.uploaded');
  }
}

/** `POST /api/ajax/upload`: a signed-in member (`ba-user-token`); the guard refuses everyone else. */
@Controller('api/ajax')
export class MemberUploadController {
  constructor(private readonly uploads: UploadService) {}

  @LoginOnly()
  @Post('upload')
  @HttpCode(HttpStatus.OK)
  @UseInterceptors(UploadFileInterceptor)
  async upload(@Req() request: UploadRequest, @Body() body: Record<string, unknown>, @CurrentMember() member: AuthMember | undefined): Promise<Reply<{ file: UploadedFile }>> {
    if (!member) throw new AppError('common.please_login_first');
    const file = await this.uploads.upload(request.file, topicOf(request, body), { adminId: 0, userId: member.id }, origin(request));
    return reply({ file }, 'platform.upload.uploaded');
  }
}

/**
 * `GET /storage/...`: the stored files, from the same origin. Only plain paths below the upload folder are
 * answered (anything else is 404). Images are shown inline; other files download. A sandboxing CSP keeps a
 * stored HTML or SVG file from running script in the site's origin.
 */
@Controller('storage')
export class StorageController {
  @Get('*path')
  async serve(@Req() request: Request, @Res() response: Response): Promise<void> {
    const file = fileOfUrl(request.path);
    if (!file || !(await isFile(file))) throw new NotFoundException();
    const suffix = suffixOf(file);
    response.setHeader('X-Content-Type-Options', 'nosniff');
    response.setHeader('Content-Security-Policy', "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; sandbox");
    response.setHeader('Cross-Origin-Resource-Policy', 'same-origin');
    if (!isImage(file, '') || suffix === 'svg') response.setHeader('Content-Disposition', 'attachment');
    await new Promise<void>((resolve, reject) => {
      response.sendFile(file, { dotfiles: 'deny', maxAge: '7d', immutable: false }, (error) => {
        if (!error) return resolve();
        if (response.headersSent) return resolve();
        reject(new NotFoundException());
      });
    });
  }
}
