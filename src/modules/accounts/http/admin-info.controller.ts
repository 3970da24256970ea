import { Body, Controller, Get, Post } from '@nestjs/common';
import { IsEmail, IsOptional, IsString, Matches, MaxLength, ValidateIf } from 'class-validator';
import { Not } from 'typeorm';
import { TransactionRunner } from '../../../shared/database/transaction-runner';
import { AppError } from '../../../shared/http/app-error';
import { AuthAdmin, CurrentAdmin, SessionOnly } from '../../../shared/http/auth.decorators';
import { unixNow } from '../../../shared/http/envelope';
import { reply } from '../../../shared/http/reply';
import { msg } from '../../../shared/http/validation';
import { TokenService } from '../auth/token.service';
import { hashPassword, PASSWORD_PATTERN } from '../domain/password';
import { AdminEntity } from '../persistence/admin.entity';
import { MOBILE_PATTERN } from './dto/admin.dto';

export class EditProfileDto {
  @IsOptional() @IsString() @MaxLength(255, { message: msg('validation.max_length', { max: 255 }) }) avatar?: string;
  @IsOptional() @IsString() @MaxLength(50, { message: msg('validation.max_length', { max: 50 }) }) nickname?: string;
  @IsOptional() @ValidateIf((_, v) => v !== '') @IsEmail({}, { message: msg('validation.email') }) email?: string;
  @IsOptional() @ValidateIf((_, v) => v !== '') @Matches(MOBILE_PATTERN, { message: msg('validation.mobile') }) mobile?: string;
  @IsOptional() @IsString() @MaxLength(255, { message: msg('validation.max_length', { max: 255 }) }) motto?: string;
  @IsOptional() @ValidateIf((_, v) => v !== '') @Matches(PASSWORD_PATTERN, { message: msg('validation.password') }) password?: string;
}

/** The signed-in admin's own profile (username, status and groups are not theirs to change here); never through an API token. */
@SessionOnly()
@Controller('admin/routine.admininfo')
export class AdminInfoController {
  constructor(
    private readonly transactions: TransactionRunner,
    private readonly tokens: TokenService,
  ) {}

  @Get('index')
  async index(@CurrentAdmin() admin: AuthAdmin) {
    const info = await this.transactions.manager.findOneOrFail(AdminEntity, { where: { id: admin.id } });
    const { id, username, nickname, avatar, email, mobile, motto, lastlogintime } = info;
    return { info: { id, username, nickname, avatar, email, mobile, motto, lastlogintime } };
  }

  @Post('edit')
  async edit(@Body() body: EditProfileDto, @CurrentAdmin() admin: AuthAdmin) {
    const onlyAvatar = body.avatar !== undefined && Object.keys(body).every((key) => key === 'avatar' || key === 'id');
    await this.transactions.run(async (manager) => {
      const changes: Partial<AdminEntity> = { updatetime: unixNow() };
      if (body.avatar !== undefined) changes.avatar = body.avatar;
      if (!onlyAvatar) {
        if (!body.nickname) throw new AppError('validation.required', { field: '@fields.nickname' });
        if (body.email && (await manager.count(AdminEntity, { where: { email: body.email, id: Not(admin.id) } }))) throw new AppError('accounts.email_taken');
        if (body.mobile && (await manager.count(AdminEntity, { where: { mobile: body.mobile, id: Not(admin.id) } }))) throw new AppError('accounts.mobile_taken');
        Object.assign(changes, { nickname: body.nickname, email: body.email ?? '', mobile: body.mobile ?? '', motto: body.motto ?? '' });
        if (body.password) changes.password = await hashPassword(body.password);
      }
      await manager.update(AdminEntity, { id: admin.id }, changes);
      // A new password signs out every other session; this one keeps its token.
      if (changes.password) await this.tokens.revokeAllExcept(manager, 'admin', admin.id, admin.tokenId);
    });
    return reply((await this.index(admin)).info, onlyAvatar ? 'accounts.avatar_modified' : 'accounts.profile_updated');
  }
}
