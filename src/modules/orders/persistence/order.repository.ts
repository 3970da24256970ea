import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { chunk, forUpdate, insertMany, updateById } from '../../../shared/database/sql-dialect';
import { AppError } from '../../../shared/http/app-error';
import { AdminDirectory } from '../../accounts';
import { MasterDataReader } from '../../master-data';
import { StockReservations } from '../../inventory';
import type { OrderShelfView, OrderView } from '../../../../contract/orders';
import { LineOf, OrderKind, OrderState, shelfIdsOf } from '../domain/order-state';
import { ORDER_KINDS } from './order-kinds';
import { ORDER_ROWS } from './order-rows';
import { ReturnablesReader } from '../queries/returnables/returnables.reader';
import { LifecycleDocument } from '../../../shared/transitions';
import { FULFILMENT_STATUS } from '../../../../contract/enums';
import { packageViews } from './package-views';

type Row = Record<string, unknown>;

/** A line as an order's add or edit writes it (its id comes from the database). */
export type NewLine = LineOf<OrderKind> extends infer L ? (L extends unknown ? Omit<L, 'id'> : never) : never;

export type { OrderView } from '../../../../contract/orders';

/** The state columns of an order that a transition's guarded write may test. */
const ORDER_STATE_COLUMNS: Record<OrderKind, readonly string[]> = {
  inbound: ['audit_status'],
  outbound: ['audit_status', 'shipment_status', 'fulfilment_status'],
  relocation: ['audit_status', 'status'],
  adjustment: ['audit_status'],
  return: ['audit_status'],
};

/** Orders and their lines, read and written with plain statements in the caller's transaction. */
@Injectable()
export class OrderRepository {
  private readonly documents = new Map<OrderKind, LifecycleDocument<OrderState<OrderKind>, OrderView<OrderKind>>>();

  constructor(
    private readonly catalogue: MasterDataReader,
    private readonly admins: AdminDirectory,
    private readonly reservations: StockReservations,
    private readonly returnables: ReturnablesReader,
  ) {
    for (const kind of Object.keys(ORDER_KINDS) as OrderKind[]) {
      this.documents.set(kind, {
        name: kind,
        table: ORDER_KINDS[kind].orderTable,
        stateColumns: ORDER_STATE_COLUMNS[kind],
        changedMeanwhile: 'orders.changed_meanwhile',
        lock: (manager, id) => this.lock(manager, kind, id),
        present: (manager, id) => this.present(manager, kind, id),
      });
    }
  }

  /** The orders of a kind as documents with a lifecycle, for the transition runner. */
  document<K extends OrderKind>(kind: K): LifecycleDocument<OrderState<K>, OrderView<K>> {
    return this.documents.get(kind) as unknown as LifecycleDocument<OrderState<K>, OrderView<K>>;
  }

  /** The order and its lines in entry order, as the transaction's snapshot sees them (for answers, not decisions). */
  load<K extends OrderKind>(manager: EntityManager, kind: K, id: number): Promise<OrderState<K>> {
    return this.read(manager, kind, id, '');
  }

  /**
   * The order and its lines with locking reads, as the first statements of a command's transaction: every
   * command that changes an order decides on what this answers. On InnoDB a locking read sees the latest
   * committed rows and waits for a command holding the order, and the snapshot of later plain reads starts
   * after it; a plain read first would fix a snapshot older than the lock.
   */
  lock<K extends OrderKind>(manager: EntityManager, kind: K, id: number): Promise<OrderState<K>> {
    return this.read(manager, kind, id, forUpdate(manager));
  }

