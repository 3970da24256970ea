import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { unixNow } from '../../../../shared/http/envelope';
import { TransitionRunner } from '../../../../shared/transitions';
import { StockInScopeReader } from '../../../inventory';
import { MasterDataReader } from '../../../master-data';
import { startStocktake, StocktakeStatus } from '../../domain/stocktake';
import { StocktakeRepository } from '../../persistence/stocktake.repository';
import { StartStocktakeCommand } from './start-stocktake.command';

/**
 * start (draft → counting): one line per stock stream in scope holding stock, with the stream's quantity and
 * version read under lock (the book at start; later events of the stream are movements during the count).
 */
@CommandHandler(StartStocktakeCommand)
export class StartStocktakeHandler implements ICommandHandler<StartStocktakeCommand> {
  constructor(
    private readonly transitions: TransitionRunner,
    private readonly stocktakes: StocktakeRepository,
    private readonly scope: StockInScopeReader,
    private readonly catalogue: MasterDataReader,
  ) {}

  execute({ id, context }: StartStocktakeCommand) {
    return this.transitions.run(this.stocktakes, id, 'started', context, async ({ manager, state: { stocktake }, write }) => {
      startStocktake(stocktake, [], () => '0.00'); // refuses a count that is not a draft before reading stock
      const book = await this.scope.streams(manager, {
        warehouseId: stocktake.warehouse_id,
        areaId: stocktake.warehouse_area_id || undefined,
        shelfId: stocktake.warehouse_shelf_id || undefined,
        categoryId: stocktake.category_id || undefined,
      });
      const products = await this.catalogue.products(manager, book.map((s) => s.product_id));
      const lines = startStocktake(stocktake, book, (productId) => products.get(productId)?.price ?? '0.00');
      const now = unixNow();
      await write({ status: StocktakeStatus.counting, start_time: now, start_admin_id: context.admin.id, updatetime: now }, { status: StocktakeStatus.draft });
      await this.stocktakes.insertLines(manager, id, lines);
    });
  }
}
