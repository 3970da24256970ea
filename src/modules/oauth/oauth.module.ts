import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AccountsModule } from '../accounts';
import { ModuleManifest, ModuleRegistry } from '../../shared/modules/module-registry';
import { PlatformModule } from '../platform';
import { AccountOauthController, OauthController, OauthLogController, OauthProviderController } from './http/oauth.controllers';
import { OauthLogEntity, OauthProviderEntity, OauthTicketEntity, UserOauthEntity } from './persistence/oauth.entities';
import { OauthSignIn } from './services/oauth-sign-in.service';

export const OAUTH_MODULE: ModuleManifest = {
  name: 'oauth',
  title: 'module.title.oauth',
  version: '1.0.0',
  core: false,
  // `/api/account/oauth` also covers `oauthUnbind`
  routes: ['/admin/user.oauth', '/api/oauth/', '/api/account/oauth'],
  menus: ['user/oauthProvider', 'user/oauthLog', 'account/oauth'],
  jobs: [],
};

/**
 * Third-party sign-in (the optional module `oauth`): providers and their log in the back office, and the
 * member side — authorize, callback, bind, the linked accounts. Its routes are all here, so the module can be
 * switched off as a whole; sessions are the accounts context's (ExternalSignIn).
 */
@Module({
  imports: [TypeOrmModule.forFeature([OauthProviderEntity, OauthTicketEntity, UserOauthEntity, OauthLogEntity]), AccountsModule, PlatformModule],
  controllers: [OauthProviderController, OauthLogController, OauthController, AccountOauthController],
  providers: [OauthSignIn],
})
export class OauthModule {
  constructor(modules: ModuleRegistry) {
    modules.declare(OAUTH_MODULE);
  }
}
