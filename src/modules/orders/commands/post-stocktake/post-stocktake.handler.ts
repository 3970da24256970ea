import { randomUUID } from 'node:crypto';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { unixNow } from '../../../../shared/http/envelope';
import { FormType, StockEventType, StockLedger, streamIdOf } from '../../../inventory';
import { MasterDataReader } from '../../../master-data';
import { postStocktake, StocktakeStatus, streamKeyOf } from '../../domain/stocktake';
import { StocktakeRepository } from '../../persistence/stocktake.repository';
import { operatorName } from '../goods-order-audit';
import { StocktakeTransitions } from '../stocktake-transitions';
import { PostStocktakeCommand } from './post-stocktake.command';

/**
 * post (counting → posted, every line counted): the streams of every line are locked before their stock is
 * read, so the variance (counted − book at start − net movements since) is decided on stock no one else can
 * change before this commits; one ledger event per non-zero variance (80 gain, 90 loss) at the product's
 * price, all or nothing. A second post finds the count posted (or, with the same Idempotency-Key, answers
 * the count as it is).
 */
@CommandHandler(PostStocktakeCommand)
export class PostStocktakeHandler implements ICommandHandler<PostStocktakeCommand> {
  constructor(
    private readonly transitions: StocktakeTransitions,
    private readonly stocktakes: StocktakeRepository,
    private readonly catalogue: MasterDataReader,
    private readonly ledger: StockLedger,
  ) {}

  execute({ id, context }: PostStocktakeCommand) {
    return this.transitions.run(id, 'posted', context, async (manager, { stocktake, lines }) => {
      postStocktake(stocktake, lines, new Map()); // refuses a count not counting or not fully counted before locking stock
      const locked = await this.ledger.streams(
        manager,
        lines.map((l) => ({ productId: l.product_id, shelfId: l.warehouse_shelf_id })),
      );
      const current = new Map(lines.map((l) => [streamKeyOf(l), locked.get(streamIdOf(l.product_id, l.warehouse_shelf_id, l.lot_no ?? ''))?.quantity ?? 0]));
      const posted = postStocktake(stocktake, lines, current);
      const products = await this.catalogue.products(manager, lines.map((l) => l.product_id));
      const priceOf = (productId: number) => products.get(productId)?.price ?? '0.00';
      const now = unixNow();
      await this.transitions.guardedUpdate(manager, id, { status: StocktakeStatus.posted, post_time: now, post_admin_id: context.admin.id, updatetime: now }, StocktakeStatus.counting);
      const byId = new Map(lines.map((l) => [l.id, l]));
      // every line is posted: its expected quantity, variance and the price its variance is valued at
      await this.stocktakes.setLineValues(manager, new Map(posted.map((p) => [p.id, { expected_quantity: p.expected_quantity, variance: p.variance, price: priceOf(byId.get(p.id)!.product_id) }])));
      const events = await this.ledger.record(
        manager,
        posted
          .filter((p) => p.variance !== 0)
          .map((p) => {
            const line = byId.get(p.id)!;
            return {
              type: StockEventType.counted,
              formType: p.variance > 0 ? FormType.countGain : FormType.countLoss,
              productId: line.product_id,
              shelfId: line.warehouse_shelf_id,
              quantity: p.variance,
              price: priceOf(line.product_id),
              // exactly the counted stream (lot), never an allocation
              lotNo: line.lot_no ?? '',
            };
          }),
        { order_type: 'stocktake', order_id: id, order_no: stocktake.stocktake_no, admin_id: context.admin.id, operator: operatorName(context.admin), command_id: randomUUID(), occurredAt: now },
      );
      return events.map((e) => e.id);
    });
  }
}
