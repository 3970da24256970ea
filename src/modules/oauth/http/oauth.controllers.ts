import { Body, Controller, Get, HttpCode, HttpStatus, Ip, Post, Query, Req } from '@nestjs/common';
import { Request } from 'express';
import { CrudController, CrudKit, CrudService, ListResult } from '../../../shared/crud';
import { AuthMember, CurrentMember, Public } from '../../../shared/http/auth.decorators';
import { reply } from '../../../shared/http/reply';
import { OAUTH_LOG_CRUD, OAUTH_PROVIDER_CRUD } from '../crud/oauth.cruds';
import { OauthLogEntity, OauthProviderEntity } from '../persistence/oauth.entities';
import { OauthSignIn } from '../services/oauth-sign-in.service';
import { OauthBindDto, OauthUnbindDto } from './dto/oauth.dto';

/** `user.OauthProvider`: the sign-in providers (the guard checks `user/oauthprovider/<action>`). */
@Controller('admin/user.OauthProvider')
export class OauthProviderController extends CrudController<OauthProviderEntity> {
  constructor(kit: CrudKit) {
    super(new CrudService(kit, OAUTH_PROVIDER_CRUD));
  }
}

/** `user.OauthLog`: every sign-in attempt through a provider (read only). */
@Controller('admin/user.OauthLog')
export class OauthLogController {
  private readonly crud: CrudService<OauthLogEntity>;

  constructor(kit: CrudKit) {
    this.crud = new CrudService(kit, OAUTH_LOG_CRUD);
  }

  @Get('index')
  index(@Query() query: Record<string, unknown>): Promise<ListResult> {
    return this.crud.list(query, { controllerPath: 'user/oauthlog' });
  }
}

/**
 * The address the provider sends the browser back to: the site's page (`/?oauth_callback=1`, where the web
 * app takes the code and state to `GET /api/oauth/callback`). `SITE_URL` names the site; without it, the
 * request's own origin (the provider only accepts a redirect_uri registered with it).
 */
function redirectUriOf(request: Request): string {
  const site = (process.env.SITE_URL ?? '').replace(/\/+$/, '') || `${request.protocol}://${request.get('host')}`;
  return `${site}/?oauth_callback=1`;
}

/** /api/oauth: the member side of third-party sign-in (public: the member is not signed in yet). */
@Controller('api/oauth')
export class OauthController {
  constructor(private readonly oauth: OauthSignIn) {}

  /** The enabled providers, for the sign-in page. */
  @Public()
  @Get('providers')
  async providers() {
    return { list: await this.oauth.providers() };
  }

  /** `{url}` of the provider's authorization page; a signed-in member's request links the account to it instead. */
  @Public()
  @Get('authorize')
  authorize(@Query('provider') provider: unknown, @Query('redirect') redirect: unknown, @Req() request: Request, @Ip() ip: string, @CurrentMember() member?: AuthMember) {
    return this.oauth.authorize(Number(provider), redirect, redirectUriOf(request), { memberId: member?.id ?? 0, ip });
  }

  @Public()
  @Get('callback')
  async callback(@Query('code') code: unknown, @Query('state') state: unknown, @Ip() ip: string, @CurrentMember() member?: AuthMember) {
    const answer = await this.oauth.callback(code, state, { memberId: member?.id ?? 0, ip });
    if (answer.kind === 'signed_in') return reply({ userInfo: answer.userInfo, routePath: answer.routePath }, answer.registered ? 'member.register_succeeded' : 'accounts.login_succeeded');
    if (answer.kind === 'linked') return reply({ linked: true, routePath: answer.routePath }, 'oauth.linked');
    return reply({ bind_token: answer.bind_token, provider: answer.provider, nickname: answer.nickname, routePath: answer.routePath }, 'oauth.bind_needed');
  }

  @Public()
  @Post('bind')
  @HttpCode(HttpStatus.OK)
  async bind(@Body() body: OauthBindDto, @Ip() ip: string) {
    const answer = await this.oauth.bind(body.bind_token, body.username, body.password, { memberId: 0, ip });
    return reply(answer, 'oauth.bound');
  }
}

/** /api/account/oauth and oauthUnbind: the member's linked accounts (member rules `account/oauth`, `account/oauthUnbind`). */
@Controller('api/account')
export class AccountOauthController {
  constructor(private readonly oauth: OauthSignIn) {}

  @Get('oauth')
  links(@CurrentMember() member: AuthMember) {
    return this.oauth.accountLinks(member.id);
  }

  @Post('oauthUnbind')
  @HttpCode(HttpStatus.OK)
  async unbind(@CurrentMember() member: AuthMember, @Body() body: OauthUnbindDto, @Ip() ip: string) {
    await this.oauth.unbind(member.id, body.provider, ip);
    return reply(await this.oauth.accountLinks(member.id), 'oauth.unbound');
  }
}
