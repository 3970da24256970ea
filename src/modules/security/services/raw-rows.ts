import { EntityManager } from 'typeorm';

/*
 * Rows read and written by table name, for any table a rule names. Table and column names come from the
 * entity metadata or from rows the app itself recorded, never from a request; values are bound.
 */

export type RawRow = Record<string, unknown>;

export function escapeName(manager: EntityManager, name: string): string {
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) throw new Error(`not a plain identifier: ${name}`);
  return manager.connection.driver.escape(name);
}

export async function selectRows(manager: EntityManager, table: string, column: string, values: readonly unknown[]): Promise<RawRow[]> {
  if (!values.length) return [];
  const e = (name: string) => escapeName(manager, name);
  const rows: RawRow[] = await manager.query(`SELECT * FROM ${e(table)} WHERE ${e(column)} IN (${values.map(() => '?').join(',')})`, [...values]);
  return rows.map((row) => Object.fromEntries(Object.entries(row).map(([key, value]) => [key, plainValue(value)])));
}

export async function insertRow(manager: EntityManager, table: string, row: RawRow): Promise<void> {
  const columns = Object.keys(row);
  const e = (name: string) => escapeName(manager, name);
  await manager.query(`INSERT INTO ${e(table)} (${columns.map(e).join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`, columns.map((c) => row[c]));
}

export function hasColumn(manager: EntityManager, table: string, column: string): boolean {
  const metadata = manager.connection.entityMetadatas.find((m) => m.tableName === table);
  return !!metadata?.columns.some((c) => c.databaseName === column);
}

/** How a value is compared and shown: text, or null. */
export function asText(value: unknown): string | null {
  return value === null || value === undefined ? null : String(value);
}

/**
 * A column's value as text the same on every engine: SQLite hands decimals back as numbers (2.5), MySQL as
 * strings with their scale ("2.50"); both read "2.50" here.
 */
export function columnText(manager: EntityManager, table: string, column: string, value: unknown): string | null {
  const text = asText(value);
  if (text === null) return null;
  const metadata = manager.connection.entityMetadatas.find((m) => m.tableName === table)?.columns.find((c) => c.databaseName === column);
  if (metadata && metadata.type === 'decimal' && text !== '' && !Number.isNaN(Number(text))) return Number(text).toFixed(Number(metadata.scale ?? 2));
  return text;
}

function plainValue(value: unknown): unknown {
  if (value instanceof Date) return Math.floor(value.getTime() / 1000);
  if (Buffer.isBuffer(value)) return value.toString('utf8');
  if (typeof value === 'bigint') return Number(value);
  return value;
}
