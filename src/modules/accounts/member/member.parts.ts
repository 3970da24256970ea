/**
 * The member center inside the accounts context: what accounts.module.ts registers (entities, controllers,
 * providers, modules), gathered here so the module file only spreads these lists.
 */
import { ExternalSignIn } from './services/external-sign-in.service';
import { MessagingModule } from '../../platform';
import { AccountController } from './http/account.controller';
import { AdminMemberController } from './http/admin-member.controller';
import { AdminMemberGroupController } from './http/admin-member-group.controller';
import { AdminMemberRuleController } from './http/admin-member-rule.controller';
import { AdminMoneyLogController, AdminScoreLogController } from './http/admin-balance-log.controller';
import { FrontIndexController } from './http/front-index.controller';
import { MemberUserController } from './http/member-user.controller';
import { UserMoneyLogEntity, UserScoreLogEntity } from './persistence/balance-log.entity';
import { UserGroupEntity } from './persistence/user-group.entity';
import { UserRuleEntity } from './persistence/user-rule.entity';
import { UserEntity } from './persistence/user.entity';
import { MemberSeeder } from './seed/member.seeder';
import { MemberAccessService } from './services/member-access.service';
import { MemberAccountService } from './services/member-account.service';
import { MemberAdminService } from './services/member-admin.service';
import { MemberContactsModule } from './services/member-contacts.service';
import { MemberDirectory } from './services/member-directory.service';
import { MemberLedgerService } from './services/member-ledger.service';
import { MemberSessionService } from './services/member-session.service';

export const MEMBER_ENTITIES = [UserEntity, UserGroupEntity, UserRuleEntity, UserMoneyLogEntity, UserScoreLogEntity];

export const MEMBER_MODULES = [MessagingModule, MemberContactsModule];

export const MEMBER_CONTROLLERS = [
  FrontIndexController,
  MemberUserController,
  AccountController,
  AdminMemberController,
  AdminMemberGroupController,
  AdminMemberRuleController,
  AdminMoneyLogController,
  AdminScoreLogController,
];

export const MEMBER_PROVIDERS = [MemberAccessService, MemberSessionService, MemberAccountService, MemberLedgerService, MemberAdminService, MemberSeeder, MemberDirectory, ExternalSignIn];
