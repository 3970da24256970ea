import { Injectable, OnModuleInit } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { ChangeJournal, DataChanges, DeletedRows, EditedRow, RecycledRecord } from '../../../shared/crud';
import { unixNow } from '../../../shared/http/envelope';
import { currentActor } from '../../../shared/http/request-context';
import { fieldsOfRule, isNeverWatched, SECRET_FIELD } from '../domain/default-rules';
import { DataRecycleEntity, DataRecycleLogEntity, SensitiveDataEntity, SensitiveDataLogEntity } from '../persistence/security.entities';
import { columnText, RawRow, selectRows } from './raw-rows';

/**
 * Keeps what the recycle and sensitive-data rules ask for, inside the writer's transaction: the deleted
 * rows (with the rows deleted with them) and, per watched field, the value before and after an edit.
 * Attached to the kernel's DataChanges at start-up, so every CRUD delete and edit reaches it.
 */
@Injectable()
export class ChangeJournalService implements ChangeJournal, OnModuleInit {
  constructor(private readonly changes: DataChanges) {}

  onModuleInit(): void {
    this.changes.attach(this);
  }

  async beforeDelete(manager: EntityManager, { target, ids, soft }: DeletedRows): Promise<void> {
    const metadata = manager.connection.getMetadata(target);
    const table = metadata.tableName;
    const rule = await manager.findOne(DataRecycleEntity, { where: { data_table: table, status: 1 } });
    if (!rule || !ids.length) return;
    const primaryKey = metadata.primaryColumns[0].databaseName;
    const rows = await selectRows(manager, table, primaryKey, ids);
    const actor = currentActor();
    const now = unixNow();
    const description = this.changes.descriptionOf(table);
    for (const row of rows) {
      const record: RecycledRecord = { table, primaryKey, soft, row, children: [] };
      for (const child of description?.children ?? []) {
        const childTable = manager.connection.getMetadata(child.target).tableName;
        record.children.push({ table: childTable, column: child.column, rows: await selectRows(manager, childTable, child.column, [row[primaryKey]]) });
      }
      await manager.insert(DataRecycleLogEntity, {
        admin_id: actor.adminId,
        recycle_id: rule.id,
        data: JSON.stringify(record),
        data_table: table,
        primary_key: primaryKey,
        id_value: String(row[primaryKey]),
        is_restore: 0,
        ip: actor.ip,
        useragent: actor.useragent,
        createtime: now,
      });
    }
  }

  async beforeEdit(manager: EntityManager, { target, id }: EditedRow): Promise<((manager: EntityManager) => Promise<void>) | null> {
    const metadata = manager.connection.getMetadata(target);
    const table = metadata.tableName;
    const rules = await manager.find(SensitiveDataEntity, { where: { data_table: table, status: 1 } });
    const watched = rules.map((rule) => ({ rule, fields: Object.entries(fieldsOfRule(rule.data_fields)).filter(([field]) => !isNeverWatched(table, field)) })).filter((w) => w.fields.length);
    if (!watched.length) return null;
    const primaryKey = metadata.primaryColumns[0].databaseName;
    const before = await this.snapshot(manager, table, primaryKey, id);
    return async (after: EntityManager) => {
      const now = await this.snapshot(after, table, primaryKey, id);
      const actor = currentActor();
      for (const { rule, fields } of watched) {
        for (const [field, label] of fields) {
          if (!(field in before) || before[field] === now[field]) continue;
          const secret = SECRET_FIELD.test(field);
          await after.insert(SensitiveDataLogEntity, {
            admin_id: actor.adminId,
            sensitive_id: rule.id,
            data_table: table,
            primary_key: primaryKey,
            data_field: field,
            data_comment: label.slice(0, 100),
            id_value: String(id),
            before: secret ? null : before[field],
            after: secret ? null : now[field],
            changed_only: secret ? 1 : 0,
            is_rollback: 0,
            ip: actor.ip,
            useragent: actor.useragent,
            createtime: unixNow(),
          });
        }
      }
    };
  }

  /** The row's columns and virtual fields as text. */
  async snapshot(manager: EntityManager, table: string, primaryKey: string, id: number): Promise<Record<string, string | null>> {
    const [row] = await selectRows(manager, table, primaryKey, [id]);
    const values: Record<string, string | null> = {};
    for (const [key, value] of Object.entries((row ?? {}) as RawRow)) values[key] = columnText(manager, table, key, value);
    for (const [field, accessor] of this.changes.virtualFieldsOf(table)) values[field] = row ? await accessor.read(manager, id) : null;
    return values;
  }
}
