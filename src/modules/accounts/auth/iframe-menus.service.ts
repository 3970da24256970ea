import { Global, Injectable, Module } from '@nestjs/common';
import { TransactionRunner } from '../../../shared/database/transaction-runner';
import { IFRAME_MENUS, IframeMenus } from '../../platform';
import { UserRuleEntity } from '../member/persistence/user-rule.entity';
import { AdminRuleEntity } from '../persistence/admin-rule.entity';

/** The addresses of the enabled iframe menus, admin and member, for the page's frame-src. */
@Injectable()
export class IframeMenusService implements IframeMenus {
  constructor(private readonly transactions: TransactionRunner) {}

  async iframeMenuUrls(): Promise<string[]> {
    const manager = this.transactions.manager;
    const where = { status: 1, menu_type: 'iframe' } as const;
    const [admin, member] = await Promise.all([
      manager.find(AdminRuleEntity, { where, select: { id: true, url: true } }),
      manager.find(UserRuleEntity, { where, select: { id: true, url: true } }),
    ]);
    return [...admin, ...member].map((rule) => rule.url).filter(Boolean);
  }
}

/** Makes IframeMenusService the global IFRAME_MENUS provider (used by the platform's page policy). */
@Global()
@Module({
  providers: [IframeMenusService, { provide: IFRAME_MENUS, useExisting: IframeMenusService }],
  exports: [IFRAME_MENUS],
})
export class IframeMenusModule {}
