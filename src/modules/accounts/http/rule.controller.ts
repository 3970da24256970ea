import { Controller } from '@nestjs/common';
import { CrudKit } from '../../../shared/crud';
import { SiteConfigService } from '../../platform';
import { TransactionRunner } from '../../../shared/database/transaction-runner';
import { AdminAccessService } from '../auth/admin-access.service';
import { RuleTreeController } from '../identity/rule-tree.controller';
import { RuleTreeService } from '../identity/rule-tree.service';
import { AdminGroupEntity } from '../persistence/admin-group.entity';
import { AdminRuleEntity } from '../persistence/admin-rule.entity';
import { RuleDto } from './dto/group-rule.dto';

/**
 * `/admin/auth.Rule`: the admin rule tree (menu folders, pages, buttons). An operator who is not a super
 * admin sees and touches only the rules its groups hold (RuleTreeService says the rest).
 */
@Controller('admin/auth.rule')
export class RuleController extends RuleTreeController(RuleDto) {
  constructor(kit: CrudKit, transactions: TransactionRunner, siteConfig: SiteConfigService, access: AdminAccessService) {
    super(
      new RuleTreeService<AdminRuleEntity, RuleDto>(kit, transactions, siteConfig, {
        rule: AdminRuleEntity,
        group: AdminGroupEntity,
        pageTypes: new Set(['menu']),
        ownFields: (input) => ({ keepalive: input.keepalive ?? 0 }),
        held: async (operator) => {
          if (operator.isSuper) return null;
          const { rules, ruleIds } = await access.rightsOf(operator.id);
          return { rules, ids: ruleIds };
        },
      }),
    );
  }
}
