import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { unixNow } from '../../../shared/http/envelope';
import { AuthAdmin } from '../../../shared/http/auth.decorators';
import { OpenTransition } from '../../../shared/transitions';
import { StockEventType, StockLedger, StockReservations } from '../../inventory';
import { FULFILMENT_STATUS } from '../../../../contract/enums';
import { reservedIssues } from '../domain/fulfilment';
import { MasterDataReader, ShelfSnapshot } from '../../master-data';
import { OrderRuleError } from '../domain/order-errors';
import { auditGoodsLines, inboundFormType, lineTotalPrice, outboundFormType, ShelfState } from '../domain/order-lines';
import { orderNumberOf, OrderState } from '../domain/order-state';
import { OrderRepository } from '../persistence/order.repository';
import { receiptLot } from '../domain/order-lots';
import { eventUnitOf } from '../domain/line-units';
import { NamedLots } from './named-lots';
import { PutawayPlanner } from './putaway-planner';

export const operatorName = (admin: AuthAdmin) => admin.nickname || admin.username;

/** Shelf states as the order rules need them: enabled means enabled and not deleted. */
export function shelfStatesOf(shelves: ReadonlyMap<number, ShelfSnapshot>): Map<number, ShelfState> {
  return new Map([...shelves.values()].map((s) => [s.id, { id: s.id, name: s.location, enabled: s.status === 1 && !s.deleted }]));
}

/**
 * Audit of an inbound or outbound order, on the order as locked by its transition: the domain decides on the
 * real state and lines, then the guarded state change, the line totals and the ledger — all or nothing.
 */
@Injectable()
export class GoodsOrderAudit {
  constructor(
    private readonly orders: OrderRepository,
    private readonly catalogue: MasterDataReader,
    private readonly ledger: StockLedger,
    private readonly namedLots: NamedLots,
    private readonly reservations: StockReservations,
    private readonly putaway: PutawayPlanner,
  ) {}

  async audit(kind: 'inbound' | 'outbound', open: OpenTransition<OrderState<'inbound' | 'outbound'>>): Promise<void> {
    const { order } = open.state;
    if (kind === 'outbound' && 'fulfilment_status' in order && order.fulfilment_status !== FULFILMENT_STATUS.none) return this.auditReserved(open as OpenTransition<OrderState<'outbound'>>);
    return this.auditClassic(kind, open);
  }

  /**
   * The classic audit of a reserved outbound order consumes exactly its reservations: they are released and
   * each is issued from its own stream (shelf and lot) in the same transaction. An order in a wave is
   * refused (the wave picks and ships it).
   */
  private async auditReserved({ manager, state: { order, lines }, context: { admin }, write }: OpenTransition<OrderState<'outbound'>>): Promise<void> {
    if (order.audit_status !== 0) throw new OrderRuleError('already_audited');
    if (order.fulfilment_status !== FULFILMENT_STATUS.reserved) throw new OrderRuleError('in_wave');
    const held = await this.reservations.release(manager, { type: 'outbound', id: order.id });
    const { issues, allocations } = reservedIssues(lines, held);
    const shelfRows = await this.catalogue.shelves(manager, issues.map((i) => i.shelfId));
    const shelves = shelfStatesOf(shelfRows);
    for (const issue of issues) {
      const shelf = shelves.get(issue.shelfId);
      if (shelf && !shelf.enabled) throw new OrderRuleError('shelf_disabled', { line: issue.lineIndex + 1, shelf: shelf.name });
    }
    const products = await this.catalogue.products(manager, lines.map((l) => l.product_id));
    const now = unixNow();
    await write({ audit_status: 1, fulfilment_status: FULFILMENT_STATUS.none, audittime: now, audit_admin_id: admin.id, updatetime: now }, { audit_status: 0, fulfilment_status: FULFILMENT_STATUS.reserved });
    // a serial-tracked line's serials go with its reservations in order (each must be on its reservation's shelf)
    const taken = new Map<number, number>();
    const serialsOf = (i: (typeof issues)[number]) => {
      const all = lines[i.lineIndex].serials ?? [];
      if (!all.length) return {};
      const from = taken.get(i.lineIndex) ?? 0;
      taken.set(i.lineIndex, from + i.quantity);
      return { serials: all.slice(from, from + i.quantity) };
    };
    await this.ledger.post(
      manager,
      issues.map((i) => ({ type: StockEventType.issued, formType: outboundFormType(order.type), productId: i.productId, shelfId: i.shelfId, quantity: -i.quantity, price: i.price, lotNo: i.lotNo, ...eventUnitOf(lines[i.lineIndex]), ...serialsOf(i) })),
      { order_type: 'outbound', order_id: order.id, order_no: orderNumberOf(order), admin_id: admin.id, operator: operatorName(admin), command_id: randomUUID(), occurredAt: now },
      { products, shelves: shelfRows },
    );
    await this.orders.setLineValues(manager, 'outbound', new Map(lines.map((l, i) => [l.id, { total_price: lineTotalPrice(l), allocations: JSON.stringify(allocations[i]) }])));
  }

