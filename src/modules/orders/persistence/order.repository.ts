import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { chunk, forUpdate, insertMany } from '../../../shared/database/sql-dialect';
import { AppError } from '../../../shared/http/app-error';
import { toMoneyString } from '../../../shared/database/money';
import { AdminDirectory } from '../../accounts';
import { MasterDataReader } from '../../master-data';
import { OrderKind, ORDER_KINDS } from './order-kinds';

export type OrderRow = Record<string, any>;

/** Orders and their lines, read and written with plain statements in the caller's transaction. */
@Injectable()
export class OrderRepository {
  constructor(
    private readonly catalogue: MasterDataReader,
    private readonly admins: AdminDirectory,
  ) {}

  /** The order row, locked for the rest of the transaction on MySQL, with its lines in entry order. */
  async load(manager: EntityManager, kind: OrderKind, id: number, lock = false): Promise<{ order: OrderRow; lines: OrderRow[] }> {
    const k = ORDER_KINDS[kind];
    const [order] = await manager.query(`SELECT * FROM ${k.orderTable} WHERE id = ?${lock ? forUpdate(manager) : ''}`, [id]);
    if (!order) throw new AppError('crud.record_not_found');
    const lines = await manager.query(`SELECT * FROM ${k.lineTable} WHERE ${k.lineOrderColumn} = ? ORDER BY id`, [id]);
    return { order: numeric(order), lines: lines.map(numeric) };
  }

  async replaceLines(manager: EntityManager, kind: OrderKind, orderId: number, lines: OrderRow[]): Promise<void> {
    const k = ORDER_KINDS[kind];
    await manager.query(`DELETE FROM ${k.lineTable} WHERE ${k.lineOrderColumn} = ?`, [orderId]);
    await insertMany(manager, k.lineTable, lines.map((line) => ({ [k.lineOrderColumn]: orderId, ...line })));
  }

  /** Sets a column of many lines by id (CASE per 500 lines): totals at audit, actual quantities at a move. */
  async setLineValues(manager: EntityManager, kind: OrderKind, column: 'total_price' | 'actual_quantity', values: Map<number, string | number>): Promise<void> {
    const k = ORDER_KINDS[kind];
    for (const part of chunk([...values])) {
      await manager.query(
        `UPDATE ${k.lineTable} SET ${column} = CASE id ${part.map(() => 'WHEN ? THEN ?').join(' ')} END WHERE id IN (${part.map(() => '?').join(',')})`,
        [...part.flat(), ...part.map(([id]) => id)],
      );
    }
  }

  /**
   * The order as every answer shows it: its lines with product and shelf names, its party and its operator.
   * A fixed number of statements whatever the line count.
   */
  async present(manager: EntityManager, kind: OrderKind, id: number): Promise<OrderRow> {
    const { order, lines } = await this.load(manager, kind, id);
    const k = ORDER_KINDS[kind];
    const shelfIds = lines.flatMap((l) => [l.warehouse_shelf_id, l.source_warehouse_shelf_id, l.target_warehouse_shelf_id]).filter(Boolean);
    const [products, shelves, parties, admins] = await Promise.all([
      this.catalogue.products(manager, lines.map((l) => l.product_id)),
      this.catalogue.shelves(manager, shelfIds),
      this.catalogue.parties(manager, k.party.party, [order[k.party.column]]),
      this.admins.displayNames(manager, [order.admin_id, order.audit_admin_id]),
    ]);
    const shelf = (id: number) => {
      const s = shelves.get(id);
      return s ? { id: s.id, name: s.name, serial_no: s.serial_no, warehouse_id: s.warehouse_id, warehouse_area_id: s.warehouse_area_id, location: s.location } : null;
    };
    const adminName = (adminId: number) => admins.get(adminId) ?? '';
    return {
      ...order,
      [k.party.party]: parties.get(order[k.party.column]) ?? null,
      operator: adminName(order.admin_id),
      auditor: order.audit_admin_id ? adminName(order.audit_admin_id) : '',
      lines: lines.map((line) => {
        const p = products.get(line.product_id);
        return {
          ...line,
          product: p ? { id: p.id, name: p.name, product_no: p.product_no, spec: p.spec, unit_name: p.unit_name, price: p.price } : null,
          ...(line.warehouse_shelf_id !== undefined ? { shelf: shelf(line.warehouse_shelf_id) } : {}),
          ...(line.source_warehouse_shelf_id !== undefined ? { source_shelf: shelf(line.source_warehouse_shelf_id), target_shelf: shelf(line.target_warehouse_shelf_id) } : {}),
        };
      }),
    };
  }
}

const MONEY = new Set(['price', 'total_price']);

/** Drivers disagree on numeric types (MySQL DECIMAL as string, SQLite as number): one shape for both. */
function numeric(row: OrderRow): OrderRow {
  const out: OrderRow = {};
  for (const [key, value] of Object.entries(row)) {
    out[key] = MONEY.has(key) ? toMoneyString(value) : typeof value === 'string' && /^(id|.*_id|.*_status|status|type|.*quantity|.*time)$/.test(key) ? Number(value) : value;
  }
  return out;
}
