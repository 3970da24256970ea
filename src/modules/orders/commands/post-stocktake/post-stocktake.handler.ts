import { randomUUID } from 'node:crypto';
import { eventUnitOf } from '../../domain/line-units';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { unixNow } from '../../../../shared/http/envelope';
import { TransitionRunner } from '../../../../shared/transitions';
import { FormType, StockEventType, StockLedger } from '../../../inventory';
import { MasterDataReader } from '../../../master-data';
import { postStocktake, StocktakeStatus } from '../../domain/stocktake';
import { StocktakeRepository } from '../../persistence/stocktake.repository';
import { operatorName } from '../goods-order-audit';
import { PostStocktakeCommand } from './post-stocktake.command';

/**
 * post (counting → posted, every line counted): each line's variance is counted − the book at the version its
 * stream had when the line was last counted (book at start + net movements up to it, read from the ledger by
 * stream version), so movements before the count are honoured and movements after it are not a variance; one
 * ledger event per non-zero variance (80 gain, 90 loss) at the product's price, all or nothing. A second post finds the
 * count posted (or, with the same Idempotency-Key, answers the count as it is).
 */
@CommandHandler(PostStocktakeCommand)
export class PostStocktakeHandler implements ICommandHandler<PostStocktakeCommand> {
  constructor(
    private readonly transitions: TransitionRunner,
    private readonly stocktakes: StocktakeRepository,
    private readonly catalogue: MasterDataReader,
    private readonly ledger: StockLedger,
  ) {}

  execute({ id, context }: PostStocktakeCommand) {
    return this.transitions.run(this.stocktakes, id, 'posted', context, async ({ manager, state: { stocktake, lines }, write }) => {
      // each line's book at the version it was counted at, from the ledger; a line counted before versions
      // were kept is taken at its stream now, read under lock so it holds until this commits
      const figures = postStocktake(stocktake, lines, await this.stocktakes.books(manager, lines, true));
      // a serial-tracked line (§14): the serials missing (expected, not counted) go out, the extra ones (counted,
      // not expected) come in; its variance is their difference, counted against the serials it was counted at
      const byLine = new Map(lines.map((l) => [l.id, l]));
      const serialDiff = new Map(lines.filter((l) => l.counted_serials).map((l) => [l.id, serialVariance(l.book_serials ?? [], l.counted_serials ?? [])]));
      const posted = figures.map((p) => {
        const diff = serialDiff.get(p.id);
        if (!diff) return p;
        const variance = diff.extra.length - diff.missing.length;
        return { ...p, variance, expected_quantity: (byLine.get(p.id)!.counted_quantity ?? 0) - variance };
      });
      const products = await this.catalogue.products(manager, lines.map((l) => l.product_id));
      const priceOf = (productId: number) => products.get(productId)?.price ?? '0.00';
      const now = unixNow();
      await write({ status: StocktakeStatus.posted, post_time: now, post_admin_id: context.admin.id, updatetime: now }, { status: StocktakeStatus.counting });
      const byId = new Map(lines.map((l) => [l.id, l]));
      // every line is posted: its expected quantity, variance and the price its variance is valued at
      await this.stocktakes.setLineValues(manager, new Map(posted.map((p) => [p.id, { expected_quantity: p.expected_quantity, variance: p.variance, price: priceOf(byId.get(p.id)!.product_id) }])));
      const event = (line: (typeof lines)[number], quantity: number, serials?: string[]) => ({
        type: StockEventType.counted,
        formType: quantity > 0 ? FormType.countGain : FormType.countLoss,
        productId: line.product_id,
        shelfId: line.warehouse_shelf_id,
        quantity,
        price: priceOf(line.product_id),
        lotNo: line.lot_no ?? '',
        ...(serials ? { serials } : {}),
      });
      // serials missing first (a serial counted on another line's shelf leaves its own before it arrives there)
      const serialEvents = [
        ...[...serialDiff].filter(([, d]) => d.missing.length).map(([lineId, d]) => event(byId.get(lineId)!, -d.missing.length, d.missing)),
        ...[...serialDiff].filter(([, d]) => d.extra.length).map(([lineId, d]) => event(byId.get(lineId)!, d.extra.length, d.extra)),
      ];
      await this.ledger.record(
        manager,
        [...serialEvents, ...posted
          .filter((p) => p.variance !== 0 && !serialDiff.has(p.id))
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
              // the unit the line was last counted in (§14)
              ...eventUnitOf(line),
            };
          })],
        { order_type: 'stocktake', order_id: id, order_no: stocktake.stocktake_no, admin_id: context.admin.id, operator: operatorName(context.admin), command_id: randomUUID(), occurredAt: now },
        { products },
      );
    });
  }
}

/** A serial-tracked count line: the serials expected but not counted (missing) and counted but not expected (extra). */
export function serialVariance(expected: readonly string[], counted: readonly string[]): { missing: string[]; extra: string[] } {
  const was = new Set(expected);
  const is = new Set(counted);
  return { missing: expected.filter((s) => !is.has(s)), extra: counted.filter((s) => !was.has(s)) };
}
