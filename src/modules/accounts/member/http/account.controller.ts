import { Body, Controller, Get, HttpCode, HttpStatus, Post, Query } from '@nestjs/common';
import { AppError } from '../../../../shared/http/app-error';
import { AuthMember, CurrentMember, LoginOnly, Public } from '../../../../shared/http/auth.decorators';
import { reply } from '../../../../shared/http/reply';
import { isLoginCaptchaEnabled, VerificationSenderService } from '../../../platform';
import { isCalendarDate } from '../domain/member-account';
import { MemberAccountService } from '../services/member-account.service';
import { MemberSessionService } from '../services/member-session.service';
import { ChangeBindDto, ChangePasswordDto, ProfileDto, RetrievePasswordDto, VerificationDto } from './dto/member-api.dto';

/**
 * /api/account: the member's own account. Each action is checked against the member's rules
 * (`account/overview`, …) except verification and changeBind (any signed-in member) and
 * retrievePassword (public).
 */
@Controller('api/account')
export class AccountController {
  constructor(
    private readonly accounts: MemberAccountService,
    private readonly sessions: MemberSessionService,
    private readonly sender: VerificationSenderService,
  ) {}

  @Get('overview')
  overview(@CurrentMember() member: AuthMember) {
    return this.accounts.overview(member.id);
  }

  @Get('profile')
  async profile(@CurrentMember() member: AuthMember) {
    return { accountVerificationType: await this.sender.channels(), captcha: isLoginCaptchaEnabled(), userInfo: await this.sessions.info(member.id) };
  }

  @Post('profile')
  @HttpCode(HttpStatus.OK)
  async saveProfile(@CurrentMember() member: AuthMember, @Body() body: ProfileDto) {
    if (body.birthday && !isCalendarDate(body.birthday)) throw new AppError('member.invalid_date', { field: '@fields.birthday' });
    const userInfo = await this.accounts.updateProfile(member.id, body);
    return reply({ userInfo }, 'member.profile_updated');
  }

  @LoginOnly()
  @Post('verification')
  @HttpCode(HttpStatus.OK)
  verification(@CurrentMember() member: AuthMember, @Body() body: VerificationDto) {
    return this.accounts.verification(member.id, body.type, body.captcha);
  }

  @LoginOnly()
  @Post('changeBind')
  @HttpCode(HttpStatus.OK)
  async changeBind(@CurrentMember() member: AuthMember, @Body() body: ChangeBindDto) {
    const userInfo = await this.accounts.changeBind(member.id, body);
    return reply({ userInfo }, 'member.bind_changed');
  }

  @Post('changePassword')
  @HttpCode(HttpStatus.OK)
  async changePassword(@CurrentMember() member: AuthMember, @Body() body: ChangePasswordDto) {
    await this.accounts.changePassword(member, body.oldPassword, body.newPassword);
    return reply(null, 'member.password_changed');
  }

  @Get('balance')
  balance(@CurrentMember() member: AuthMember, @Query('page') page?: string, @Query('limit') limit?: string) {
    return this.accounts.log('money', member.id, page, limit);
  }

  @Get('integral')
  integral(@CurrentMember() member: AuthMember, @Query('page') page?: string, @Query('limit') limit?: string) {
    return this.accounts.log('score', member.id, page, limit);
  }

  @Public()
  @Post('retrievePassword')
  @HttpCode(HttpStatus.OK)
  async retrievePassword(@Body() body: RetrievePasswordDto) {
    await this.accounts.retrievePassword(body);
    return reply(null, 'member.password_reset');
  }
}
