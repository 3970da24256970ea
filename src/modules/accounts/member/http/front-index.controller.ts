import { Controller, Get, NotFoundException, Query, Req } from '@nestjs/common';
import { LoginRequiredError, TokenExpiredError } from '../../../../shared/http/app-error';
import { AuthenticatedRequest, Public } from '../../../../shared/http/auth.decorators';
import { ModuleRegistry } from '../../../../shared/modules/module-registry';
import { SiteConfigService } from '../../../platform';
import { requestToken, USER_LOGIN_ROUTE } from '../../auth/permission.guard';
import { TokenService } from '../../auth/token.service';
import { MemberAccessService } from '../services/member-access.service';
import { MemberSessionService } from '../services/member-session.service';

/**
 * GET /api/index/index: the front bootstrap (site, whether the member center is open, the optional modules'
 * states, member info, the member's front rules and menus).
 */
@Controller('api/index')
export class FrontIndexController {
  constructor(
    private readonly siteConfig: SiteConfigService,
    private readonly access: MemberAccessService,
    private readonly sessions: MemberSessionService,
    private readonly tokens: TokenService,
    private readonly modules: ModuleRegistry,
  ) {}

  @Public()
  @Get('index')
  async index(@Req() request: AuthenticatedRequest, @Query('requiredLogin') requiredLogin?: string) {
    const config = await this.siteConfig.forClient();
    const site = { siteName: config.siteName, recordNumber: config.recordNumber, version: config.version, cdnUrl: config.cdnUrl, timeZone: config.timeZone, upload: config.upload };
    // the member center is an optional module: while it is off the front shows no member center at all
    // every optional module's state (1 | 0): the web app hides its links into a disabled one
    const modules = await this.modules.optionalStates();
    const openMemberCenter = modules.member !== 0;
    const member = openMemberCenter ? request.member : undefined;
    if (!member) {
      // a member-center page while the member center is off: there is no such page
      if (!openMemberCenter && (requiredLogin === '1' || requiredLogin === 'true')) throw new NotFoundException();
      if (requiredLogin === '1' || requiredLogin === 'true') {
        // A member-center page: an expired token asks the client to refresh (409), none to sign in (302).
        const token = requestToken(request, 'ba-user-token');
        if (token && (await this.tokens.checkAccess(token, 'user')).state === 'expired') throw new TokenExpiredError();
        throw new LoginRequiredError(USER_LOGIN_ROUTE);
      }
      return { site, openMemberCenter, modules, userInfo: null, rules: await this.access.visitorRules(), menus: [] };
    }
    const { menus, rules } = this.access.splitTree(await this.access.ruleTree(member.id));
    // the token the member is signed in with, as the framework answers it: its client stores userInfo whole
    // and an empty token there signs the member out
    const token = requestToken(request, 'ba-user-token') ?? '';
    return { site, openMemberCenter, modules, userInfo: await this.sessions.info(member.id, undefined, token), rules, menus };
  }
}
