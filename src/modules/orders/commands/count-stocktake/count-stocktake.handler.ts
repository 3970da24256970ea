import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { unixNow } from '../../../../shared/http/envelope';
import { TransitionRunner } from '../../../../shared/transitions';
import { AppError } from '../../../../shared/http/app-error';
import { LOT_NO_MAX_LENGTH, normalizedSerials, normalizeLotNo, SerialProjection, StockLedger, streamIdOf } from '../../../inventory';
import { MasterDataReader } from '../../../master-data';
import { OrderRuleError } from '../../domain/order-errors';
import { CountOfFound, CountOfLine, countStocktake, StocktakeRuleError, StocktakeStatus } from '../../domain/stocktake';
import { BASE_UNIT } from '../../domain/line-units';
import { LineUnits } from '../line-units';
import { serialsText, StocktakeRepository } from '../../persistence/stocktake.repository';
import { CountStocktakeCommand } from './count-stocktake.command';

/**
 * count (counting; repeatable, the last count of a line wins): sets counted quantities, each with the version
 * its stream has now (the post takes the variance at it), and adds a line with a book of 0 for each found item
 * (a product on a shelf in scope that the book lacks). The versions are a plain read: any committed version is
 * a true "when it was counted", and a count never waits for the stock postings of other commands.
 */
@CommandHandler(CountStocktakeCommand)
export class CountStocktakeHandler implements ICommandHandler<CountStocktakeCommand> {
  constructor(
    private readonly transitions: TransitionRunner,
    private readonly stocktakes: StocktakeRepository,
    private readonly catalogue: MasterDataReader,
    private readonly ledger: StockLedger,
    private readonly units: LineUnits,
    private readonly serials: SerialProjection,
  ) {}

