import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { addById, forUpdate, insertMany, updateById } from '../../../shared/database/sql-dialect';
import { unixNow } from '../../../shared/http/envelope';
import { OpenTransition } from '../../../shared/transitions';
import { FormType, ReservationRequest, StockEventType, StockLedger, StockReservations, StoredReservation } from '../../inventory';
import { MASTER_DATA_TABLES, MasterDataReader } from '../../master-data';
import { FULFILMENT_STATUS, TASK_STATUS, TASK_TYPE, WAVE_STATUS } from '../../../../contract/enums';
import { reservationRequests } from '../domain/fulfilment';
import { parseSerials } from '../domain/order-lots';
import { OrderRuleError } from '../domain/order-errors';
import { pickingOrder } from '../domain/picking-order';
import { assertWaveCancellable, assertWaveDraft, BreakdownEntry, confirmTask, ConfirmInput, splitOverBreakdown, TaskState, unpickedOf } from '../domain/task';
import { OrderRepository } from '../persistence/order.repository';
import { OrderNumbers } from '../persistence/order-numbers';
import { OrderState } from '../domain/order-state';
import { lineTotalPrice, outboundFormType } from '../domain/order-lines';
import { SiteConfigService } from '../../platform';
import { siteDayOf } from '../../../shared/time/site-day';
import { translate } from '../../../shared/http/translate';
import type { LineAllocation } from '../../../../contract/orders';
import { WaveState } from '../persistence/wave.repository';
import { operatorName } from './goods-order-audit';
import { assertShippable } from '../domain/packing';
import { packagesOf } from '../persistence/package-views';
import { StockTasks } from './stock-tasks';

/** One stop of a pick: a (shelf, product, lot) and the order lines it serves. */
interface PickStop {
  shelfId: number;
  productId: number;
  lotNo: string;
  quantity: number;
  breakdown: BreakdownEntry[];
}

/**
 * What waves decide for the task engine: release reserves the wave's orders and plans one pick task per
 * (shelf, product, lot) stop in pick-path order into the warehouse's staging shelf; cancel releases it all;
 * a pick confirm moves the picked quantity storage → staging through the ledger (form type 120), consuming
 * the lines' reservations; a short pick releases what was not found, re-allocates it from other streams
 * as new tasks, and leaves what cannot be found as the lines' backorder.
 */
@Injectable()
export class WavePicking {
  constructor(
    private readonly orders: OrderRepository,
    private readonly reservations: StockReservations,
    private readonly ledger: StockLedger,
    private readonly catalogue: MasterDataReader,
    private readonly numbers: OrderNumbers,
    private readonly siteConfig: SiteConfigService,
    private readonly stockTasks: StockTasks,
  ) {}

  async release({ manager, state: { wave, orderIds }, write }: OpenTransition<WaveState>): Promise<void> {
    assertWaveDraft(wave);
    if (!orderIds.length) throw new OrderRuleError('wave_needs_orders');
    const [staging] = await manager.query(
      `SELECT id FROM ${MASTER_DATA_TABLES.shelf} WHERE warehouse_id = ? AND kind = 2 AND status = 1 AND deletetime IS NULL ORDER BY serial_no, id LIMIT 1`,
      [wave.warehouse_id],
    );
    if (!staging) throw new OrderRuleError('wave_no_staging');
    const now = unixNow();
    // the orders read at once (the wave's lock holds them) and reserved together, in id order, each partly
    // where stock is short: the rest is the line's backorder
    const toReserve: Array<{ document: { type: string; id: number }; requests: ReservationRequest[] }> = [];
    for (const { order, lines } of await this.orders.many(manager, 'outbound', orderIds)) {
      if (order.audit_status !== 0) throw new OrderRuleError('wave_order_audited', { order: order.outbound_no });
      if (order.fulfilment_status !== FULFILMENT_STATUS.none) continue;
      toReserve.push({ document: { type: 'outbound', id: order.id }, requests: reservationRequests(order, lines) });
    }
    const plans = await this.reservations.reserveMany(manager, toReserve, { warehouseId: wave.warehouse_id, partial: true, now });
    const backorders = new Map(plans.flat().filter((line) => line.short > 0).map((line) => [line.lineId, line.short]));
    await updateById(manager, 'outbound_order_line', new Map([...backorders].map(([lineId, quantity]) => [lineId, { backorder_quantity: quantity }])));
    await manager.query(`UPDATE outbound_order SET fulfilment_status = ?, updatetime = ? WHERE wave_id = ?`, [FULFILMENT_STATUS.inWave, now, wave.id]);
    const held = await this.reservations.of(manager, 'outbound', orderIds);
    await this.createTasks(manager, wave, stopsOf(held), Number(staging.id), 0, now);
    await write({ status: WAVE_STATUS.released, release_time: now, updatetime: now }, { status: WAVE_STATUS.draft });
  }

