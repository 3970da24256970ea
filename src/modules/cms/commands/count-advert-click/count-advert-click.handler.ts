import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { TransactionRunner } from '../../../../shared/database/transaction-runner';
import { CmsRuleError } from '../../domain/cms-errors';
import { CmsAdvertEntity } from '../../persistence/cms.entities';
import { AdvertReader } from '../../queries/advert/advert.reader';
import { CountAdvertClickCommand } from './count-advert-click.command';

/**
 * Counts one click of a showing advert with one guarded statement (`clicks = clicks + 1 WHERE id = ? AND
 * status = 1`: concurrent clicks lose none) and answers where it leads.
 */
@CommandHandler(CountAdvertClickCommand)
export class CountAdvertClickHandler implements ICommandHandler<CountAdvertClickCommand> {
  constructor(
    private readonly adverts: AdvertReader,
    private readonly transactions: TransactionRunner,
  ) {}

  async execute({ advertId }: CountAdvertClickCommand): Promise<{ url: string }> {
    const advert = await this.adverts.showing().select(['advert.id', 'advert.link']).andWhere('advert.id = :id', { id: advertId }).getOne();
    if (!advert) throw new CmsRuleError('advert_not_found');
    await this.transactions.manager.createQueryBuilder().update(CmsAdvertEntity).set({ clicks: () => 'clicks + 1' }).where('id = :id AND status = 1', { id: advertId }).execute();
    return { url: advert.link };
  }
}