  private async read<K extends OrderKind>(manager: EntityManager, kind: K, id: number, lockClause: string): Promise<OrderState<K>> {
    const k = ORDER_KINDS[kind];
    const rows = ORDER_ROWS[kind] as (typeof ORDER_ROWS)[K];
    const [order] = await manager.query(`SELECT * FROM ${k.orderTable} WHERE id = ?${lockClause}`, [id]);
    if (!order) throw new AppError('crud.record_not_found');
    const lines: unknown[] = await manager.query(`SELECT * FROM ${k.lineTable} WHERE ${k.lineOrderColumn} = ? ORDER BY id${lockClause}`, [id]);
    return { order: rows.order.map(order), lines: lines.map((line) => rows.line.map(line)) };
  }

  /** The orders with ids in [from, to] and their lines, as plain reads (the ledger check pages through them). */
  async range<K extends OrderKind>(manager: EntityManager, kind: K, from: number, to: number): Promise<Array<OrderState<K>>> {
    const k = ORDER_KINDS[kind];
    const orders: unknown[] = await manager.query(`SELECT * FROM ${k.orderTable} WHERE id BETWEEN ? AND ? ORDER BY id`, [from, to]);
    const lines: unknown[] = await manager.query(`SELECT * FROM ${k.lineTable} WHERE ${k.lineOrderColumn} BETWEEN ? AND ? ORDER BY id`, [from, to]);
    return this.withLines(kind, orders, lines);
  }

  /**
   * The orders with these ids and their lines, in id order, as plain reads in chunks (a wave's release reads
   * its orders at once; the wave's lock holds them already). An id that names no order is left out.
   */
  async many<K extends OrderKind>(manager: EntityManager, kind: K, ids: readonly number[]): Promise<Array<OrderState<K>>> {
    const k = ORDER_KINDS[kind];
    const found: Array<OrderState<K>> = [];
    for (const part of chunk([...ids].sort((a, b) => a - b), 500)) {
      const marks = part.map(() => '?').join(', ');
      const orders: unknown[] = await manager.query(`SELECT * FROM ${k.orderTable} WHERE id IN (${marks}) ORDER BY id`, part);
      const lines: unknown[] = await manager.query(`SELECT * FROM ${k.lineTable} WHERE ${k.lineOrderColumn} IN (${marks}) ORDER BY id`, part);
      found.push(...this.withLines(kind, orders, lines));
    }
    return found;
  }

  private withLines<K extends OrderKind>(kind: K, orders: unknown[], lines: unknown[]): Array<OrderState<K>> {
    const k = ORDER_KINDS[kind];
    const rows = ORDER_ROWS[kind] as (typeof ORDER_ROWS)[K];
    const byOrder = new Map<number, Array<LineOf<K>>>();
    for (const line of lines.map((raw) => rows.line.map(raw))) {
      const orderId = (line as unknown as Record<string, number>)[k.lineOrderColumn];
      if (!byOrder.has(orderId)) byOrder.set(orderId, []);
      byOrder.get(orderId)!.push(line);
    }
    return orders.map((raw) => rows.order.map(raw)).map((order) => ({ order, lines: byOrder.get(order.id) ?? [] }));
  }

  async lastId(manager: EntityManager, kind: OrderKind): Promise<number> {
    const [row] = await manager.query(`SELECT MAX(id) AS id FROM ${ORDER_KINDS[kind].orderTable}`);
    return Number(row?.id ?? 0);
  }

  async replaceLines(manager: EntityManager, kind: OrderKind, orderId: number, lines: ReadonlyArray<NewLine>): Promise<void> {
    const k = ORDER_KINDS[kind];
    await manager.query(`DELETE FROM ${k.lineTable} WHERE ${k.lineOrderColumn} = ?`, [orderId]);
    // a line's serials are JSON text (NULL when it has none)
    await insertMany(manager, k.lineTable, lines.map((line) => ({ [k.lineOrderColumn]: orderId, ...line, serials: line.serials?.length ? JSON.stringify(line.serials) : null })));
  }

