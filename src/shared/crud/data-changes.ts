import { Injectable } from '@nestjs/common';
import { EntityManager, EntityTarget, ObjectLiteral } from 'typeorm';

/**
 * The one place where deletes and edits of business rows are reported, so that a recycle bin and a
 * sensitive-data log can keep what was deleted or changed without any controller knowing about them.
 * The generic CRUD (CrudService.del / edit) reports by itself; the few writers outside it (orders,
 * admins, members) report through the same calls. Whoever keeps the records (the security context)
 * attaches a ChangeJournal at start-up; without one nothing is recorded.
 */

/** A row kind deleted with its owner (order lines with their order, group memberships with their admin). */
export interface ChildRows {
  target: EntityTarget<ObjectLiteral>;
  /** The child column holding the owner's primary key. */
  column: string;
}

/** A column that must name a live row of another table for a restored row to make sense. */
export interface ParentReference {
  column: string;
  /** The referenced table (its primary key `id`); soft-deleted rows (`deletetime` set) do not count. */
  table: string;
  /** i18n key or plain name of what is referenced, for the refusal. */
  label: string;
}

/**
 * How rows of a table written outside the generic CRUD are put back: codes that must still be free, the
 * rows they refer to, and the rows deleted with them. (CRUD resources need none: their own write checks
 * decide.)
 */
export interface RestoreDescription {
  /** Columns whose non-empty value must be unique among the live rows. */
  unique?: readonly string[];
  parents?: readonly ParentReference[];
  children?: ReadonlyArray<ChildRows & { parents?: readonly ParentReference[] }>;
}

export interface DeletedRows {
  target: EntityTarget<ObjectLiteral>;
  ids: readonly number[];
  /** Soft delete: the rows stay with `deletetime` set; restoring clears it. */
  soft: boolean;
}

/** A row of a table about to be edited. */
export interface EditedRow {
  target: EntityTarget<ObjectLiteral>;
  id: number;
}

/** A recorded deleted row as the recycle bin keeps it: raw column values, and its children's. */
export interface RecycledRecord {
  table: string;
  primaryKey: string;
  soft: boolean;
  row: Record<string, unknown>;
  children: Array<{ table: string; column: string; rows: Array<Record<string, unknown>> }>;
}

/** Puts a recycled row back, or throws an AppError that says why it cannot (the caller reports it per row). */
export interface Restorer {
  restore(manager: EntityManager, record: RecycledRecord): Promise<void>;
}

/** A value of a row that is not one of its columns (an admin's groups), read and written by its owner. */
export interface VirtualField {
  read(manager: EntityManager, id: number): Promise<string>;
  write(manager: EntityManager, id: number, value: string): Promise<void>;
}

/** What the security context implements; called inside the writer's transaction. */
export interface ChangeJournal {
  beforeDelete(manager: EntityManager, rows: DeletedRows): Promise<void>;
  /** Reads what a rule watches before the edit; answers what to call after it (null: nothing watched). */
  beforeEdit(manager: EntityManager, row: EditedRow): Promise<((manager: EntityManager) => Promise<void>) | null>;
}

@Injectable()
export class DataChanges {
  private journal: ChangeJournal | null = null;
  private readonly restorers = new Map<string, { restorer: Restorer; generic: boolean }>();
  private readonly descriptions = new Map<string, RestoreDescription>();
  private readonly virtualFields = new Map<string, Map<string, VirtualField>>();

  attach(journal: ChangeJournal): void {
    this.journal = journal;
  }

  beforeDelete(manager: EntityManager, rows: DeletedRows): Promise<void> {
    return this.journal ? this.journal.beforeDelete(manager, rows) : Promise.resolve();
  }

  async beforeEdit(manager: EntityManager, row: EditedRow): Promise<(manager: EntityManager) => Promise<void>> {
    const after = this.journal ? await this.journal.beforeEdit(manager, row) : null;
    return after ?? (() => Promise.resolve());
  }

  /**
   * A generic restorer (the CRUD's) never replaces a specific one: several CrudServices may read one table
   * (an order list), only the writer that owns the table should put its rows back.
   */
  registerRestorer(table: string, restorer: Restorer, generic = false): void {
    const present = this.restorers.get(table);
    if (present && !present.generic && generic) return;
    this.restorers.set(table, { restorer, generic });
  }

  restorerOf(table: string): Restorer | null {
    return this.restorers.get(table)?.restorer ?? null;
  }

  describe(table: string, description: RestoreDescription): void {
    this.descriptions.set(table, description);
  }

  descriptionOf(table: string): RestoreDescription | null {
    return this.descriptions.get(table) ?? null;
  }

  registerVirtualField(table: string, field: string, accessor: VirtualField): void {
    const fields = this.virtualFields.get(table) ?? new Map<string, VirtualField>();
    fields.set(field, accessor);
    this.virtualFields.set(table, fields);
  }

  virtualFieldsOf(table: string): ReadonlyMap<string, VirtualField> {
    return this.virtualFields.get(table) ?? new Map();
  }
}
