import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { EntityManager } from 'typeorm';
import { AppError } from '../../../../shared/http/app-error';
import { TransactionRunner } from '../../../../shared/database/transaction-runner';
import { CreationRunner } from '../../../../shared/transitions';
import { unixNow } from '../../../../shared/http/envelope';
import { siteDayOf } from '../../../../shared/time/site-day';
import { MASTER_DATA_TABLES, MasterDataReader } from '../../../master-data';
import { SiteConfigService } from '../../../platform';
import { OrderRuleError } from '../../domain/order-errors';
import { checkAdjustmentLines } from '../../domain/adjustment';
import { assertEditable, lineTotalPrice } from '../../domain/order-lines';
import { shelfIdsOf } from '../../domain/order-state';
import { assertRelocationEditable, checkRelocationLines } from '../../domain/relocation';
import { namedLot, receiptLot } from '../../domain/order-lots';
import { OrderKind, ORDER_KINDS } from '../../persistence/order-kinds';
import { OrderNumbers } from '../../persistence/order-numbers';
import { NewLine, OrderRepository, OrderView } from '../../persistence/order.repository';
import { SaveOrderCommand, SaveOrderInput } from './save-order.command';
import { adjustmentLineTotal } from '../../domain/adjustment';
import { assertReturnableOrder, assertSerialsReturnable, assertWithinReturnable, checkReturnLines, ReturnLine, returnShelvesOf } from '../../domain/customer-return';
import { ReturnablesReader } from '../../queries/returnables/returnables.reader';
import { lineSerials, serialQuantityOf } from '../../domain/order-serials';
import { BASE_UNIT } from '../../domain/line-units';
import { EnteredQuantity, LineUnits } from '../line-units';
import { SaveOrderLine } from './save-order.command';

/**
 * A line entered in a unit, with the quantity its kind keeps set to the base quantity: goods lines their
 * planned and actual quantity, relocations the planned one, adjustments and returns the quantity. Only an
 * adjustment's quantity may be negative.
 */
function withBaseQuantity(kind: OrderKind, line: SaveOrderLine, entered: EnteredQuantity | null, position: number): SaveOrderLine {
  if (!entered) return line;
  const { quantity } = entered;
  if (kind === 'adjustment') return { ...line, quantity };
  if (quantity < (kind === 'inbound' || kind === 'outbound' ? 0 : 1)) throw new OrderRuleError('line_needs_quantity', { line: position });
  if (kind === 'relocation') return { ...line, plan_quantity: quantity };
  if (kind === 'return') return { ...line, quantity };
  return { ...line, plan_quantity: quantity, actual_quantity: quantity };
}

/**
 * Create and edit for the three order types. Stock is not checked here (it is when stock moves); what is
 * checked: the party, products and shelves exist and are not deleted, and the order is still editable.
 */
@CommandHandler(SaveOrderCommand)
export class SaveOrderHandler implements ICommandHandler<SaveOrderCommand> {
  constructor(
    private readonly transactions: TransactionRunner,
    private readonly orders: OrderRepository,
    private readonly numbers: OrderNumbers,
    private readonly catalogue: MasterDataReader,
    private readonly siteConfig: SiteConfigService,
    private readonly creations: CreationRunner,
    private readonly returnables: ReturnablesReader,
    private readonly units: LineUnits,
  ) {}

  async execute({ kind, input, admin, id, creation }: SaveOrderCommand): Promise<OrderView> {
    const save = (manager: EntityManager) => this.save(manager, kind, input, admin, id);
    const savedId = id === undefined ? (await this.creations.run(`${kind}.add`, { admin, ...creation }, input, save)).id : await this.transactions.run(save);
    return this.orders.present(this.transactions.manager, kind, savedId);
  }