  /** Sets a column of many lines by id (CASE per 500 lines): totals and allocations at audit, actual quantities and allocations at a move, prices. */
  /** Sets columns of lines by id, all in one statement per 500 lines. */
  async setLineValues(manager: EntityManager, kind: OrderKind, values: Map<number, Partial<Record<'total_price' | 'actual_quantity' | 'price' | 'allocations' | 'serials', string | number>>>): Promise<void> {
    await updateById(manager, ORDER_KINDS[kind].lineTable, values);
  }

  /**
   * The order as every answer shows it: its lines with product and shelf names, its party and its operator.
   * A fixed number of statements whatever the line count.
   */
  async present<K extends OrderKind>(manager: EntityManager, kind: K, id: number): Promise<OrderView<K>> {
    const { order, lines } = await this.load(manager, kind, id);
    const k = ORDER_KINDS[kind];
    const shelfIds = lines.flatMap(shelfIdsOf);
    const partyId = k.party ? ((order as unknown as Row)[k.party.column] as number) : 0;
    // an outbound order's reservations, per line (a reserved order's lines answer what they hold and lack)
    const reserved = 'fulfilment_status' in order && order.fulfilment_status > 0 ? await this.reservations.of(manager, 'outbound', [order.id]) : null;
    const [products, shelves, parties, admins] = await Promise.all([
      this.catalogue.products(manager, lines.map((l) => l.product_id)),
      this.catalogue.shelves(manager, shelfIds),
      k.party ? this.catalogue.parties(manager, k.party.party, [partyId]) : new Map(),
      this.admins.displayNames(manager, [order.admin_id, order.audit_admin_id]),
    ]);
    const reservationsOf = (line: Row) => {
      if (!reserved) return {};
      const held = reserved.filter((r) => r.line_id === line.id).map((r) => ({ warehouse_shelf_id: r.warehouse_shelf_id, lot_no: r.lot_no, quantity: r.quantity }));
      return { reservations: held, short: Math.max(Number(line.actual_quantity) - held.reduce((sum, r) => sum + r.quantity, 0), 0) };
    };
    const shelf = (id: unknown): OrderShelfView | null => {
      const s = shelves.get(id as number);
      return s ? { id: s.id, name: s.name, serial_no: s.serial_no, warehouse_id: s.warehouse_id, warehouse_area_id: s.warehouse_area_id, location: s.location } : null;
    };
    const adminName = (adminId: number) => admins.get(adminId) ?? '';
    // an order picked in a wave answers its packages (none before: no statement for them)
    const packed = 'fulfilment_status' in order && order.fulfilment_status >= FULFILMENT_STATUS.picked ? { packages: await packageViews(manager, this.catalogue, order.id) } : {};
    // a return: the outbound order it is against, and what may still be returned of it
    const returned = 'return_no' in order ? { outbound_no: (await this.returnables.outbound(manager, order.outbound_id))?.outbound_no ?? '', returnable: await this.returnables.of(manager, order.outbound_id) } : {};
    return {
      ...order,
      ...packed,
      ...returned,
      ...(k.party ? { [k.party.party]: parties.get(partyId) ?? null } : {}),
      operator: adminName(order.admin_id),
      auditor: order.audit_admin_id ? adminName(order.audit_admin_id) : '',
      lines: lines.map((line) => {
        const p = products.get(line.product_id);
        const l = line as unknown as Row;
        return {
          ...line,
          product: p ? { id: p.id, name: p.name, product_no: p.product_no, spec: p.spec, unit_name: p.unit_name, price: p.price, lot_tracked: p.lot_tracked ? 1 : 0, serial_tracked: p.serial_tracked ? 1 : 0, effective_day: p.effective_day } : null,
          ...('warehouse_shelf_id' in l ? { shelf: shelf(l.warehouse_shelf_id) } : {}),
          ...('source_warehouse_shelf_id' in l ? { source_shelf: shelf(l.source_warehouse_shelf_id), target_shelf: shelf(l.target_warehouse_shelf_id) } : {}),
          ...reservationsOf(l),
        };
      }),
    };
  }
}
