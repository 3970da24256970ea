import { EntityManager } from 'typeorm';

/** Rows per multi-row statement: well under SQLite's 32,766 parameters. */
export const BATCH_ROWS = 500;

/**
 * Characters of text per multi-row insert: a quarter of MySQL's default `max_allowed_packet` (16 MB; a
 * character is up to 4 bytes in utf8mb4), so 500 rows with large JSON bodies (the outbox's, an event with
 * serials) still travel as several statements and never as one packet the server refuses.
 */
export const BATCH_TEXT = 4_000_000;

export function isMysql(manager: EntityManager): boolean {
  return manager.connection.options.type === 'mysql';
}

export function chunk<T>(items: T[], size = BATCH_ROWS): T[][] {
  const chunks: T[][] = [];
  for (let i = 0; i < items.length; i += size) chunks.push(items.slice(i, i + size));
  return chunks;
}

/** Consecutive chunks of at most `rows` items whose `sizeOf` adds up to at most `text` (an item larger than that alone). */
export function chunkByText<T>(items: readonly T[], sizeOf: (item: T) => number, rows = BATCH_ROWS, text = BATCH_TEXT): T[][] {
  const chunks: T[][] = [];
  let current: T[] = [];
  let size = 0;
  for (const item of items) {
    const itemSize = sizeOf(item);
    if (current.length && (current.length >= rows || size + itemSize > text)) {
      chunks.push(current);
      current = [];
      size = 0;
    }
    current.push(item);
    size += itemSize;
  }
  if (current.length) chunks.push(current);
  return chunks;
}

const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;
function ident(name: string): string {
  if (!IDENTIFIER.test(name)) throw new Error(`not an identifier: ${name}`);
  return name;
}

/**
 * Multi-row INSERT that adds to existing rows on a key conflict: `addColumns` are summed, `setColumns`
 * overwritten. Table and column names come from code (checked), values travel as parameters.
 */
export async function upsertAdding(
  manager: EntityManager,
  table: string,
  keyColumns: string[],
  addColumns: string[],
  setColumns: string[],
  rows: Array<Record<string, unknown>>,
): Promise<void> {
  const columns = [...keyColumns, ...addColumns, ...setColumns].map(ident);
  const mysql = isMysql(manager);
  for (const part of chunk(rows)) {
    const values = part.map(() => `(${columns.map(() => '?').join(', ')})`).join(', ');
    const params = part.flatMap((row) => columns.map((c) => row[c]));
    const conflict = mysql
      ? `ON DUPLICATE KEY UPDATE ${[...addColumns.map((c) => `${c} = ${c} + VALUES(${c})`), ...setColumns.map((c) => `${c} = VALUES(${c})`)].join(', ')}`
      : `ON CONFLICT (${keyColumns.join(', ')}) DO UPDATE SET ${[...addColumns.map((c) => `${c} = ${c} + excluded.${c}`), ...setColumns.map((c) => `${c} = excluded.${c}`)].join(', ')}`;
    await manager.query(`INSERT INTO ${ident(table)} (${columns.join(', ')}) VALUES ${values} ${conflict}`, params);
  }
}

/** Multi-row INSERT in batches. */
export async function insertMany(manager: EntityManager, table: string, rows: Array<Record<string, unknown>>): Promise<void> {
  if (!rows.length) return;
  const columns = Object.keys(rows[0]).map(ident);
  for (const part of chunkByText(rows, (row) => columns.reduce((sum, c) => sum + (typeof row[c] === 'string' ? (row[c] as string).length : 8), 0))) {
    const values = part.map(() => `(${columns.map(() => '?').join(', ')})`).join(', ');
    await manager.query(`INSERT INTO ${ident(table)} (${columns.join(', ')}) VALUES ${values}`, part.flatMap((row) => columns.map((c) => row[c])));
  }
}

/**
 * Sets columns of many rows by id: one statement per 500 rows, one `CASE id` per column (a row without
 * a column keeps its value). Names come from code (checked).
 */
export async function updateById(manager: EntityManager, table: string, values: ReadonlyMap<number, Record<string, unknown>>): Promise<void> {
  for (const part of chunk([...values])) {
    const cases: string[] = [];
    const params: unknown[] = [];
    for (const column of new Set(part.flatMap(([, row]) => Object.keys(row)))) {
      const rows = part.filter(([, row]) => column in row);
      const name = ident(column);
      cases.push(`${name} = CASE id ${rows.map(() => 'WHEN ? THEN ?').join(' ')} ELSE ${name} END`);
      params.push(...rows.flatMap(([id, row]) => [id, row[column]]));
    }
    await manager.query(`UPDATE ${ident(table)} SET ${cases.join(', ')} WHERE id IN (${part.map(() => '?').join(',')})`, [...params, ...part.map(([id]) => id)]);
  }
}

/** Deletes rows by id: one statement per 500 ids. */
export async function deleteByIds(manager: EntityManager, table: string, ids: readonly number[]): Promise<void> {
  for (const part of chunk([...ids])) await manager.query(`DELETE FROM ${ident(table)} WHERE id IN (${part.map(() => '?').join(', ')})`, part);
}

/**
 * Adds to a numeric column of many rows by id, in the statement (`column = column + CASE id … END`, so rows
 * others change meanwhile are added to, never overwritten): one statement per 500 rows.
 */
export async function addById(manager: EntityManager, table: string, column: string, deltas: ReadonlyMap<number, number>): Promise<void> {
  const name = ident(column);
  for (const part of chunk([...deltas].filter(([, delta]) => delta !== 0))) {
    await manager.query(
      `UPDATE ${ident(table)} SET ${name} = ${name} + CASE id ${part.map(() => 'WHEN ? THEN ?').join(' ')} ELSE 0 END WHERE id IN (${part.map(() => '?').join(',')})`,
      [...part.flat(), ...part.map(([id]) => id)],
    );
  }
}

/** `SELECT ... FOR UPDATE` on MySQL; SQLite transactions already run one at a time (TransactionRunner). */
export function forUpdate(manager: EntityManager): string {
  return isMysql(manager) ? ' FOR UPDATE' : '';
}

/**
 * `SELECT ... FOR UPDATE SKIP LOCKED` on MySQL / MariaDB 10.6+: rows another transaction holds are passed over,
 * never waited for (work queues claimed by several processes). SQLite has no row locks: a claim there is a
 * conditional UPDATE of a lease column, which its single writer makes exclusive.
 */
export function forUpdateSkipLocked(manager: EntityManager): string {
  return isMysql(manager) ? ' FOR UPDATE SKIP LOCKED' : '';
}

/** Runs a write and answers how many rows it changed (the drivers report it differently through `query`). */
export async function executeCounting(manager: EntityManager, sql: string, params: unknown[]): Promise<number> {
  if (!manager.queryRunner) throw new Error('executeCounting runs inside a transaction');
  const result = await manager.queryRunner.query(sql, params, true);
  return Number(result.affected ?? 0);
}

/** A unique-index violation, as either driver reports it (through TypeORM's QueryFailedError or raw). */
export function isDuplicateKey(error: unknown): boolean {
  const e = error as { code?: unknown; driverError?: { code?: unknown; message?: string }; message?: string } | null;
  const code = String(e?.driverError?.code ?? e?.code ?? '');
  return code === 'ER_DUP_ENTRY' || code.startsWith('SQLITE_CONSTRAINT_UNIQUE') || code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || /UNIQUE constraint failed|Duplicate entry/i.test(`${e?.driverError?.message ?? ''} ${e?.message ?? ''}`);
}
