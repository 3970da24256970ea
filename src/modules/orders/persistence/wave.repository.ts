import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { forUpdate } from '../../../shared/database/sql-dialect';
import { AppError } from '../../../shared/http/app-error';
import { LifecycleDocument } from '../../../shared/transitions';
import type { WaveView } from '../../../../contract/directed';
import { TASK_STATUS } from '../../../../contract/enums';
import { TaskRepository } from './task.repository';

/** A wave as its commands decide on it: the row and the ids of its orders (locked with it). */
export interface WaveState {
  wave: { id: number; wave_no: string; warehouse_id: number; status: number; remark: string };
  orderIds: number[];
}

/** Waves, read and written with plain statements in the caller's transaction. */
@Injectable()
export class WaveRepository {
  readonly document: LifecycleDocument<WaveState, WaveView>;

  constructor(private readonly tasks: TaskRepository) {
    this.document = {
      name: 'wave',
      table: 'wave',
      stateColumns: ['status'],
      changedMeanwhile: 'orders.wave_changed_meanwhile',
      lock: (manager, id) => this.lock(manager, id),
      present: (manager, id) => this.present(manager, id),
    };
  }

  /** The wave, then its orders, with locking reads (the orders in id order). */
  async lock(manager: EntityManager, id: number): Promise<WaveState> {
    const [row] = await manager.query(`SELECT * FROM wave WHERE id = ?${forUpdate(manager)}`, [id]);
    if (!row) throw new AppError('crud.record_not_found');
    const orders: Array<{ id: number }> = await manager.query(`SELECT id FROM outbound_order WHERE wave_id = ? ORDER BY id${forUpdate(manager)}`, [id]);
    return {
      wave: { id: Number(row.id), wave_no: String(row.wave_no), warehouse_id: Number(row.warehouse_id), status: Number(row.status), remark: String(row.remark ?? '') },
      orderIds: orders.map((o) => Number(o.id)),
    };
  }

  async present(manager: EntityManager, id: number): Promise<WaveView> {
    const [row] = await manager.query('SELECT * FROM wave WHERE id = ?', [id]);
    if (!row) throw new AppError('crud.record_not_found');
    // a cancelled wave lets its orders go: it names the orders its tasks served
    const orders: Array<Record<string, unknown>> = await manager.query(
      'SELECT id, outbound_no, audit_status, fulfilment_status, customer_id FROM outbound_order WHERE wave_id = ? ORDER BY id',
      [id],
    );
    const taskRows: Array<Record<string, unknown>> = await manager.query('SELECT * FROM task WHERE wave_id = ? ORDER BY sequence, id', [id]);
    const tasks = await this.tasks.views(manager, taskRows);
    const closed = tasks.filter((t) => t.status === TASK_STATUS.done || t.status === TASK_STATUS.short || t.status === TASK_STATUS.cancelled).length;
    return {
      id: Number(row.id),
      wave_no: String(row.wave_no),
      warehouse_id: Number(row.warehouse_id),
      status: Number(row.status),
      remark: String(row.remark ?? ''),
      admin_id: Number(row.admin_id),
      release_time: row.release_time === null ? null : Number(row.release_time),
      createtime: row.createtime === null ? null : Number(row.createtime),
      updatetime: row.updatetime === null ? null : Number(row.updatetime),
      outbound_ids: orders.map((o) => Number(o.id)),
      orders: orders.map((o) => ({ id: Number(o.id), outbound_no: String(o.outbound_no), audit_status: Number(o.audit_status), fulfilment_status: Number(o.fulfilment_status), customer_id: Number(o.customer_id) })),
      tasks,
      progress: { tasks: tasks.length, closed, quantity: tasks.reduce((s, t) => s + (t.status === TASK_STATUS.cancelled ? 0 : t.quantity), 0), done_quantity: tasks.reduce((s, t) => s + t.done_quantity, 0) },
    };
  }
}