  execute({ id, lines: counts, context }: CountStocktakeCommand) {
    let requests = counts;
    return this.transitions.run(this.stocktakes, id, 'counted', context, async ({ manager, state: { stocktake, lines }, write }) => {
      // counted in a unit (§14): base quantities from here on; each counted line keeps the unit of its last count
      const productOfLine = new Map(lines.map((l) => [l.id, l.product_id]));
      const entered = await this.units.enter(manager, requests, (r) => ('id' in r ? (productOfLine.get((r as CountOfLine).id) ?? 0) : (r as CountOfFound).product_id));
      requests = requests.map((r, index) => (entered[index] ? { ...r, counted_quantity: entered[index]!.quantity } : r));
      const unitOfLine = new Map(requests.flatMap((r, index) => ('id' in r ? [[r.id, entered[index]?.unit ?? BASE_UNIT] as const] : [])));
      const named = requests.flatMap((r) => ('id' in r ? [] : [r]));
      const unitOfFound = new Map(requests.flatMap((r, index) => ('id' in r ? [] : [[r, entered[index]?.unit ?? BASE_UNIT] as const])));
      const [shelves, products] = await Promise.all([this.catalogue.shelves(manager, named.map((r) => r.warehouse_shelf_id)), this.catalogue.products(manager, named.map((r) => r.product_id))]);
      const live = new Map([...shelves].filter(([, s]) => !s.deleted));
      named.forEach((r, index) => {
        const product = products.get(r.product_id);
        if (!product || product.deleted) throw new OrderRuleError('unknown_product', { line: index + 1 });
        // a found item is one stream: a lot-tracked product names its lot, any other product none
        const lotNo = normalizeLotNo(r.lot_no);
        const name = `${product.name} (${product.product_no})`;
        if (lotNo === null) throw new AppError('lots.bad_lot_no', { lot: String(r.lot_no).slice(0, 40), max: LOT_NO_MAX_LENGTH });
        if (product.lot_tracked && !lotNo) throw new StocktakeRuleError('lot_required', { product: name });
        if (!product.lot_tracked && lotNo) throw new StocktakeRuleError('lot_not_tracked', { product: name });
        r.lot_no = lotNo;
      });
      // serials (§14): a serial-tracked line counts the serials scanned (its counted quantity is how many)
      const lineOf = new Map(lines.map((l) => [l.id, l]));
      const tracked = await this.catalogue.products(manager, [...lines.map((l) => l.product_id), ...named.map((r) => r.product_id)]);
      requests.forEach((r, index) => {
        const product = tracked.get('id' in r ? (lineOf.get(r.id)?.product_id ?? 0) : r.product_id);
        if (!product) return;
        const label = `${product.name} (${product.product_no})`;
        if (!product.serial_tracked) {
          if (r.serials?.length) throw new AppError('serials.not_tracked', { product: label });
          return;
        }
        if (!r.serials && r.counted_quantity !== 0) throw new AppError('serials.required', { product: label, quantity: r.counted_quantity });
        r.serials = normalizedSerials(r.serials ?? [], label, index + 1);
        if (r.counted_quantity !== r.serials.length) throw new AppError('serials.line_count_mismatch', { line: index + 1, product: label, quantity: r.counted_quantity, count: r.serials.length });
      });
      const { counted, found } = countStocktake(stocktake, lines, requests, live);
      const streamOf = (l: { product_id: number; warehouse_shelf_id: number; lot_no: string }) => `${l.product_id}:${l.warehouse_shelf_id}:${l.lot_no ?? ''}`;
      const lineOfStream = new Map(lines.map((l) => [streamOf(l), l.id]));
      const countedSerials = new Map<number, string[]>();
      for (const r of requests) if (r.serials) countedSerials.set('id' in r ? r.id : (lineOfStream.get(streamOf(r)) ?? 0), r.serials);
      // what each counted stream's version is now: the counted quantity is what the shelf held at it
      const byId = new Map(lines.map((l) => [l.id, l]));
      const streams = [...[...counted.keys()].map((lineId) => byId.get(lineId)!), ...found];
      const versions = await this.ledger.streams(manager, streams.map((s) => ({ productId: s.product_id, shelfId: s.warehouse_shelf_id })), false);
      const versionOf = (s: { product_id: number; warehouse_shelf_id: number; lot_no: string }) => versions.get(streamIdOf(s.product_id, s.warehouse_shelf_id, s.lot_no ?? ''))?.version ?? 0;
      // the serials on each counted serial-tracked stream now (read with the versions): what the count is held against
      const serialStreams = streams.filter((s) => tracked.get(s.product_id)?.serial_tracked);
      const onShelf = serialStreams.length ? await this.serials.onStreams(manager, serialStreams.map((s) => ({ productId: s.product_id, shelfId: s.warehouse_shelf_id, lotNo: s.lot_no ?? '' }))) : new Map<string, string[]>();
      const serialColumns = (s: { product_id: number; warehouse_shelf_id: number; lot_no: string }, counted: string[] | undefined) =>
        tracked.get(s.product_id)?.serial_tracked ? { book_serials: serialsText(onShelf.get(streamOf(s)) ?? []), counted_serials: serialsText(counted ?? []) } : {};
      const now = unixNow();
      await write({ updatetime: now }, { status: StocktakeStatus.counting });
      await this.stocktakes.setLineValues(
        manager,
        new Map([...counted].map(([lineId, quantity]) => [lineId, { counted_quantity: quantity, counted_version: versionOf(byId.get(lineId)!), count_admin_id: context.admin.id, counttime: now, ...(unitOfLine.get(lineId) ?? BASE_UNIT), ...serialColumns(byId.get(lineId)!, countedSerials.get(lineId)) }])),
      );
      await this.stocktakes.insertLines(
        manager,
        id,
        found.map((f) => ({
          product_id: f.product_id,
          warehouse_shelf_id: f.warehouse_shelf_id,
          lot_no: f.lot_no,
          book_quantity: 0,
          book_version: 0,
          counted_quantity: f.counted_quantity,
          counted_version: versionOf(f),
          expected_quantity: null,
          variance: null,
          price: products.get(f.product_id)?.price ?? '0.00',
          found: 1,
          count_admin_id: context.admin.id,
          counttime: now,
          ...(unitOfFound.get(f) ?? BASE_UNIT),
          ...(tracked.get(f.product_id)?.serial_tracked ? { book_serials: onShelf.get(streamOf(f)) ?? [], counted_serials: f.serials ?? [] } : {}),
        })),
      );
    });
  }
}
