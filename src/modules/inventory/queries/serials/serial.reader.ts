import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import type { SerialMovement, SerialView } from '../../../../../contract/serials';
import { chunk } from '../../../../shared/database/sql-dialect';
import { MASTER_DATA_TABLES } from '../../../master-data';

/** `wms.Serial/index` filters (validated by the controller's DTO). */
export interface SerialQuery {
  product_id?: number;
  /** Normalized (trimmed, upper-case): exact match. */
  serial_no?: string;
  warehouse_shelf_id?: number;
  in_stock?: number;
  page: number;
  limit: number;
}

/**
 * Where serials are and how they moved: the `stock_serial` projection filtered and paged (newest movement
 * first), then each listed serial's movements from `stock_serial_movement` joined to the history rows of their
 * events (order, time, shelf, lot, operator), oldest first. Constant SQL with bound parameters; two statements
 * per page plus one per 200 serials listed.
 */
@Injectable()
export class SerialReader {
  async list(manager: EntityManager, query: SerialQuery): Promise<{ list: SerialView[]; total: number }> {
    const where: string[] = [];
    const params: unknown[] = [];
    if (query.product_id) (where.push('s.product_id = ?'), params.push(query.product_id));
    if (query.serial_no) (where.push('s.serial_no = ?'), params.push(query.serial_no));
    if (query.warehouse_shelf_id) (where.push('s.warehouse_shelf_id = ?'), params.push(query.warehouse_shelf_id));
    if (query.in_stock === 0 || query.in_stock === 1) (where.push('s.in_stock = ?'), params.push(query.in_stock));
    // a serial registered by a receipt still in flight (no event yet) is nowhere yet
    where.push('s.last_event_id > 0');
    const clause = `WHERE ${where.join(' AND ')}`;
    const [{ n }] = await manager.query(`SELECT COUNT(*) AS n FROM stock_serial s ${clause}`, params);
    const rows: Array<Record<string, unknown>> = await manager.query(
      `SELECT s.id, s.product_id, s.serial_no, s.warehouse_id, s.warehouse_shelf_id, s.lot_no, s.in_stock, s.last_event_id, s.updatetime, p.name AS product_name, p.product_no FROM stock_serial s LEFT JOIN ${MASTER_DATA_TABLES.product} p ON p.id = s.product_id ${clause} ORDER BY s.last_event_id DESC, s.id DESC LIMIT ? OFFSET ?`,
      [...params, query.limit, (query.page - 1) * query.limit],
    );
    const movements = await this.movements(manager, rows.map((r) => ({ productId: Number(r.product_id), serial: String(r.serial_no) })));
    const list = rows.map<SerialView>((r) => {
      const moved = movements.get(`${Number(r.product_id)}:${String(r.serial_no)}`) ?? [];
      const last = moved.find((m) => m.event_id === Number(r.last_event_id));
      return {
        id: Number(r.id),
        product_id: Number(r.product_id),
        serial_no: String(r.serial_no),
        warehouse_id: Number(r.warehouse_id),
        warehouse_shelf_id: Number(r.warehouse_shelf_id),
        lot_no: String(r.lot_no ?? ''),
        in_stock: Number(r.in_stock),
        last_event_id: Number(r.last_event_id),
        updatetime: r.updatetime === null || r.updatetime === undefined ? null : Number(r.updatetime),
        product: r.product_name === null || r.product_name === undefined ? null : { name: String(r.product_name), product_no: String(r.product_no ?? '') },
        shelf_location: last?.shelf_location ?? '',
        movements: moved,
      };
    });
    return { list, total: Number(n) };
  }

  /** Each serial's movements, oldest first, keyed `product:serial`. */
  async movements(manager: EntityManager, serials: ReadonlyArray<{ productId: number; serial: string }>): Promise<Map<string, SerialMovement[]>> {
    const found = new Map<string, SerialMovement[]>();
    for (const part of chunk([...serials], 200)) {
      const rows: Array<Record<string, unknown>> = await manager.query(
        `SELECT m.product_id, m.serial_no, h.event_id, h.order_type, h.order_id, h.order_no, h.form_type, h.quantity, h.warehouse_shelf_id, h.shelf_location, h.lot_no, h.operator, h.createtime FROM stock_serial_movement m JOIN inventory_history h ON h.event_id = m.event_id WHERE ${part.map(() => '(m.product_id = ? AND m.serial_no = ?)').join(' OR ')} ORDER BY m.event_id`,
        part.flatMap((s) => [s.productId, s.serial]),
      );
      for (const row of rows) {
        const key = `${Number(row.product_id)}:${String(row.serial_no)}`;
        if (!found.has(key)) found.set(key, []);
        found.get(key)!.push({
          event_id: Number(row.event_id),
          order_type: String(row.order_type),
          order_id: Number(row.order_id),
          order_no: String(row.order_no),
          form_type: Number(row.form_type),
          direction: Number(row.quantity) > 0 ? 1 : -1,
          warehouse_shelf_id: Number(row.warehouse_shelf_id),
          shelf_location: String(row.shelf_location ?? ''),
          lot_no: String(row.lot_no ?? ''),
          operator: String(row.operator ?? ''),
          createtime: Number(row.createtime),
        });
      }
    }
    return found;
  }
}