  private async save(manager: EntityManager, kind: OrderKind, entered: SaveOrderInput, admin: SaveOrderCommand['admin'], id: number | undefined): Promise<number> {
    const k = ORDER_KINDS[kind];
    let input = entered;
    if (id !== undefined) {
      const { order } = await this.orders.lock(manager, kind, id);
      if ('status' in order) assertRelocationEditable(order);
      else assertEditable(order);
    }
    // a return: against a shipped outbound order, whose customer it takes
    const outbound = kind === 'return' ? await this.returnables.outbound(manager, Number(input.outbound_id ?? 0)) : null;
    if (kind === 'return') {
      assertReturnableOrder(outbound);
      input = { ...input, customer_id: outbound!.customer_id };
    }
    // units at the boundary (§14): a line entered in a unit gets its base quantity here, and keeps its unit
    const inUnits = await this.units.enter(manager, input.lines);
    input = { ...input, lines: input.lines.map((line, index) => withBaseQuantity(kind, line, inUnits[index], index + 1)) };
    const baseLines = this.lines(kind, input).map((line, index) => ({ ...line, ...(inUnits[index]?.unit ?? BASE_UNIT) })) as NewLine[];
    let lines = await this.checkReferences(manager, kind, input, baseLines);
    if (kind === 'return') lines = await this.checkReturn(manager, outbound!, lines as ReturnLine[]);
    const now = unixNow();
    const fields: Record<string, unknown> = { order_sn: input.order_sn ?? '', remark: input.remark ?? '', updatetime: now };
    if (kind === 'return') fields.outbound_id = outbound!.id;
    if (k.party) fields[k.party.column] = input[k.party.column] ?? 0;
    if (kind === 'inbound' || kind === 'outbound') fields.type = input.type;
    if (kind === 'outbound' || kind === 'inbound') fields.warehouse_id = Number(input.warehouse_id ?? 0);
    let orderId = id;
    if (orderId === undefined) {
      const number = await this.numbers.next(manager, k.prefix, siteDayOf(await this.siteConfig.timeZone(manager))(now));
      const result = await manager.insert(k.order, { ...k.initial, ...fields, [k.numberColumn]: number, admin_id: admin.id, audit_status: 0, audit_admin_id: 0, createtime: now });
      orderId = Number(result.identifiers[0].id);
    } else {
      await manager.update(k.order, { id: orderId }, fields);
    }
    await this.orders.replaceLines(manager, kind, orderId, lines);
    return orderId;
  }

  /**
   * A return's lines: each shelf fits its disposition, and every (product, lot) at most what may still be
   * returned of the shipment, and the serials given ones it shipped and did not get back (all checked again,
   * under the shipment's lock, at audit). Answers the lines priced as shipped.
   */
  private async checkReturn(manager: EntityManager, outbound: { id: number; outbound_no: string }, lines: ReturnLine[]): Promise<NewLine[]> {
    const outboundId = outbound.id;
    const [shelves, products, returnable] = await Promise.all([
      this.catalogue.shelves(manager, lines.map((l) => l.warehouse_shelf_id)),
      this.catalogue.products(manager, lines.map((l) => l.product_id)),
      this.returnables.of(manager, outboundId),
    ]);
    checkReturnLines(lines, returnShelvesOf(shelves));
    const productName = (productId: number) => {
      const p = products.get(productId);
      return p ? `${p.name} (${p.product_no})` : `#${productId}`;
    };
    assertWithinReturnable(lines, returnable, productName);
    if (lines.some((l) => l.serials?.length)) assertSerialsReturnable(lines, await this.returnables.serials(manager, outboundId), productName, outbound.outbound_no);
    const priceOf = new Map(returnable.map((r) => [r.product_id, r.price]));
    return lines.map((l) => ({ ...l, price: priceOf.get(l.product_id) ?? '0.00', total_price: adjustmentLineTotal(l.quantity, priceOf.get(l.product_id) ?? '0.00') }));
  }

