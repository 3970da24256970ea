import { Controller } from '@nestjs/common';
import { CrudKit } from '../../../../shared/crud';
import { SiteConfigService } from '../../../platform';
import { TransactionRunner } from '../../../../shared/database/transaction-runner';
import { RuleTreeController } from '../../identity/rule-tree.controller';
import { RuleTreeService } from '../../identity/rule-tree.service';
import { UserGroupEntity } from '../persistence/user-group.entity';
import { UserRuleEntity } from '../persistence/user-rule.entity';
import { MemberRuleDto } from './dto/member-admin.dto';

/** Member rule types that show a page or a link (they keep `menu_type` and `component`). */
const MEMBER_PAGE_TYPES = new Set(['menu', 'route', 'nav', 'nav_user_menu']);

/**
 * `/admin/user.Rule`: member rules (route, menu_dir, menu, nav_user_menu, nav, button) as a tree, on the
 * same RuleTreeService as admin rules. Any admin holding these routes manages every member rule; only a
 * super admin renames one (member groups grant rules by id and the member guard reads their names).
 */
@Controller('admin/user.rule')
export class AdminMemberRuleController extends RuleTreeController(MemberRuleDto) {
  constructor(kit: CrudKit, transactions: TransactionRunner, siteConfig: SiteConfigService) {
    super(
      new RuleTreeService<UserRuleEntity, MemberRuleDto>(kit, transactions, siteConfig, {
        rule: UserRuleEntity,
        group: UserGroupEntity,
        pageTypes: MEMBER_PAGE_TYPES,
        ownFields: (input) => ({ no_login_valid: input.no_login_valid ?? 0 }),
        held: async () => null,
      }),
    );
  }
}
