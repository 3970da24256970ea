import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { TransactionRunner } from '../../../../shared/database/transaction-runner';
import { unixNow } from '../../../../shared/http/envelope';
import { siteDayOf } from '../../../../shared/time/site-day';
import { SiteConfigService } from '../../../platform';
import { assertStocktakeEditable, checkScope, StocktakeRuleError, StocktakeStatus } from '../../domain/stocktake';
import { OrderNumbers } from '../../persistence/order-numbers';
import { StocktakeEntity } from '../../persistence/order.entities';
import { StocktakeRepository } from '../../persistence/stocktake.repository';
import { SaveStocktakeCommand } from './save-stocktake.command';

/** add / edit of a count (edit: drafts only). The scope must exist and hold together; nothing is read from stock yet. */
@CommandHandler(SaveStocktakeCommand)
export class SaveStocktakeHandler implements ICommandHandler<SaveStocktakeCommand> {
  constructor(
    private readonly transactions: TransactionRunner,
    private readonly stocktakes: StocktakeRepository,
    private readonly numbers: OrderNumbers,
    private readonly siteConfig: SiteConfigService,
  ) {}

  async execute({ input, admin, id }: SaveStocktakeCommand) {
    const savedId = await this.transactions.run(async (manager) => {
      if (id !== undefined) assertStocktakeEditable((await this.stocktakes.lock(manager, id)).stocktake);
      const scope = {
        warehouse_id: Number(input.warehouse_id),
        warehouse_area_id: Number(input.warehouse_area_id ?? 0),
        warehouse_shelf_id: Number(input.warehouse_shelf_id ?? 0),
        category_id: Number(input.category_id ?? 0),
      };
      const names = await this.stocktakes.scopeNames(manager, scope);
      if (!names.warehouse) throw new StocktakeRuleError('unknown_warehouse');
      if (scope.category_id && !names.category) throw new StocktakeRuleError('unknown_category');
      checkScope(scope, names.area ?? undefined, names.shelf ? { ...names.shelf } : undefined);
      const now = unixNow();
      const fields = { ...scope, blind: input.blind ? 1 : 0, remark: input.remark ?? '', updatetime: now };
      if (id !== undefined) {
        await manager.update(StocktakeEntity, { id }, fields);
        return id;
      }
      const number = await this.numbers.next(manager, 'PD', siteDayOf(await this.siteConfig.timeZone(manager))(now));
      const result = await manager.insert(StocktakeEntity, {
        ...fields,
        stocktake_no: number,
        status: StocktakeStatus.draft,
        admin_id: admin.id,
        start_time: null,
        start_admin_id: 0,
        post_time: null,
        post_admin_id: 0,
        createtime: now,
      });
      return Number(result.identifiers[0].id);
    });
    return this.stocktakes.present(this.transactions.manager, savedId);
  }
}
