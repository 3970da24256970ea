import { Body, Controller, Get, HttpCode, HttpStatus, Ip, Post, Req } from '@nestjs/common';
import { AlreadyLoggedInError, AppError } from '../../../../shared/http/app-error';
import { AuthenticatedRequest, AuthMember, CurrentMember, LoginOnly, Public } from '../../../../shared/http/auth.decorators';
import { reply } from '../../../../shared/http/reply';
import { isLoginCaptchaEnabled, VerificationSenderService } from '../../../platform';
import { requestToken } from '../../auth/permission.guard';
import { MemberAccessService } from '../services/member-access.service';
import { MemberSessionService } from '../services/member-session.service';
import { LogoutDto, MemberLoginDto, MemberRegisterDto } from './dto/member-api.dto';
import { validated } from './dto/member-dto.helpers';

const MEMBER_CENTER = '/user';

/** /api/user: the member-center bootstrap, sign-in / sign-up (checkIn) and sign-out. */
@Controller('api/user')
export class MemberUserController {
  constructor(
    private readonly sessions: MemberSessionService,
    private readonly access: MemberAccessService,
    private readonly sender: VerificationSenderService,
  ) {}

  /** The member center: the member, its sidebar menus (with buttons) and its other rules. */
  @LoginOnly()
  @Get('index')
  async index(@CurrentMember() member: AuthMember) {
    const { menus, rules } = this.access.splitTree(await this.access.ruleTree(member.id));
    return { userInfo: await this.sessions.info(member.id), menus, rules };
  }

  /** Which channels can carry verification codes, and whether sign-in needs the click captcha. */
  @Public()
  @Get('checkIn')
  async checkInState(@CurrentMember() member?: AuthMember) {
    if (member) throw new AlreadyLoggedInError(MEMBER_CENTER);
    return { accountVerificationType: await this.sender.channels(), captcha: isLoginCaptchaEnabled() };
  }

  @Public()
  @Post('checkIn')
  @HttpCode(HttpStatus.OK)
  async checkIn(@Body() body: Record<string, unknown>, @Ip() ip: string, @CurrentMember() member?: AuthMember) {
    if (member) throw new AlreadyLoggedInError(MEMBER_CENTER);
    const tab = body?.tab;
    if (tab === 'login') {
      const input = await validated(MemberLoginDto, body);
      const userInfo = await this.sessions.login({ ...input, ip });
      return reply({ userInfo, routePath: MEMBER_CENTER }, 'accounts.login_succeeded');
    }
    if (tab === 'register') {
      const input = await validated(MemberRegisterDto, body);
      if (!(await this.sender.channels()).includes(input.registerType)) throw new AppError('member.channel_unavailable');
      const userInfo = await this.sessions.register({ ...input, ip });
      return reply({ userInfo, routePath: MEMBER_CENTER }, 'member.register_succeeded');
    }
    throw new AppError('member.unknown_operation');
  }

  /** Revokes the member's access token and the refresh token sent (`refreshToken` or `refresh_token`). */
  @Public()
  @Post('logout')
  @HttpCode(HttpStatus.OK)
  async logout(@Req() request: AuthenticatedRequest, @Body() body: LogoutDto) {
    const refreshToken = body?.refreshToken || body?.refresh_token;
    await this.sessions.logout(requestToken(request, 'ba-user-token'), refreshToken || undefined);
    return reply(null, 'accounts.logout_succeeded');
  }
}
