import { EntityManager, EntityTarget, ObjectLiteral } from 'typeorm';
import { AppError, MessageArgs } from '../../../shared/http/app-error';
import { Catalogue, rowLabel } from '../domain/catalogue';
import { MasterDataReferences, ReferenceHit } from '../services/master-data-references.service';

/*
 * The checks master-data's CRUD hooks share. All of them run inside the write's transaction (`manager`).
 */

function isSqlite(manager: EntityManager): boolean {
  return manager.connection.options.type === 'better-sqlite3';
}

function hasSoftDelete(manager: EntityManager, entity: EntityTarget<ObjectLiteral>): boolean {
  return !!manager.connection.getMetadata(entity).findColumnWithPropertyPath('deletetime');
}

export interface UniqueCheck {
  entity: EntityTarget<ObjectLiteral>;
  /** The code column and the value about to be written. */
  field: string;
  value: string;
  /** Further equalities that scope the code (`{ warehouse_id: 3 }` for area codes). */
  scope?: Record<string, number>;
  /** The row being edited, which may keep its own code. */
  excludeId: number | null;
  /** The refusal. */
  message: string;
  args?: MessageArgs;
}

/**
 * Refuses a code already used by a row that is not deleted (soft-deleted rows keep their codes for the
 * documents that refer to them, and must not block re-use; a plain UNIQUE index would count them).
 *
 * Concurrency: on MySQL/MariaDB the lookup is a locking read (FOR UPDATE) on the code's index. InnoDB's
 * next-key locks then cover the gap where the code would go, so two transactions adding the same code
 * cannot both insert: the second one waits, or deadlocks and is retried by the TransactionRunner, and then
 * sees the first one's row. On SQLite the TransactionRunner already runs write transactions one at a time.
 */
export async function assertUnique(manager: EntityManager, check: UniqueCheck): Promise<void> {
  const qb = manager.createQueryBuilder(check.entity, 't').select('t.id').where(`t.${check.field} = :code`, { code: check.value });
  for (const [column, value] of Object.entries(check.scope ?? {})) qb.andWhere(`t.${column} = :scope_${column}`, { [`scope_${column}`]: value });
  if (hasSoftDelete(manager, check.entity)) qb.andWhere('t.deletetime IS NULL');
  if (check.excludeId !== null) qb.andWhere('t.id <> :exclude', { exclude: check.excludeId });
  if (!isSqlite(manager)) qb.setLock('pessimistic_write');
  if (await qb.getOne()) throw new AppError(check.message, { value: check.value, ...check.args });
}

/** The row with this id if it exists and is not soft-deleted. */
export async function findLive<T extends ObjectLiteral>(manager: EntityManager, entity: EntityTarget<T>, id: number): Promise<T | null> {
  const qb = manager.createQueryBuilder(entity, 't').where('t.id = :id', { id });
  if (hasSoftDelete(manager, entity)) qb.andWhere('t.deletetime IS NULL');
  return qb.getOne();
}

/** One kind of row that refers to the catalogue being deleted, through `column`. */
export interface InternalReference {
  entity: EntityTarget<ObjectLiteral>;
  column: string;
  /** i18n key naming the referring rows (`master-data.references.products`). */
  by: string;
  /** Referring rows that are themselves being deleted in the same request (child categories). */
  ignoreIds?: readonly number[];
}

/** The first of `ids` a live row of `reference` points to: one statement. */
export async function firstInternalReference(manager: EntityManager, reference: InternalReference, ids: readonly number[]): Promise<ReferenceHit | null> {
  const qb = manager
    .createQueryBuilder(reference.entity, 't')
    .select(`t.${reference.column}`, 'ref')
    .where(`t.${reference.column} IN (:...ref_ids)`, { ref_ids: ids });
  if (hasSoftDelete(manager, reference.entity)) qb.andWhere('t.deletetime IS NULL');
  if (reference.ignoreIds?.length) qb.andWhere('t.id NOT IN (:...ignore_ids)', { ignore_ids: reference.ignoreIds });
  const row = await qb.limit(1).getRawOne<{ ref: number | string }>();
  return row ? { id: Number(row.ref), by: reference.by } : null;
}

/**
 * Refuses when anything still refers to one of `rows`: first master-data's own references, then the
 * checkers other contexts registered. The message names the row and what refers to it.
 */
export async function refuseIfReferenced(
  manager: EntityManager,
  catalogue: Catalogue,
  rows: readonly ObjectLiteral[],
  internal: readonly InternalReference[],
  references: MasterDataReferences,
  message = 'master-data.in_use',
): Promise<void> {
  const ids = rows.map((row) => Number(row.id));
  let hit: ReferenceHit | null = null;
  for (const reference of internal) {
    hit = await firstInternalReference(manager, reference, ids);
    if (hit) break;
  }
  hit ??= await references.firstReference(catalogue, ids, manager);
  if (!hit) return;
  const row = rows.find((r) => Number(r.id) === hit.id) ?? { id: hit.id };
  throw new AppError(message, { entity: `@master-data.catalogues.${catalogue}`, name: rowLabel(row), by: `@${hit.by}` });
}

/** The row as it will be after an add or edit: the existing values overlaid with the written ones. */
export function merged<E extends ObjectLiteral>(data: Record<string, unknown>, existing: E | null): Record<string, unknown> {
  return { ...(existing ?? {}), ...data };
}

/** Whether an edit (or any add) writes one of `fields`. */
export function writes(data: Record<string, unknown>, existing: ObjectLiteral | null, ...fields: string[]): boolean {
  return !existing || fields.some((field) => field in data && data[field] !== existing[field]);
}
