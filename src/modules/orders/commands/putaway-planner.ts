import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { forUpdate, insertMany, isMysql } from '../../../shared/database/sql-dialect';
import { MASTER_DATA_TABLES } from '../../master-data';
import { SHELF_KIND, TASK_STATUS, TASK_TYPE } from '../../../../contract/enums';
import { OrderRuleError } from '../domain/order-errors';
import { PutawayRuleState, PutawayShelf, PutawaySuggestion, shelfIdsOf, suggestPutaway } from '../domain/putaway';

/** A locking read that sees what others committed (MariaDB's REPEATABLE READ snapshot would not); SQLite's transactions take turns. */
const shared = (manager: EntityManager) => (isMysql(manager) ? ' LOCK IN SHARE MODE' : '');
const int = (v: unknown) => Number(v ?? 0);
const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

/** A shelf a putaway or replenishment may go to, with where it is and what it holds. */
export interface TargetShelf extends PutawayShelf {
  warehouse_id: number;
  kind: number;
  status: number;
  deleted: boolean;
}

export interface SuggestInput {
  warehouseId: number;
  productId: number;
  quantity: number;
  lotNo: string;
}

/**
 * Directed putaway (§12): where goods go, from the putaway rules, the shelves' capacity and mixing, what lies
 * there and what open putaway and replenishment tasks bring. With `lock`, the warehouse's storage shelves are
 * locked first (the audit that creates tasks), so two putaways planned at once take turns and the second
 * counts the first one's tasks.
 */
@Injectable()
export class PutawayPlanner {
  async suggest(manager: EntityManager, input: SuggestInput, options: { lock?: boolean } = {}): Promise<PutawaySuggestion> {
    const [product] = await manager.query(`SELECT id, category_id FROM ${MASTER_DATA_TABLES.product} WHERE id = ? AND deletetime IS NULL`, [input.productId]);
    if (!product) throw new OrderRuleError('unknown_product', { line: 1 });
    const [warehouse] = await manager.query(`SELECT id FROM ${MASTER_DATA_TABLES.warehouse} WHERE id = ? AND deletetime IS NULL`, [input.warehouseId]);
    if (!warehouse) throw new OrderRuleError('unknown_warehouse');
    const shelves = await this.storageShelves(manager, input.warehouseId, !!options.lock);
    return suggestPutaway(
      { product_id: input.productId, lot_no: input.lotNo, quantity: input.quantity, categories: await this.categoryChain(manager, int(product.category_id)) },
      await this.rules(manager, input.warehouseId),
      shelves,
    );
  }

  /** The warehouse's receiving shelf (kind 1, enabled, first by code); none → refused. */
  async receivingShelf(manager: EntityManager, warehouseId: number): Promise<number> {
    const [dock] = await manager.query(
      `SELECT id FROM ${MASTER_DATA_TABLES.shelf} WHERE warehouse_id = ? AND kind = ? AND status = 1 AND deletetime IS NULL ORDER BY serial_no, id LIMIT 1`,
      [warehouseId, SHELF_KIND.receiving],
    );
    if (!dock) throw new OrderRuleError('no_receiving_shelf');
    return int(dock.id);
  }

  /**
   * Putaway tasks for goods received on the dock: one per target shelf of each line's suggestion (planned one
   * line after the other, each counting the tasks before it); what fits nowhere becomes a task without a
   * target (the worker scans one, checked against capacity and mixing).
   */
  async createTasks(manager: EntityManager, warehouseId: number, dockId: number, lines: ReadonlyArray<{ productId: number; lotNo: string; quantity: number }>, now: number): Promise<void> {
    await this.lockStorage(manager, warehouseId);
    for (const line of lines) {
      const suggestion = await this.suggest(manager, { warehouseId, productId: line.productId, quantity: line.quantity, lotNo: line.lotNo }, { lock: true });
      const targets = [...suggestion.lines, ...(suggestion.unplaced ? [{ warehouse_shelf_id: 0, quantity: suggestion.unplaced }] : [])];
      await insertMany(
        manager,
        'task',
        targets.map((target) => ({
          type: TASK_TYPE.putaway,
          status: TASK_STATUS.open,
          wave_id: 0,
          warehouse_id: warehouseId,
          from_shelf_id: dockId,
          to_shelf_id: target.warehouse_shelf_id,
          product_id: line.productId,
          lot_no: line.lotNo,
          quantity: target.quantity,
          done_quantity: 0,
          sequence: 0,
          assignee_id: 0,
          breakdown: '[]',
          createtime: now,
          updatetime: now,
        })),
      );
    }
  }

  /** One shelf as a target: where it is, its capacity and mixing, and what lies there or is on its way (locked with `lock`). */
  async targetShelf(manager: EntityManager, shelfId: number, lock: boolean): Promise<TargetShelf | null> {
    const [row] = await manager.query(`SELECT id, warehouse_id, warehouse_area_id, kind, status, capacity, mixing, deletetime FROM ${MASTER_DATA_TABLES.shelf} WHERE id = ?${lock ? forUpdate(manager) : ''}`, [shelfId]);
    if (!row) return null;
    const contents = await this.contents(manager, [shelfId], lock);
    return { ...shelfOf(row), warehouse_id: int(row.warehouse_id), kind: int(row.kind), status: int(row.status), deleted: row.deletetime !== null && row.deletetime !== undefined, contents: contents.get(shelfId) ?? [] };
  }