  async cancel({ manager, state: { wave, orderIds }, write }: OpenTransition<WaveState>): Promise<void> {
    const [picked] = await manager.query('SELECT COUNT(*) AS n FROM task WHERE wave_id = ? AND done_quantity > 0', [wave.id]);
    assertWaveCancellable(wave, Number(picked.n) > 0);
    const now = unixNow();
    await manager.query('UPDATE task SET status = ?, updatetime = ? WHERE wave_id = ? AND status IN (?, ?)', [TASK_STATUS.cancelled, now, wave.id, TASK_STATUS.open, TASK_STATUS.claimed]);
    for (const id of orderIds) await this.reservations.release(manager, { type: 'outbound', id });
    if (orderIds.length) await manager.query(`UPDATE outbound_order_line SET backorder_quantity = 0 WHERE outbound_order_id IN (${orderIds.map(() => '?').join(', ')})`, orderIds);
    await manager.query('UPDATE outbound_order SET fulfilment_status = ?, wave_id = 0, updatetime = ? WHERE wave_id = ?', [FULFILMENT_STATUS.none, now, wave.id]);
    await write({ status: WAVE_STATUS.cancelled, updatetime: now }, { status: wave.status });
  }

  /** The serials a pick took, onto the order lines it served in breakdown order (a line's first pick replaces what its order listed). */
  private async recordPickedSerials(manager: EntityManager, parts: Array<{ lineId: number; quantity: number }>, serials: readonly string[]): Promise<void> {
    const rows: Array<{ id: number; serials: string | null; picked_quantity: number }> = await manager.query(`SELECT id, serials, picked_quantity FROM outbound_order_line WHERE id IN (${parts.map(() => '?').join(', ')})`, parts.map((p) => p.lineId));
    const current = new Map(rows.map((r) => [Number(r.id), Number(r.picked_quantity) > 0 ? parseSerials(r.serials) : []]));
    let next = 0;
    for (const part of parts) {
      current.set(part.lineId, [...(current.get(part.lineId) ?? []), ...serials.slice(next, next + part.quantity)]);
      next += part.quantity;
    }
    await this.orders.setLineValues(manager, 'outbound', new Map([...current].map(([id, list]) => [id, { serials: JSON.stringify(list) }])));
  }

