import { Body, Controller, Get, HttpCode, HttpStatus, Post, Query, Req } from '@nestjs/common';
import { Request } from 'express';
import { AppError } from '../../../../shared/http/app-error';
import { CurrentAdmin, CurrentMember, LoginOnly } from '../../../../shared/http/auth.decorators';
import type { AuthAdmin, AuthMember } from '../../../../shared/http/auth.decorators';
import { Reply, reply } from '../../../../shared/http/reply';
import { CloudTicket, CloudUploadService } from '../cloud/cloud-upload.service';
import { UploadedFile } from '../upload.service';

const originOf = (request: Request) => `${request.protocol}://${request.get('host') ?? 'localhost'}`;

/**
 * `/admin/Cos`: cloud upload for any signed-in admin (like `ajax/upload`, no permission node).
 * `GET refreshToken?name&size&type&sha1&topic` → what the browser needs to upload that file into the
 * bucket; `POST callback {url, name, size, type, sha1, topic}` → the recorded attachment.
 */
@Controller('admin/Cos')
export class AdminCosController {
  constructor(private readonly cloud: CloudUploadService) {}

  @LoginOnly()
  @Get('refreshToken')
  refreshToken(@Query() query: Record<string, unknown>, @CurrentAdmin() admin: AuthAdmin | undefined): Promise<CloudTicket> {
    if (!admin) throw new AppError('common.please_login_first');
    return this.cloud.refreshToken(query, { adminId: admin.id, userId: 0 });
  }

  @LoginOnly()
  @Post('callback')
  @HttpCode(HttpStatus.OK)
  async callback(@Body() body: Record<string, unknown>, @Req() request: Request, @CurrentAdmin() admin: AuthAdmin | undefined): Promise<Reply<{ file: UploadedFile }>> {
    if (!admin) throw new AppError('common.please_login_first');
    const file = await this.cloud.callback(body ?? {}, { adminId: admin.id, userId: 0 }, originOf(request));
    return reply({ file }, 'platform.upload.uploaded');
  }
}

/** `/api/Cos`: the same for a signed-in member (`ba-user-token`). */
@Controller('api/Cos')
export class MemberCosController {
  constructor(private readonly cloud: CloudUploadService) {}

  @LoginOnly()
  @Get('refreshToken')
  refreshToken(@Query() query: Record<string, unknown>, @CurrentMember() member: AuthMember | undefined): Promise<CloudTicket> {
    if (!member) throw new AppError('common.please_login_first');
    return this.cloud.refreshToken(query, { adminId: 0, userId: member.id });
  }

  @LoginOnly()
  @Post('callback')
  @HttpCode(HttpStatus.OK)
  async callback(@Body() body: Record<string, unknown>, @Req() request: Request, @CurrentMember() member: AuthMember | undefined): Promise<Reply<{ file: UploadedFile }>> {
    if (!member) throw new AppError('common.please_login_first');
    const file = await this.cloud.callback(body ?? {}, { adminId: 0, userId: member.id }, originOf(request));
    return reply({ file }, 'platform.upload.uploaded');
  }
}
