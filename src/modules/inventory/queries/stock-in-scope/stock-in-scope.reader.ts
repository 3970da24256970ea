import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { forUpdate } from '../../../../shared/database/sql-dialect';
import { MASTER_DATA_TABLES } from '../../../master-data';

/** Where a count looks: a warehouse, optionally one area or one shelf, optionally one category (and its subcategories). */
export interface StockScope {
  warehouseId: number;
  areaId?: number;
  shelfId?: number;
  categoryId?: number;
}

export interface ScopedStream {
  product_id: number;
  warehouse_shelf_id: number;
  lot_no: string;
  quantity: number;
  version: number;
}

/**
 * The stock streams holding stock in a scope, with a locking read of their stock rows: the quantities and
 * versions answered are the latest committed and hold until the caller's transaction ends (a count's start
 * records them as the book). Shelves and categories are read by subqueries, which InnoDB does not lock.
 */
@Injectable()
export class StockInScopeReader {
  async streams(manager: EntityManager, scope: StockScope): Promise<ScopedStream[]> {
    const where = ['stock.quantity > 0', `stock.warehouse_shelf_id IN (SELECT id FROM ${MASTER_DATA_TABLES.shelf} WHERE warehouse_id = ?${scope.areaId ? ' AND warehouse_area_id = ?' : ''}${scope.shelfId ? ' AND id = ?' : ''})`];
    const params: number[] = [scope.warehouseId, ...(scope.areaId ? [scope.areaId] : []), ...(scope.shelfId ? [scope.shelfId] : [])];
    if (scope.categoryId) {
      const categories = await this.categoryAndBelow(manager, scope.categoryId);
      where.push(`stock.product_id IN (SELECT id FROM ${MASTER_DATA_TABLES.product} WHERE category_id IN (${categories.map(() => '?').join(',')}))`);
      params.push(...categories);
    }
    const rows: Array<Record<string, unknown>> = await manager.query(
      `SELECT stock.product_id, stock.warehouse_shelf_id, stock.lot_no, stock.quantity, stock.version FROM stock WHERE ${where.join(' AND ')} ORDER BY stock.product_id, stock.warehouse_shelf_id, stock.lot_no${forUpdate(manager)}`,
      params,
    );
    return rows.map((r) => ({ product_id: Number(r.product_id), warehouse_shelf_id: Number(r.warehouse_shelf_id), lot_no: String(r.lot_no ?? ''), quantity: Number(r.quantity), version: Number(r.version) }));
  }

  /** A category and every category below it (the tree is small: read whole). */
  private async categoryAndBelow(manager: EntityManager, id: number): Promise<number[]> {
    const rows: Array<{ id: unknown; pid: unknown }> = await manager.query(`SELECT id, pid FROM ${MASTER_DATA_TABLES.category}`);
    const children = new Map<number, number[]>();
    for (const r of rows) children.set(Number(r.pid), [...(children.get(Number(r.pid)) ?? []), Number(r.id)]);
    const found = [id];
    for (let i = 0; i < found.length; i++) for (const child of children.get(found[i]) ?? []) if (!found.includes(child)) found.push(child);
    return found;
  }
}
