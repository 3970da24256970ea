/**
 * Pure rules of `ajax/getTablePk` and `ajax/getTableFieldList`. Which tables
 * exist is decided by the entity metadata (TableSchemaService); this only shapes and checks text.
 */

/** A plain table name of this product: lower-case letters, digits and underscores (no schema, no quotes). */
export const TABLE_NAME = /^[a-z][a-z0-9_]{0,63}$/;

export function isPlainTableName(value: unknown): value is string {
  return typeof value === 'string' && TABLE_NAME.test(value);
}

/** The label of a column comment: the part before the first colon (`Status:0=Disabled,1=Enabled` → `Status`). */
export function commentLabel(comment: string | undefined | null): string {
  return (comment ?? '').split(':')[0].trim();
}

/** One column as `getTableFieldList?clean=0` answers it: the names of MySQL's information_schema columns. */
export interface TableColumnInfo {
  COLUMN_NAME: string;
  DATA_TYPE: string;
  COLUMN_KEY: 'PRI' | '';
  COLUMN_DEFAULT: string | null;
  IS_NULLABLE: 'YES' | 'NO';
  CHARACTER_MAXIMUM_LENGTH: number | null;
  NUMERIC_PRECISION: number | null;
  NUMERIC_SCALE: number | null;
  UNSIGNED: boolean;
  EXTRA: 'auto_increment' | '';
  ORDINAL_POSITION: number;
  /** The label (column comment, or the translated field name). */
  COLUMN_COMMENT: string;
}

/** The primary key as BuildAdmin answers it: one column name, or the list for a composite key. */
export function primaryKeyOf(columns: string[]): string | string[] {
  return columns.length === 1 ? columns[0] : columns;
}
