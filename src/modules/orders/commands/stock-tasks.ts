import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { forUpdate, insertMany, isMysql } from '../../../shared/database/sql-dialect';
import { siteDayOf } from '../../../shared/time/site-day';
import { unixNow } from '../../../shared/http/envelope';
import { OpenTransition } from '../../../shared/transitions';
import { FormType, StockEventType, StockLedger } from '../../inventory';
import { MASTER_DATA_TABLES, MasterDataReader } from '../../master-data';
import { SiteConfigService } from '../../platform';
import { SHELF_KIND, TASK_STATUS, TASK_TYPE } from '../../../../contract/enums';
import { OrderRuleError } from '../domain/order-errors';
import { checkPutawayTarget, replenishmentNeed } from '../domain/putaway';
import { confirmTask, ConfirmInput, TaskState } from '../domain/task';
import { operatorName } from './goods-order-audit';
import { PutawayPlanner } from './putaway-planner';

const int = (v: unknown) => Number(v ?? 0);
/** A locking read that sees what others committed since this transaction's snapshot (MariaDB); SQLite's transactions take turns. */
const shared = (manager: EntityManager) => (isMysql(manager) ? ' LOCK IN SHARE MODE' : '');

/** A putaway confirm may go elsewhere than suggested: forced past capacity or mixing with a reason. */
export interface StockTaskInput extends ConfirmInput {
  force: boolean;
  reason: string;
}

/** What a replenishment run did: the tasks it created, per face. */
export interface ReplenishmentResult {
  faces: number;
  tasks: number;
}

/**
 * Putaway (type 2) and replenishment (type 3) on the task engine: confirming one moves the stock shelf to
 * shelf through the ledger (form type 130 or 140); a replenishment run plans type-3 tasks for the pick faces
 * below their minimum.
 */
@Injectable()
export class StockTasks {
  constructor(
    private readonly ledger: StockLedger,
    private readonly catalogue: MasterDataReader,
    private readonly planner: PutawayPlanner,
    private readonly siteConfig: SiteConfigService,
  ) {}

  /**
   * Confirm by scan: the source shelf, the product, and (putaway) the shelf actually used. A putaway onto
   * another shelf than suggested (before any of it was put away) must be a storage shelf of the warehouse
   * within its room and mixing, or forced with a reason; the task then names that shelf.
   */
  async confirm({ manager, state: task, context: { admin }, write }: OpenTransition<TaskState>, input: StockTaskInput): Promise<void> {
    let target = task.to_shelf_id;
    if (task.type === TASK_TYPE.putaway) {
      if (!input.toShelfId) throw new OrderRuleError(input.toShelfId === null ? 'task_wrong_target' : 'task_needs_target');
      if (input.toShelfId !== task.to_shelf_id) {
        if (task.done_quantity > 0) throw new OrderRuleError('task_wrong_target');
        const shelf = await this.planner.targetShelf(manager, input.toShelfId, true);
        if (!shelf || shelf.deleted || shelf.status !== 1 || shelf.kind !== SHELF_KIND.storage || shelf.warehouse_id !== task.warehouse_id) throw new OrderRuleError('putaway_target_invalid');
        checkPutawayTarget(shelf, task.product_id, task.lot_no, input.quantity, { force: input.force, reason: input.reason });
        target = input.toShelfId;
      }
    }
    const decision = confirmTask({ ...task, to_shelf_id: target }, admin.id, input.toShelfId === undefined ? input : { ...input, toShelfId: input.toShelfId });
    const now = unixNow();
    if (input.quantity > 0) {
      const products = await this.catalogue.products(manager, [task.product_id]);
      await this.ledger.post(
        manager,
        [
          {
            type: StockEventType.movedOut,
            formType: task.type === TASK_TYPE.putaway ? FormType.putaway : FormType.replenishment,
            productId: task.product_id,
            shelfId: task.from_shelf_id,
            quantity: -input.quantity,
            price: products.get(task.product_id)?.price ?? '0.00',
            lotNo: task.lot_no,
            to: { shelfId: target, type: StockEventType.movedIn },
            ...(input.unit ? { unit: input.unit } : {}),
            ...(input.serials?.length ? { serials: input.serials } : {}),
          },
        ],
        { order_type: 'task', order_id: task.id, order_no: `T${task.id}`, admin_id: admin.id, operator: operatorName(admin), command_id: randomUUID(), occurredAt: now },
        { products },
      );
    }
    await write(
      { status: decision.status, done_quantity: decision.done, to_shelf_id: target, assignee_id: task.assignee_id || admin.id, done_time: decision.status === TASK_STATUS.claimed ? null : now, updatetime: now },
      { status: task.status, done_quantity: task.done_quantity },
    );
  }