  private lines(kind: OrderKind, input: SaveOrderInput): NewLine[] {
    if (kind === 'return') {
      if (!input.lines.length) throw new OrderRuleError('no_lines');
      return input.lines.map((l) => ({
        product_id: Number(l.product_id),
        warehouse_shelf_id: Number(l.warehouse_shelf_id ?? 0),
        lot_no: String(l.lot_no ?? ''),
        quantity: Number(l.quantity),
        disposition: Number(l.disposition),
        reason: String(l.reason ?? ''),
        price: '0.00',
        total_price: '0.00',
        serials: [...(l.serials ?? [])],
      }));
    }
    if (kind === 'adjustment') {
      const lines = input.lines.map((l) => ({
        product_id: Number(l.product_id),
        warehouse_shelf_id: Number(l.warehouse_shelf_id ?? 0),
        lot_no: String(l.lot_no ?? ''),
        quantity: Number(l.quantity),
        reason: String(l.reason ?? ''),
        price: '0.00',
        total_price: '0.00',
        serials: [...(l.serials ?? [])],
      }));
      checkAdjustmentLines(lines);
      return lines;
    }
    if (kind === 'relocation') {
      const lines = input.lines.map((l) => ({
        product_id: Number(l.product_id),
        source_warehouse_shelf_id: Number(l.source_warehouse_shelf_id),
        target_warehouse_shelf_id: Number(l.target_warehouse_shelf_id),
        plan_quantity: Number(l.plan_quantity),
        actual_quantity: 0,
        lot_no: '',
      }));
      checkRelocationLines(lines);
      return lines;
    }
    if (!input.lines.length) throw new OrderRuleError('no_lines');
    return input.lines.map((l) => {
      const line = {
        product_id: Number(l.product_id),
        detail_code: String(l.detail_code ?? ''),
        plan_quantity: Number(l.plan_quantity),
        actual_quantity: Number(l.actual_quantity ?? l.plan_quantity),
        price: String(l.price),
        warehouse_shelf_id: Number(l.warehouse_shelf_id ?? 0),
      };
      return { ...line, total_price: lineTotalPrice(line), lot_no: '', production_date: '', expiry_date: '', serials: [...(l.serials ?? [])] };
    });
  }

  /** Checks what the lines refer to and answers them with their lots as the lot rules make them. */
  private async checkReferences(manager: EntityManager, kind: OrderKind, input: SaveOrderInput, entered: NewLine[]): Promise<NewLine[]> {
    let lines = entered;
    const { party } = ORDER_KINDS[kind];
    const partyId = party ? Number(input[party.column] ?? 0) : 0;
    if (party && (partyId || party.required)) {
      const found = (await this.catalogue.parties(manager, party.party, [partyId])).get(partyId);
      if (!found || found.deleted) throw new OrderRuleError(`unknown_${party.party}`);
    }
    const products = await this.catalogue.products(manager, lines.map((l) => l.product_id));
    lines.forEach((line, index) => {
      const product = products.get(line.product_id);
      if (!product || product.deleted) throw new OrderRuleError('unknown_product', { line: index + 1 });
    });
    // serials (§14): trimmed, bounded, distinct, as many as the units when given (the ledger requires them when stock moves)
    lines = lines.map((line, index) => ('serials' in line ? { ...line, serials: lineSerials(line.serials ?? [], products.get(line.product_id)!, serialQuantityOf(line), index + 1) } : line)) as NewLine[];
    const withLots = lines.map((line, index) => {
      const product = products.get(line.product_id)!;
      const entered = { ...input.lines[index], product_id: line.product_id };
      if (kind === 'inbound') return { ...line, ...receiptLot(entered, product, index + 1) };
      const lotNo = namedLot(entered, product, index + 1);
      // an adjustment changes one stream: a lot-tracked product's line names its lot
      if ((kind === 'adjustment' || kind === 'return') && product.lot_tracked && !lotNo) throw new AppError('lots.lot_required', { line: index + 1, product: `${product.name} (${product.product_no})` });
      return { ...line, lot_no: lotNo };
    }) as NewLine[];
    const shelfIds = lines.flatMap(shelfIdsOf);
    const shelves = await this.catalogue.shelves(manager, shelfIds);
    for (const shelfId of shelfIds) {
      const shelf = shelves.get(shelfId);
      if (!shelf || shelf.deleted) throw new OrderRuleError('unknown_shelf', { line: lines.findIndex((l) => shelfIdsOf(l).includes(shelfId)) + 1 });
    }
    // an inbound or outbound order that names its warehouse keeps every shelf its lines name inside it
    const warehouseId = kind === 'outbound' || kind === 'inbound' ? Number(input.warehouse_id ?? 0) : 0;
    if (warehouseId) {
      const [warehouse] = await manager.query(`SELECT id FROM ${MASTER_DATA_TABLES.warehouse} WHERE id = ? AND deletetime IS NULL`, [warehouseId]);
      if (!warehouse) throw new OrderRuleError('unknown_warehouse');
      for (const shelfId of shelfIds) {
        if (shelves.get(shelfId)!.warehouse_id !== warehouseId) throw new OrderRuleError('shelf_not_in_warehouse', { line: lines.findIndex((l) => shelfIdsOf(l).includes(shelfId)) + 1 });
      }
    }
    return withLots;
  }
}