  /** Locks the warehouse's storage shelves (in id order): putaways planned at once take turns. */
  async lockStorage(manager: EntityManager, warehouseId: number): Promise<void> {
    await manager.query(`SELECT id FROM ${MASTER_DATA_TABLES.shelf} WHERE warehouse_id = ? AND kind = ? ORDER BY id${forUpdate(manager)}`, [warehouseId, SHELF_KIND.storage]);
  }

  /** The warehouse's enabled storage shelves in pick-path order (area code, then shelf code, numbers as numbers), with their contents. */
  private async storageShelves(manager: EntityManager, warehouseId: number, lock: boolean): Promise<PutawayShelf[]> {
    const rows: Array<Record<string, unknown>> = await manager.query(
      `SELECT s.id, s.warehouse_area_id, s.serial_no, s.name, s.capacity, s.mixing, a.serial_no AS area_serial_no, a.name AS area_name
         FROM ${MASTER_DATA_TABLES.shelf} s LEFT JOIN ${MASTER_DATA_TABLES.warehouse_area} a ON a.id = s.warehouse_area_id
        WHERE s.warehouse_id = ? AND s.kind = ? AND s.status = 1 AND s.deletetime IS NULL`,
      [warehouseId, SHELF_KIND.storage],
    );
    const path = (r: Record<string, unknown>) => [String(r.area_serial_no || r.area_name || ''), String(r.serial_no || r.name || '')];
    rows.sort((a, b) => collator.compare(path(a)[0], path(b)[0]) || collator.compare(path(a)[1], path(b)[1]) || int(a.id) - int(b.id));
    const contents = await this.contents(manager, rows.map((r) => int(r.id)), lock);
    return rows.map((r) => ({ ...shelfOf(r), contents: contents.get(int(r.id)) ?? [] }));
  }

  /** Stock on the shelves and the rest of the open putaway and replenishment tasks into them. */
  private async contents(manager: EntityManager, shelfIds: number[], lock: boolean): Promise<Map<number, PutawayShelf['contents']>> {
    const found = new Map<number, PutawayShelf['contents']>();
    if (!shelfIds.length) return found;
    const lockRead = lock ? shared(manager) : '';
    const marks = shelfIds.map(() => '?').join(',');
    const stock: Array<Record<string, unknown>> = await manager.query(`SELECT warehouse_shelf_id AS shelf, product_id, lot_no, quantity FROM stock WHERE warehouse_shelf_id IN (${marks}) AND quantity > 0${lockRead}`, shelfIds);
    const tasks: Array<Record<string, unknown>> = await manager.query(
      `SELECT to_shelf_id AS shelf, product_id, lot_no, quantity - done_quantity AS quantity FROM task WHERE to_shelf_id IN (${marks}) AND type IN (?, ?) AND status IN (?, ?)${lockRead}`,
      [...shelfIds, TASK_TYPE.putaway, TASK_TYPE.replenishment, TASK_STATUS.open, TASK_STATUS.claimed],
    );
    for (const r of [...stock, ...tasks]) {
      const list = found.get(int(r.shelf)) ?? [];
      list.push({ product_id: int(r.product_id), lot_no: String(r.lot_no ?? ''), quantity: int(r.quantity) });
      found.set(int(r.shelf), list);
    }
    return found;
  }

  /** The enabled putaway rules of the warehouse. */
  private async rules(manager: EntityManager, warehouseId: number): Promise<PutawayRuleState[]> {
    const rows: Array<Record<string, unknown>> = await manager.query('SELECT * FROM putaway_rule WHERE warehouse_id = ? AND status = 1', [warehouseId]);
    return rows.map((r) => ({ id: int(r.id), product_id: int(r.product_id), category_id: int(r.category_id), warehouse_area_id: int(r.warehouse_area_id), shelf_ids: shelfIdsOf(r.shelf_ids), priority: int(r.priority) }));
  }

  /** The category and its ancestors, nearest first (at most 32 levels; a cycle stops it). */
  private async categoryChain(manager: EntityManager, categoryId: number): Promise<number[]> {
    const chain: number[] = [];
    let id = categoryId;
    while (id && !chain.includes(id) && chain.length < 32) {
      chain.push(id);
      const [row] = await manager.query(`SELECT pid FROM ${MASTER_DATA_TABLES.category} WHERE id = ?`, [id]);
      id = row ? int(row.pid) : 0;
    }
    return chain;
  }
}

function shelfOf(row: Record<string, unknown>): Omit<PutawayShelf, 'contents'> {
  return { id: int(row.id), warehouse_area_id: int(row.warehouse_area_id), capacity: int(row.capacity), mixing: int(row.mixing) };
}