  /** Confirm a pick task by scan (`input` resolved from the scanned codes), optionally closing it short. */
  async confirm({ manager, state: task, context: { admin }, write }: OpenTransition<TaskState>, input: ConfirmInput): Promise<void> {
    if (task.type !== TASK_TYPE.pick) throw new OrderRuleError('task_closed');
    const decision = confirmTask(task, admin.id, input);
    const now = unixNow();
    const [wave] = await manager.query(`SELECT id, wave_no, warehouse_id, status FROM wave WHERE id = ?${forUpdate(manager)}`, [task.wave_id]);
    const { parts, after } = splitOverBreakdown(task.breakdown, input.quantity);
    const stream = { productId: task.product_id, shelfId: task.from_shelf_id, lotNo: task.lot_no };
    if (input.quantity > 0) {
      await this.reservations.consume(manager, 'outbound', parts.map((p) => ({ orderId: p.entry.outbound_id, lineId: p.entry.line_id, ...stream, quantity: p.quantity })));
      const products = await this.catalogue.products(manager, [task.product_id]);
      await this.ledger.post(
        manager,
        [{ type: StockEventType.movedOut, formType: FormType.pick, productId: task.product_id, shelfId: task.from_shelf_id, quantity: -input.quantity, price: products.get(task.product_id)?.price ?? '0.00', lotNo: task.lot_no, to: { shelfId: task.to_shelf_id, type: StockEventType.movedIn }, ...(input.unit ? { unit: input.unit } : {}), ...(input.serials?.length ? { serials: input.serials } : {}) }],
        { order_type: 'wave', order_id: task.wave_id, order_no: String(wave?.wave_no ?? ''), admin_id: admin.id, operator: operatorName(admin), command_id: randomUUID(), occurredAt: now },
        { products },
      );
      // a serial-tracked line's serials become what its picks took (the ship issues exactly those from staging)
      if (input.serials?.length) await this.recordPickedSerials(manager, parts.map((p) => ({ lineId: p.entry.line_id, quantity: p.quantity })), input.serials);
      const picked = new Map<number, number>();
      for (const p of parts) picked.set(p.entry.line_id, (picked.get(p.entry.line_id) ?? 0) + p.quantity);
      await addById(manager, 'outbound_order_line', 'picked_quantity', picked);
      // a pick that takes a pick face below its min replenishes it, in this transaction (setting auto_replenish)
      await this.stockTasks.afterPick(manager, task.from_shelf_id, task.product_id);
    }
    if (decision.shortfall) await this.shortPicked(manager, task, wave, unpickedOf(after), now);
    await write(
      { status: decision.status, done_quantity: decision.done, assignee_id: task.assignee_id || admin.id, breakdown: JSON.stringify(after), done_time: decision.status === TASK_STATUS.claimed ? null : now, updatetime: now },
      { status: task.status, done_quantity: task.done_quantity },
    );
    if (decision.status !== TASK_STATUS.claimed) await this.completeWave(manager, task, now);
  }

  /**
   * What a short pick did not find: its reservations released, then reserved again from other streams of
   * the warehouse (never the stream found short) as new tasks after the wave's last; what cannot be found
   * stays with the order line as its backorder.
   */
  private async shortPicked(manager: EntityManager, task: TaskState, wave: Record<string, unknown>, unpicked: Array<{ entry: BreakdownEntry; quantity: number }>, now: number): Promise<void> {
    const stream = { productId: task.product_id, shelfId: task.from_shelf_id, lotNo: task.lot_no };
    await this.reservations.consume(manager, 'outbound', unpicked.map((u) => ({ orderId: u.entry.outbound_id, lineId: u.entry.line_id, ...stream, quantity: u.quantity })));
    const found: StoredReservation[] = [];
    for (const orderId of [...new Set(unpicked.map((u) => u.entry.outbound_id))]) {
      const plan = await this.reservations.reserve(
        manager,
        { type: 'outbound', id: orderId },
        unpicked.filter((u) => u.entry.outbound_id === orderId).map((u) => ({ lineId: u.entry.line_id, productId: task.product_id, quantity: u.quantity, shelfId: 0 })),
        { warehouseId: task.warehouse_id, partial: true, now, exclude: [stream] },
      );
      for (const line of plan) {
        for (const part of line.parts) found.push({ id: 0, order_type: 'outbound', order_id: orderId, line_id: line.lineId, product_id: task.product_id, warehouse_shelf_id: part.warehouse_shelf_id, lot_no: part.lot_no, quantity: part.quantity });
        if (line.short) await manager.query('UPDATE outbound_order_line SET backorder_quantity = backorder_quantity + ? WHERE id = ?', [line.short, line.lineId]);
      }
    }
    if (!found.length) return;
    const [last] = await manager.query('SELECT MAX(sequence) AS n FROM task WHERE wave_id = ?', [task.wave_id]);
    await this.createTasks(manager, { id: task.wave_id, warehouse_id: Number(wave.warehouse_id) }, stopsOf(found), task.to_shelf_id, Number(last?.n ?? 0), now);
  }

