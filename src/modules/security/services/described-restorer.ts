import { EntityManager } from 'typeorm';
import { ParentReference, RecycledRecord, RestoreDescription, Restorer } from '../../../shared/crud';
import { AppError } from '../../../shared/http/app-error';
import { escapeName, hasColumn, insertRow } from './raw-rows';

/**
 * Puts back a hard-deleted row written outside the generic CRUD (an order with its lines, an admin with
 * its group memberships), refusing what would now conflict: its id or a unique code taken since, a row it
 * refers to that is gone. Nothing is written unless everything passes (the caller's transaction).
 */
export class DescribedRestorer implements Restorer {
  constructor(private readonly description: RestoreDescription) {}

  async restore(manager: EntityManager, record: RecycledRecord): Promise<void> {
    const e = (name: string) => escapeName(manager, name);
    const id = record.row[record.primaryKey];
    const taken = await manager.query(`SELECT ${e(record.primaryKey)} AS id FROM ${e(record.table)} WHERE ${e(record.primaryKey)} = ?`, [id]);
    if (taken.length) throw new AppError('security.id_taken', { id: String(id) });
    for (const column of this.description.unique ?? []) {
      const value = record.row[column];
      if (value === null || value === undefined || value === '') continue;
      const live = hasColumn(manager, record.table, 'deletetime') ? ' AND deletetime IS NULL' : '';
      const clash = await manager.query(`SELECT ${e(record.primaryKey)} AS id FROM ${e(record.table)} WHERE ${e(column)} = ?${live}`, [value]);
      if (clash.length) throw new AppError('security.code_taken', { field: `@fields.${column}`, value: String(value) });
    }
    await assertParents(manager, this.description.parents ?? [], record.row);
    await insertRow(manager, record.table, record.row);
    for (const child of record.children) {
      const parents = this.description.children?.find((c) => manager.connection.getMetadata(c.target).tableName === child.table)?.parents ?? [];
      for (const row of child.rows) {
        await assertParents(manager, parents, row);
        await insertRow(manager, child.table, row);
      }
    }
  }
}

/** Each referenced row must exist and not be soft-deleted (an empty reference, 0 or null, is fine). */
export async function assertParents(manager: EntityManager, parents: readonly ParentReference[], row: Record<string, unknown>): Promise<void> {
  for (const parent of parents) {
    const value = Number(row[parent.column]);
    if (!value) continue;
    const live = hasColumn(manager, parent.table, 'deletetime') ? ' AND deletetime IS NULL' : '';
    const found = await manager.query(`SELECT id FROM ${escapeName(manager, parent.table)} WHERE id = ?${live}`, [value]);
    if (!found.length) throw new AppError('security.parent_missing', { parent: parent.label, id: value });
  }
}
