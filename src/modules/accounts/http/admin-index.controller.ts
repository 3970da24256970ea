import { Body, Controller, Get, Headers, Ip, Post, Req } from '@nestjs/common';
import type { AdminIndexAnswer } from '../../../../contract/accounts';
import { AlreadyLoggedInError } from '../../../shared/http/app-error';
import { AuthAdmin, AuthenticatedRequest, CurrentAdmin, LoginOnly, Public } from '../../../shared/http/auth.decorators';
import { reply } from '../../../shared/http/reply';
import { isLoginCaptchaEnabled, SiteConfigService, terminalForClient, TerminalSettingsService } from '../../platform';
import { AdminMenuService } from '../auth/admin-menu.service';
import { AdminSessionService } from '../auth/admin-session.service';
import { AdminLoginDto } from './dto/admin-login.dto';

@Controller('admin/index')
export class AdminIndexController {
  constructor(
    private readonly sessions: AdminSessionService,
    private readonly menus: AdminMenuService,
    private readonly siteConfig: SiteConfigService,
    private readonly terminalSettings: TerminalSettingsService,
  ) {}

  @Public()
  @Get('login')
  loginState(@CurrentAdmin() admin?: AuthAdmin) {
    if (admin) throw new AlreadyLoggedInError('/admin');
    return { captcha: isLoginCaptchaEnabled() };
  }

  @Public()
  @Post('login')
  async login(@Body() body: AdminLoginDto, @Ip() ip: string, @Req() request: AuthenticatedRequest) {
    const userInfo = await this.sessions.login({ ...body, ip });
    // the admin log's row of this sign-in carries who signed in
    request.signedIn = { id: userInfo.id, username: userInfo.username };
    return reply({ userInfo, routePath: '/admin' }, 'accounts.login_succeeded');
  }

  @LoginOnly()
  @Get('index')
  async bootstrap(@CurrentAdmin() admin: AuthAdmin): Promise<AdminIndexAnswer> {
    const [info, menus, siteConfig, terminal] = await Promise.all([
      this.sessions.userInfo(admin.id),
      this.menus.menuTree(admin.id),
      this.siteConfig.forClient(),
      this.terminalSettings.read(),
    ]);
    const { token: _token, refreshToken: _refresh, refresh_token: _refreshAlias, ...adminInfo } = info as typeof info & { refresh_token?: string };
    return { adminInfo, menus, siteConfig, terminal: terminalForClient(terminal) };
  }

  @Public()
  @Post('logout')
  async logout(@Headers('batoken') token: string | undefined, @Body() body: { refreshToken?: string; refresh_token?: string }) {
    const refreshToken = body?.refreshToken ?? body?.refresh_token;
    await this.sessions.logout(token, typeof refreshToken === 'string' ? refreshToken : undefined);
    return reply(null, 'accounts.logout_succeeded');
  }
}
