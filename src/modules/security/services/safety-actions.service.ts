import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { DataChanges, RecycledRecord } from '../../../shared/crud';
import { isDuplicateKey } from '../../../shared/database/sql-dialect';
import { TransactionRunner } from '../../../shared/database/transaction-runner';
import { AppError } from '../../../shared/http/app-error';
import { translate } from '../../../shared/http/translate';
import { assertMayRestore, assertMayRollBack, assertUnchangedSince } from '../domain/safety-rules';
import { DataRecycleLogEntity, SensitiveDataLogEntity } from '../persistence/security.entities';
import { DescribedRestorer } from './described-restorer';
import { columnText, escapeName, selectRows } from './raw-rows';

export interface Outcome {
  /** Log ids acted on. */
  done: number[];
  /** Log ids refused, each with the translated reason. */
  refused: Array<{ id: number; reason: string }>;
}

/**
 * Restoring recycled rows and rolling back sensitive changes: each log row in its own transaction, so one
 * that conflicts is refused with its reason while the others go through; a log row is marked in the same
 * transaction (restored or rolled back once, also when two requests race).
 */
@Injectable()
export class SafetyActionsService {
  constructor(
    private readonly transactions: TransactionRunner,
    private readonly changes: DataChanges,
  ) {}

  restore(ids: number[], operator: { isSuper: boolean }): Promise<Outcome> {
    return this.each(ids, async (manager, id) => {
      const log = await this.lock(manager, DataRecycleLogEntity, id);
      assertMayRestore(log, operator);
      const record = JSON.parse(log.data ?? 'null') as RecycledRecord | null;
      if (!record?.row) throw new AppError('security.record_unreadable');
      // A table written outside the generic CRUD describes how its rows come back; the others use their CRUD's checks.
      const description = this.changes.descriptionOf(record.table);
      const restorer = description ? new DescribedRestorer(description) : (this.changes.restorerOf(record.table) ?? new DescribedRestorer({}));
      await restorer.restore(manager, record);
      const marked = await manager.update(DataRecycleLogEntity, { id, is_restore: 0 }, { is_restore: 1 });
      if (!marked.affected) throw new AppError('security.already_restored');
    });
  }

  rollback(ids: number[], operator: { isSuper: boolean }): Promise<Outcome> {
    return this.each(ids, async (manager, id) => {
      const log = await this.lock(manager, SensitiveDataLogEntity, id);
      assertMayRollBack(log, operator);
      const virtual = this.changes.virtualFieldsOf(log.data_table).get(log.data_field);
      const id_ = Number(log.id_value);
      let current: string | null;
      if (virtual) {
        current = await virtual.read(manager, id_);
      } else {
        const [row] = await selectRows(manager, log.data_table, log.primary_key, [id_]);
        if (!row) throw new AppError('crud.record_not_found');
        if (!(log.data_field in row)) throw new AppError('security.field_gone', { field: log.data_field });
        current = columnText(manager, log.data_table, log.data_field, row[log.data_field]);
      }
      assertUnchangedSince(log, current);
      if (virtual) {
        await virtual.write(manager, id_, log.before ?? '');
      } else {
        const e = (name: string) => escapeName(manager, name);
        // conditional: only while the row still holds the logged value
        const sql = `UPDATE ${e(log.data_table)} SET ${e(log.data_field)} = ? WHERE ${e(log.primary_key)} = ? AND ${e(log.data_field)} ${log.after === null ? 'IS NULL' : '= ?'}`;
        await manager.query(sql, log.after === null ? [log.before, id_] : [log.before, id_, log.after]);
      }
      const marked = await manager.update(SensitiveDataLogEntity, { id, is_rollback: 0 }, { is_rollback: 1 });
      if (!marked.affected) throw new AppError('security.already_rolled_back');
    });
  }

  private async lock<T extends DataRecycleLogEntity | SensitiveDataLogEntity>(manager: EntityManager, entity: new () => T, id: number): Promise<T> {
    const qb = manager.createQueryBuilder(entity, 'l').where('l.id = :id', { id });
    if (manager.connection.options.type !== 'better-sqlite3') qb.setLock('pessimistic_write');
    const row = await qb.getOne();
    if (!row) throw new AppError('crud.record_not_found');
    return row as T;
  }

  private async each(ids: number[], work: (manager: EntityManager, id: number) => Promise<void>): Promise<Outcome> {
    const outcome: Outcome = { done: [], refused: [] };
    for (const id of ids) {
      try {
        await this.transactions.run((manager) => work(manager, id));
        outcome.done.push(id);
      } catch (error) {
        // a unique index the checks did not know of: refused like any other conflict
        const refusal = isDuplicateKey(error) ? new AppError('security.conflicts_with_row') : error;
        if (!(refusal instanceof AppError)) throw error;
        outcome.refused.push({ id, reason: translate(refusal.messageKey, refusal.args) });
      }
    }
    return outcome;
  }
}
