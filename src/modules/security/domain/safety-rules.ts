import { AppError } from '../../../shared/http/app-error';
import { isNeverWatched } from './default-rules';

/**
 * Tables whose rows decide who may do what: only a super administrator restores or rolls them back (an
 * admin holding the recycle rules must not bring back, or regroup, accounts above itself).
 */
export const ACCOUNT_TABLES: ReadonlySet<string> = new Set(['admin', 'admin_group', 'admin_rule']);

export interface SafetyOperator {
  isSuper: boolean;
}

/** A recycle-bin entry as the restore rule reads it. */
export interface RecycledEntry {
  data_table: string;
  is_restore: number | boolean;
}

/** A logged change of a watched field as the rollback rules read it. */
export interface LoggedChange {
  data_table: string;
  data_field: string;
  /** The field's label, shown in messages when there is one. */
  data_comment: string | null;
  /** The value written by the change (NULL as null), compared with the value now. */
  after: string | null;
  is_rollback: number | boolean;
  /** A secret field: logged as changed, without its values, so nothing to roll back to. */
  changed_only: number | boolean;
}

/** A deleted row may come back once, and rows of the account tables only through a super administrator. */
export function assertMayRestore(entry: RecycledEntry, operator: SafetyOperator): void {
  if (ACCOUNT_TABLES.has(entry.data_table) && !operator.isSuper) throw new AppError('security.super_admin_only');
  if (entry.is_restore) throw new AppError('security.already_restored');
}

/**
 * A logged change may be rolled back once; not on the account tables unless by a super administrator; never
 * for a secret (its old value was not kept) or a column that changes only through its own ledger (a
 * member's money and score).
 */
export function assertMayRollBack(change: LoggedChange, operator: SafetyOperator): void {
  if (ACCOUNT_TABLES.has(change.data_table) && !operator.isSuper) throw new AppError('security.super_admin_only');
  if (change.is_rollback) throw new AppError('security.already_rolled_back');
  if (change.changed_only) throw new AppError('security.secret_not_restorable', { field: change.data_comment || change.data_field });
  if (isNeverWatched(change.data_table, change.data_field)) throw new AppError('security.field_not_editable', { field: change.data_field });
}

/** A rollback writes the old value back only while the field still holds the value the change wrote. */
export function assertUnchangedSince(change: LoggedChange, current: string | null): void {
  if (current !== change.after) throw new AppError('security.value_changed_since', { field: change.data_comment || change.data_field, value: current ?? 'NULL' });
}
