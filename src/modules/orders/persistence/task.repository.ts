import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { forUpdate } from '../../../shared/database/sql-dialect';
import { AppError } from '../../../shared/http/app-error';
import { LifecycleDocument } from '../../../shared/transitions';
import { MasterDataReader } from '../../master-data';
import type { TaskView } from '../../../../contract/directed';
import { BreakdownEntry, TaskState } from '../domain/task';

const int = (v: unknown) => Number(v ?? 0);

/** A task row as the commands decide on it. */
export function taskOf(row: Record<string, unknown>): TaskState {
  let breakdown: BreakdownEntry[] = [];
  try {
    breakdown = row.breakdown ? (JSON.parse(String(row.breakdown)) as BreakdownEntry[]) : [];
  } catch {
    breakdown = [];
  }
  return {
    id: int(row.id),
    type: int(row.type),
    status: int(row.status),
    wave_id: int(row.wave_id),
    warehouse_id: int(row.warehouse_id),
    from_shelf_id: int(row.from_shelf_id),
    to_shelf_id: int(row.to_shelf_id),
    product_id: int(row.product_id),
    lot_no: String(row.lot_no ?? ''),
    quantity: int(row.quantity),
    done_quantity: int(row.done_quantity),
    sequence: int(row.sequence),
    assignee_id: int(row.assignee_id),
    breakdown,
  };
}

/** Tasks (every kind of directed work), read and written with plain statements in the caller's transaction. */
@Injectable()
export class TaskRepository {
  readonly document: LifecycleDocument<TaskState, TaskView>;

  constructor(
    private readonly catalogue: MasterDataReader,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {
    this.document = {
      name: 'task',
      table: 'task',
      stateColumns: ['status', 'done_quantity', 'assignee_id'],
      changedMeanwhile: 'orders.task_changed_meanwhile',
      beforeLock: (id) => this.waveOf(id),
      lock: (manager, id, waveId) => this.lock(manager, id, Number(waveId ?? 0)),
      present: (manager, id) => this.present(manager, id),
    };
  }

  /**
   * The task with a locking read, its wave locked first. Every command on a wave's tasks (claim, unclaim,
   * confirm, short) takes the wave, then the task, and so does the wave's cancel (wave, then its tasks): a
   * confirm closing the wave's last task reads the wave's open tasks with a locking read, and a picker who had
   * locked their own task and then waited for the wave would hold one of those rows — two pickers waiting on
   * each other in a circle. The task's wave never changes: `waveOf` reads it before the transaction (a plain
   * read inside would fix the transaction's snapshot before its locks). SQLite's transactions take turns: no locks.
   */
  async lock(manager: EntityManager, id: number, waveId: number): Promise<TaskState> {
    const lockClause = forUpdate(manager);
    if (lockClause && waveId) await manager.query(`SELECT id FROM wave WHERE id = ?${lockClause}`, [waveId]);
    const [row] = await manager.query(`SELECT * FROM task WHERE id = ?${lockClause}`, [id]);
    if (!row) throw new AppError('crud.record_not_found');
    return taskOf(row);
  }

  /** The task's wave (0 for none or no such task), read outside any transaction: it never changes. Only where `lock` locks. */
  async waveOf(id: number): Promise<number> {
    return forUpdate(this.dataSource.manager) ? (await this.placeOf(id)).waveId : 0;
  }

  /**
   * The task's warehouse and wave (0 for none or no such task) in one read, outside any transaction: neither ever
   * changes. A confirm needs the warehouse for its scanned shelf codes and hands the wave to the runner, which
   * then need not read it again (`beforeLock`).
   */
  async placeOf(id: number): Promise<{ warehouseId: number; waveId: number }> {
    const [row] = await this.dataSource.query('SELECT warehouse_id, wave_id FROM task WHERE id = ?', [id]);
    return { warehouseId: int(row?.warehouse_id), waveId: int(row?.wave_id) };
  }

  async present(manager: EntityManager, id: number): Promise<TaskView> {
    const [row] = await manager.query('SELECT * FROM task WHERE id = ?', [id]);
    if (!row) throw new AppError('crud.record_not_found');
    return (await this.views(manager, [row]))[0];
  }

  /** Tasks as every answer and list shows them: the product and both shelves named, what remains. */
  async views(manager: EntityManager, rows: Array<Record<string, unknown>>): Promise<TaskView[]> {
    const tasks = rows.map((row) => ({ ...taskOf(row), claim_time: row.claim_time === null ? null : int(row.claim_time), done_time: row.done_time === null ? null : int(row.done_time), createtime: int(row.createtime) }));
    const [products, shelves] = await Promise.all([this.catalogue.products(manager, tasks.map((t) => t.product_id)), this.catalogue.shelves(manager, tasks.flatMap((t) => [t.from_shelf_id, t.to_shelf_id]))]);
    const shelf = (id: number) => {
      const s = shelves.get(id);
      return s ? { id: s.id, name: s.name, serial_no: s.serial_no, location: s.location } : null;
    };
    return tasks.map((t) => {
      const p = products.get(t.product_id);
      return {
        ...t,
        remaining: t.quantity - t.done_quantity,
        product: p ? { id: p.id, name: p.name, product_no: p.product_no, bar_code: p.bar_code ?? '', unit_name: p.unit_name, serial_tracked: p.serial_tracked ? 1 : 0 } : null,
        from_shelf: shelf(t.from_shelf_id),
        to_shelf: shelf(t.to_shelf_id),
      };
    });
  }
}
