import { MiddlewareConsumer, Module, NestModule, RequestMethod } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { JwtModule } from '@nestjs/jwt';
import { TypeOrmModule } from '@nestjs/typeorm';
import { PlatformModule } from '../platform';
import { MemberLedgerService } from './member/services/member-ledger.service';
import { OrganisationCruds } from './crud/organisation.cruds';
import { DepartmentController, JobController } from './http/organisation.controllers';
import { AdminDepartmentEntity, AdminJobEntity } from './persistence/organisation.entities';
import { AdminAccessService } from './auth/admin-access.service';
import { AdminDirectory } from './auth/admin-directory.service';
import { AdminMenuService } from './auth/admin-menu.service';
import { CrudEnvironmentModule } from './auth/crud-environment';
import { AdminSessionService } from './auth/admin-session.service';
import { IframeMenusModule } from './auth/iframe-menus.service';
import { LoginAttemptsService } from './auth/login-attempts.service';
import { jwtSigningKey } from './auth/jwt-secret';
import { PermissionGuard } from './auth/permission.guard';
import { RefreshSessionService } from './auth/refresh-session.service';
import { TokenService } from './auth/token.service';
import { AdminManagementService } from './auth/admin-management.service';
import { ApiTokenAccessService } from './auth/api-token-access.service';
import { ApiTokenService } from './auth/api-token.service';
import { ApiTokenController } from './http/api-token.controller';
import { ApiTokenEntity } from './persistence/api-token.entity';
import { AdminController } from './http/admin.controller';
import { AdminIndexController } from './http/admin-index.controller';
import { AdminInfoController } from './http/admin-info.controller';
import { AdminLogController } from './http/admin-log.controller';
import { GroupController } from './http/group.controller';
import { RuleController } from './http/rule.controller';
import { AdminLogMiddleware } from './http/admin-log.middleware';
import { AdminActivityLogModule } from './http/admin-activity-log.service';
import { CommonTokenController } from './http/common-token.controller';
import { AdminEntity } from './persistence/admin.entity';
import { AdminGroupAccessEntity, AdminGroupEntity } from './persistence/admin-group.entity';
import { AdminLogEntity } from './persistence/admin-log.entity';
import { AdminRuleEntity } from './persistence/admin-rule.entity';
import { LoginFailureEntity } from './persistence/login-failure.entity';
import { TokenEntity } from './persistence/token.entity';
import { ExternalSignIn } from './member/services/external-sign-in.service';
import { AccountsSeeder } from './seed/accounts.seeder';
import { MemberDirectory } from './member/services/member-directory.service';
import { MEMBER_CONTROLLERS, MEMBER_ENTITIES, MEMBER_MODULES, MEMBER_PROVIDERS } from './member/member.parts';
import { SessionFlow } from './identity/session-flow';
import { ModuleManifest, ModuleRegistry } from '../../shared/modules/module-registry';

/** This context as module management lists it: the accounts themselves, always on. */
export const ACCOUNTS_MODULE: ModuleManifest = { name: 'accounts', title: 'module.title.accounts', version: '1.0.0', core: true, routes: [], menus: [], jobs: [] };

/**
 * The member center (the members' own sign-in, sign-up and account pages): optional. While it is off its
 * routes answer 404, the front bootstrap says `openMemberCenter: false` with no member menus; the back
 * office keeps managing the member accounts (`user.*` pages), whose data stays.
 */
export const MEMBER_MODULE: ModuleManifest = {
  name: 'member',
  title: 'module.title.member',
  version: '1.0.0',
  core: false,
  routes: ['/api/user/', '/api/account/'],
  menus: ['account'],
  jobs: [],
};

@Module({
  imports: [
    TypeOrmModule.forFeature([AdminEntity, AdminGroupEntity, AdminGroupAccessEntity, AdminRuleEntity, AdminLogEntity, TokenEntity, LoginFailureEntity, ApiTokenEntity, AdminDepartmentEntity, AdminJobEntity]),
    JwtModule.registerAsync({ useFactory: () => ({ secret: jwtSigningKey(), signOptions: { algorithm: 'HS256' }, verifyOptions: { algorithms: ['HS256'] } }) }),
    PlatformModule,
    CrudEnvironmentModule,
    AdminActivityLogModule,
    IframeMenusModule,
    TypeOrmModule.forFeature(MEMBER_ENTITIES),
    ...MEMBER_MODULES,
  ],
  controllers: [AdminIndexController, CommonTokenController, AdminController, GroupController, RuleController, AdminLogController, AdminInfoController, ApiTokenController, DepartmentController, JobController, ...MEMBER_CONTROLLERS],
  providers: [
    { provide: APP_GUARD, useClass: PermissionGuard },
    TokenService,
    AdminAccessService,
    AdminMenuService,
    AdminSessionService,
    SessionFlow,
    LoginAttemptsService,
    AdminManagementService,
    ApiTokenAccessService,
    ApiTokenService,
    RefreshSessionService,
    AccountsSeeder,
    AdminDirectory,
    OrganisationCruds,
    ...MEMBER_PROVIDERS,
  ],
  exports: [AccountsSeeder, AdminAccessService, AdminDirectory, MemberDirectory, MemberLedgerService, ExternalSignIn],
})
export class AccountsModule implements NestModule {
  constructor(modules: ModuleRegistry) {
    modules.declare(ACCOUNTS_MODULE);
    modules.declare(MEMBER_MODULE);
  }

  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(AdminLogMiddleware).forRoutes({ path: 'admin/*path', method: RequestMethod.ALL });
  }
}