  /**
   * Replenishment (§12): for each pick face (of the warehouse, or the faces named) whose available stock plus
   * open replenishment into it is below its min, tasks from the warehouse's other storage streams of the
   * product, first-expiry-first-out, for max − (available + incoming). The faces are locked first, so a run
   * at the same time waits and then counts these tasks: while they are open, a second run creates none.
   */
  async replenish(manager: EntityManager, scope: { warehouseId?: number; faceIds?: number[] }): Promise<ReplenishmentResult> {
    const where: string[] = [];
    const params: number[] = [];
    if (scope.warehouseId) (where.push('warehouse_id = ?'), params.push(scope.warehouseId));
    if (scope.faceIds) {
      if (!scope.faceIds.length) return { faces: 0, tasks: 0 };
      where.push(`id IN (${scope.faceIds.map(() => '?').join(',')})`);
      params.push(...scope.faceIds);
    }
    const faces: Array<Record<string, unknown>> = await manager.query(`SELECT * FROM pick_face${where.length ? ` WHERE ${where.join(' AND ')}` : ''} ORDER BY id${forUpdate(manager)}`, params);
    const now = unixNow();
    const today = siteDayOf(await this.siteConfig.timeZone(manager))(now);
    let created = 0;
    let below = 0;
    for (const face of faces) {
      const shelfId = int(face.warehouse_shelf_id);
      const productId = int(face.product_id);
      const warehouseId = int(face.warehouse_id);
      const [have] = await manager.query(
        `SELECT COALESCE(SUM(st.quantity - st.reserved_quantity), 0) AS n FROM stock st JOIN ${MASTER_DATA_TABLES.shelf} s ON s.id = st.warehouse_shelf_id
          WHERE st.warehouse_shelf_id = ? AND st.product_id = ? AND s.kind = ? AND s.status = 1 AND s.deletetime IS NULL${shared(manager)}`,
        [shelfId, productId, SHELF_KIND.storage],
      );
      const [incoming] = await manager.query(`SELECT COALESCE(SUM(quantity - done_quantity), 0) AS n FROM task WHERE type = ? AND status IN (?, ?) AND to_shelf_id = ? AND product_id = ?${shared(manager)}`, [
        TASK_TYPE.replenishment,
        TASK_STATUS.open,
        TASK_STATUS.claimed,
        shelfId,
        productId,
      ]);
      let need = replenishmentNeed({ min: int(face.min), max: int(face.max) }, Math.max(0, int(have.n)), int(incoming.n));
      if (!need) continue;
      below++;
      // the other storage streams of the product in the warehouse (not another face of it), first-expiry-first-out, less what open replenishments take
      const streams: Array<Record<string, unknown>> = await manager.query(
        `SELECT st.warehouse_shelf_id, st.lot_no, st.expiry_date, st.lot_received_at, st.quantity - st.reserved_quantity AS free,
                (SELECT COALESCE(SUM(t.quantity - t.done_quantity), 0) FROM task t WHERE t.type = ? AND t.status IN (?, ?) AND t.from_shelf_id = st.warehouse_shelf_id AND t.product_id = st.product_id AND t.lot_no = st.lot_no) AS leaving
           FROM stock st JOIN ${MASTER_DATA_TABLES.shelf} s ON s.id = st.warehouse_shelf_id
          WHERE st.product_id = ? AND s.warehouse_id = ? AND s.kind = ? AND s.status = 1 AND s.deletetime IS NULL AND st.warehouse_shelf_id <> ?
            AND st.quantity - st.reserved_quantity > 0
            AND st.warehouse_shelf_id NOT IN (SELECT f.warehouse_shelf_id FROM pick_face f WHERE f.product_id = ?)${shared(manager)}`,
        [TASK_TYPE.replenishment, TASK_STATUS.open, TASK_STATUS.claimed, productId, warehouseId, SHELF_KIND.storage, shelfId, productId],
      );
      const usable = streams
        .map((r) => ({ shelfId: int(r.warehouse_shelf_id), lotNo: String(r.lot_no ?? ''), expiry: String(r.expiry_date ?? ''), received: int(r.lot_received_at), free: int(r.free) - int(r.leaving) }))
        .filter((r) => r.free > 0 && !(r.expiry && r.expiry < today))
        .sort((a, b) => Number(a.expiry === '') - Number(b.expiry === '') || a.expiry.localeCompare(b.expiry) || a.received - b.received || a.lotNo.localeCompare(b.lotNo) || a.shelfId - b.shelfId);
      const tasks: Array<Record<string, unknown>> = [];
      for (const stream of usable) {
        if (!need) break;
        const take = Math.min(need, stream.free);
        need -= take;
        tasks.push({
          type: TASK_TYPE.replenishment,
          status: TASK_STATUS.open,
          wave_id: 0,
          warehouse_id: warehouseId,
          from_shelf_id: stream.shelfId,
          to_shelf_id: shelfId,
          product_id: productId,
          lot_no: stream.lotNo,
          quantity: take,
          done_quantity: 0,
          sequence: 0,
          assignee_id: 0,
          breakdown: '[]',
          createtime: now,
          updatetime: now,
        });
      }
      if (tasks.length) await insertMany(manager, 'task', tasks);
      created += tasks.length;
    }
    return { faces: below, tasks: created };
  }

  /** After a pick from `shelfId`: with `auto_replenish` on (the default), the product's face there is replenished in the same transaction. */
  async afterPick(manager: EntityManager, shelfId: number, productId: number): Promise<void> {
    const [face] = await manager.query('SELECT id FROM pick_face WHERE warehouse_shelf_id = ? AND product_id = ?', [shelfId, productId]);
    if (!face) return;
    const setting = await this.siteConfig.get('auto_replenish', manager);
    if (setting !== null && String(setting).trim() === '0') return;
    await this.replenish(manager, { faceIds: [int(face.id)] });
  }
}