  /**
   * Ship a picked order (from the staging shelf): the outbound events (form type by order type) for what each
   * line picked, per staging shelf and lot as its tasks put it there; the order becomes audited and shipped,
   * each line's actual quantity what it picked. What was not picked becomes one new, unreserved outbound
   * order (`backorder_of` = this one) with those lines. The wave is shipped once all its orders are. An order
   * with packages ships only once it is packed (everything picked packed, every package closed).
   */
  async ship({ manager, state: { order, lines }, context: { admin }, write }: OpenTransition<OrderState<'outbound'>>, shipment: Record<string, unknown>): Promise<void> {
    if (order.fulfilment_status !== FULFILMENT_STATUS.picked && order.fulfilment_status !== FULFILMENT_STATUS.packed) throw new OrderRuleError('not_picked_yet');
    // an order with packages ships once everything picked is packed and every package closed
    const { lines: packed } = await packagesOf(manager, order.id);
    assertShippable(packed.some((l) => l.quantity > 0), order.fulfilment_status);
    const now = unixNow();
    const tasks: Array<Record<string, unknown>> = await manager.query('SELECT to_shelf_id, lot_no, breakdown FROM task WHERE wave_id = ? AND done_quantity > 0 ORDER BY sequence, id', [order.wave_id]);
    const parts = new Map<number, LineAllocation[]>();
    for (const task of tasks) {
      for (const entry of JSON.parse(String(task.breakdown ?? '[]')) as BreakdownEntry[]) {
        if (entry.outbound_id !== order.id || !entry.picked) continue;
        const list = parts.get(entry.line_id) ?? [];
        const same = list.find((p) => p.warehouse_shelf_id === Number(task.to_shelf_id) && p.lot_no === String(task.lot_no));
        if (same) same.quantity += entry.picked;
        else list.push({ lot_no: String(task.lot_no), quantity: entry.picked, warehouse_shelf_id: Number(task.to_shelf_id) });
        parts.set(entry.line_id, list);
      }
    }
    await write(
      { ...shipment, audit_status: 1, audittime: now, audit_admin_id: admin.id, fulfilment_status: FULFILMENT_STATUS.shipped, updatetime: now },
      { audit_status: 0, shipment_status: 0, fulfilment_status: order.fulfilment_status },
    );
    const products = await this.catalogue.products(manager, lines.map((l) => l.product_id));
    await this.ledger.post(
      manager,
      lines.flatMap((line) =>
        (parts.get(line.id) ?? []).map((p) => ({ type: StockEventType.issued, formType: outboundFormType(order.type), productId: line.product_id, shelfId: p.warehouse_shelf_id!, quantity: -p.quantity, price: line.price, lotNo: p.lot_no, ...shippedSerials(line, p.quantity) })),
      ),
      { order_type: 'outbound', order_id: order.id, order_no: order.outbound_no, admin_id: admin.id, operator: operatorName(admin), command_id: randomUUID(), occurredAt: now },
      { products },
    );
    const picked = (line: { id: number }) => (parts.get(line.id) ?? []).reduce((sum, p) => sum + p.quantity, 0);
    await this.orders.setLineValues(
      manager,
      'outbound',
      new Map(lines.map((line) => [line.id, { actual_quantity: picked(line), total_price: lineTotalPrice({ actual_quantity: picked(line), price: line.price }), allocations: JSON.stringify(parts.get(line.id) ?? []) }])),
    );
    const rest = lines.filter((line) => line.actual_quantity > picked(line));
    if (rest.length) {
      const number = await this.numbers.next(manager, 'CK', siteDayOf(await this.siteConfig.timeZone(manager))(now));
      await insertMany(manager, 'outbound_order', [
        {
          outbound_no: number,
          order_sn: order.order_sn,
          customer_id: order.customer_id,
          type: order.type,
          shipment_status: 0,
          courier_number: '',
          carrier_id: 0,
          admin_id: admin.id,
          audit_status: 0,
          audit_admin_id: 0,
          remark: translate('orders.backorder_remark', { order: order.outbound_no }),
          warehouse_id: order.warehouse_id,
          fulfilment_status: FULFILMENT_STATUS.none,
          wave_id: 0,
          backorder_of: order.id,
          createtime: now,
          updatetime: now,
        },
      ]);
      const [created] = await manager.query('SELECT id FROM outbound_order WHERE outbound_no = ?', [number]);
      await this.orders.replaceLines(
        manager,
        'outbound',
        Number(created.id),
        rest.map((line) => {
          const quantity = line.actual_quantity - picked(line);
          return { product_id: line.product_id, detail_code: line.detail_code, plan_quantity: quantity, actual_quantity: quantity, price: line.price, total_price: lineTotalPrice({ actual_quantity: quantity, price: line.price }), warehouse_shelf_id: 0, lot_no: line.lot_no ?? '', production_date: '', expiry_date: '', picked_quantity: 0, backorder_quantity: 0 };
        }),
      );
    }
    const [waiting] = await manager.query('SELECT COUNT(*) AS n FROM outbound_order WHERE wave_id = ? AND id <> ? AND fulfilment_status <> ?', [order.wave_id, order.id, FULFILMENT_STATUS.shipped]);
    if (!Number(waiting.n)) await manager.query('UPDATE wave SET status = ?, updatetime = ? WHERE id = ? AND status = ?', [WAVE_STATUS.shipped, now, order.wave_id, WAVE_STATUS.picked]);
  }