  private async auditClassic(kind: 'inbound' | 'outbound', { manager, state: { order, lines: stored }, context: { admin }, write }: OpenTransition<OrderState<'inbound' | 'outbound'>>): Promise<void> {
    // Directed putaway (§12): an inbound order naming its warehouse receives its lines without a shelf on the
    // warehouse's dock (none: refused before anything is written) and creates putaway tasks for them.
    const warehouseId = kind === 'inbound' && 'warehouse_id' in order ? order.warehouse_id : 0;
    const onDock = new Set(warehouseId ? stored.filter((l) => !l.warehouse_shelf_id).map((l) => l.id) : []);
    const dockId = onDock.size ? await this.putaway.receivingShelf(manager, warehouseId) : 0;
    const lines = onDock.size ? stored.map((l) => (onDock.has(l.id) ? { ...l, warehouse_shelf_id: dockId } : l)) : stored;
    const shelfRows = await this.catalogue.shelves(manager, lines.map((l) => l.warehouse_shelf_id));
    const changes = auditGoodsLines(order, lines, shelfStatesOf(shelfRows), kind === 'inbound' ? 1 : -1);
    // The lot rules again, on the products as they are now (one may have become lot-tracked since the save).
    const products = await this.catalogue.products(manager, lines.map((l) => l.product_id));
    // Outbound: the rules every line that takes stock follows (relocations too); the ledger then locks the
    // same streams again, which this transaction already holds.
    const lots =
      kind === 'inbound'
        ? lines.map((line, index) => {
            const product = products.get(line.product_id);
            if (!product) throw new OrderRuleError('unknown_product', { line: index + 1 });
            return receiptLot(line, product, index + 1);
          })
        : (
            await this.namedLots.check(
              manager,
              lines.map((line, index) => ({ position: index + 1, product_id: line.product_id, lot_no: line.lot_no, shelfId: line.warehouse_shelf_id })),
              { products, shelves: shelfRows },
              lines.map((line) => ({ productId: line.product_id, shelfId: line.warehouse_shelf_id })),
            )
          ).map((lot_no) => ({ lot_no, production_date: '', expiry_date: '' }));
    const now = unixNow();
    const id = order.id;
    await write({ audit_status: 1, audittime: now, audit_admin_id: admin.id, updatetime: now }, { audit_status: 0 });
    const { allocations } = await this.ledger.post(
      manager,
      changes.map((c, i) => ({
        type: kind === 'inbound' ? StockEventType.received : StockEventType.issued,
        formType: kind === 'inbound' ? inboundFormType(order.type) : outboundFormType(order.type),
        productId: c.productId,
        shelfId: c.shelfId,
        quantity: c.quantity,
        price: c.price,
        // Inbound: the lot received. Outbound: the lot named, or none to allocate first-expiry-first-out.
        lotNo: kind === 'inbound' || lots[i].lot_no ? lots[i].lot_no : undefined,
        productionDate: lots[i].production_date,
        expiryDate: lots[i].expiry_date,
        // the unit the line was entered in (§14), kept by its events
        ...eventUnitOf(lines[i]),
        // a serial-tracked product's serials, one per unit (the ledger requires and checks them)
        ...(lines[i].serials?.length ? { serials: lines[i].serials } : {}),
      })),
      { order_type: kind, order_id: id, order_no: orderNumberOf(order), admin_id: admin.id, operator: operatorName(admin), command_id: randomUUID(), occurredAt: now },
      // read above in this transaction, after the order's lock: the ledger's history snapshot needs no second read
      { products, shelves: shelfRows },
    );
    // a line received on the dock says so in its allocations (the line itself names no shelf)
    const placed = (l: { id: number }, i: number) => (onDock.has(l.id) ? allocations[i].map((a) => ({ ...a, warehouse_shelf_id: dockId })) : allocations[i]);
    await this.orders.setLineValues(manager, kind, new Map(lines.map((l, i) => [l.id, { total_price: lineTotalPrice(l), allocations: JSON.stringify(placed(l, i)) }])));
    if (onDock.size) {
      const received = lines.flatMap((l, i) => (onDock.has(l.id) ? allocations[i].map((a) => ({ productId: l.product_id, lotNo: a.lot_no, quantity: a.quantity })) : []));
      await this.putaway.createTasks(manager, warehouseId, dockId, received, now);
    }
  }
}
