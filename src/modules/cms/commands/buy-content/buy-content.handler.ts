import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import type { BoughtContent } from '../../../../../contract/cms';
import { MemberLedgerService } from '../../../accounts';
import { TransactionRunner } from '../../../../shared/database/transaction-runner';
import { isDuplicateKey } from '../../../../shared/database/sql-dialect';
import { unixNow } from '../../../../shared/http/envelope';
import { CmsRuleError } from '../../domain/cms-errors';
import { assertMayRead, isPublished } from '../../domain/content';
import { chargeOf } from '../../domain/paid-content';
import { CmsContentEntity, CmsPayLogEntity } from '../../persistence/cms.entities';
import { BuyContentCommand } from './buy-content.command';


/**
 * `POST /api/cms/buy`: one transaction that first claims the (member, content) pay-log row — its unique key
 * makes a second buy of the same member wait for the first and then fail as a duplicate, so concurrent
 * buys charge once — and then takes the price from the balance or the score through the members' ledger
 * (a log row under the member's row lock, never below zero). Not enough balance or score rolls the claim
 * back: all or nothing.
 */
@CommandHandler(BuyContentCommand)
export class BuyContentHandler implements ICommandHandler<BuyContentCommand> {
  constructor(
    private readonly transactions: TransactionRunner,
    private readonly ledger: MemberLedgerService,
  ) {}

  async execute({ contentId, memberId }: BuyContentCommand): Promise<BoughtContent> {
    const content = await this.transactions.manager.findOne(CmsContentEntity, {
      where: { id: contentId },
      select: { id: true, title: true, status: true, publish_time: true, allow_visit_groups: true, price: true, currency: true },
    });
    if (!content || !isPublished(content, unixNow())) throw new CmsRuleError('content_not_found');
    assertMayRead(content.allow_visit_groups, true);
    const charge = chargeOf(content.price, content.currency);
    if (!charge) throw new CmsRuleError('content_free');
    const amount = charge.kind === 'money' ? content.price : `${charge.amount}.00`;
    return this.transactions.run(async (manager) => {
      const now = unixNow();
      let id: number;
      try {
        const { identifiers } = await manager.insert(CmsPayLogEntity, { content_id: content.id, user_id: memberId, title: content.title.slice(0, 200), currency: content.currency, amount, log_id: 0, createtime: now });
        id = Number(identifiers[0].id);
      } catch (error) {
        if (isDuplicateKey(error)) throw new CmsRuleError('already_bought');
        throw error;
      }
      const log = await this.ledger.changeWith(manager, charge.kind, memberId, -charge.amount, `[cms #${content.id}] ${content.title}`.slice(0, 255));
      await manager.update(CmsPayLogEntity, { id }, { log_id: log.id });
      return { id, content_id: content.id, currency: content.currency, amount };
    });
  }
}