  /** Once no task of the wave is open or claimed, the wave is picked and so are its orders. */
  private async completeWave(manager: EntityManager, task: TaskState, now: number): Promise<void> {
    const open = await manager.query(`SELECT id FROM task WHERE wave_id = ? AND status IN (?, ?) ORDER BY id${forUpdate(manager)}`, [task.wave_id, TASK_STATUS.open, TASK_STATUS.claimed]);
    if (open.length) return;
    await manager.query('UPDATE wave SET status = ?, updatetime = ? WHERE id = ? AND status = ?', [WAVE_STATUS.picked, now, task.wave_id, WAVE_STATUS.released]);
    await manager.query('UPDATE outbound_order SET fulfilment_status = ?, updatetime = ? WHERE wave_id = ? AND fulfilment_status = ?', [FULFILMENT_STATUS.picked, now, task.wave_id, FULFILMENT_STATUS.inWave]);
  }

  /** One pick task per stop, numbered in pick-path order (area, shelf code, product number) after `after`. */
  private async createTasks(manager: EntityManager, wave: { id: number; warehouse_id: number }, stops: PickStop[], stagingId: number, after: number, now: number): Promise<void> {
    if (!stops.length) return;
    const [products, shelves] = await Promise.all([this.catalogue.products(manager, stops.map((s) => s.productId)), this.catalogue.shelves(manager, stops.map((s) => s.shelfId))]);
    const ordered = pickingOrder(
      stops.map((s) => ({ ...s, warehouse_shelf_id: s.shelfId, product: { product_no: products.get(s.productId)?.product_no ?? '' } })),
      new Map([...shelves].map(([id, s]) => [id, { warehouse_serial_no: s.warehouse_serial_no, warehouse_name: s.warehouse_name, area_serial_no: s.area_serial_no, area_name: s.area_name, serial_no: s.serial_no }])),
    );
    await insertMany(
      manager,
      'task',
      ordered.map((s, i) => ({
        type: TASK_TYPE.pick,
        status: TASK_STATUS.open,
        wave_id: wave.id,
        warehouse_id: wave.warehouse_id,
        from_shelf_id: s.shelfId,
        to_shelf_id: stagingId,
        product_id: s.productId,
        lot_no: s.lotNo,
        quantity: s.quantity,
        done_quantity: 0,
        sequence: after + i + 1,
        assignee_id: 0,
        breakdown: JSON.stringify(s.breakdown),
        createtime: now,
        updatetime: now,
      })),
    );
  }
}

/** Reservations grouped into stops: one per (shelf, product, lot), its lines in order. */
function stopsOf(held: readonly StoredReservation[]): PickStop[] {
  const stops = new Map<string, PickStop>();
  for (const r of held) {
    const key = `${r.warehouse_shelf_id}:${r.product_id}:${r.lot_no}`;
    const stop = stops.get(key) ?? { shelfId: r.warehouse_shelf_id, productId: r.product_id, lotNo: r.lot_no, quantity: 0, breakdown: [] };
    stop.quantity += r.quantity;
    const entry = stop.breakdown.find((b) => b.line_id === r.line_id);
    if (entry) entry.quantity += r.quantity;
    else stop.breakdown.push({ outbound_id: r.order_id, line_id: r.line_id, quantity: r.quantity });
    stops.set(key, stop);
  }
  return [...stops.values()];
}

/** A serial-tracked line ships the serials its picks took (one issue per staging stream: taken in order). */
function shippedSerials(line: { id: number; serials?: string[] }, quantity: number): { serials?: string[] } {
  const list = line.serials ?? [];
  if (!list.length) return {};
  const taken = shippedSoFar.get(line) ?? 0;
  shippedSoFar.set(line, taken + quantity);
  return { serials: list.slice(taken, taken + quantity) };
}
const shippedSoFar = new WeakMap<object, number>();
