import { EntityManager } from 'typeorm';

/**
 * Frozen copy (see README.md) of the batch helpers of `src/shared/database/sql-dialect.ts` as the migrations
 * that use them shipped.
 */

/** Rows per multi-row statement: well under SQLite's 32,766 parameters and MySQL's packet size. */
export const BATCH_ROWS = 500;

export function chunk<T>(items: T[], size = BATCH_ROWS): T[][] {
  const chunks: T[][] = [];
  for (let i = 0; i < items.length; i += size) chunks.push(items.slice(i, i + size));
  return chunks;
}

const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;
function ident(name: string): string {
  if (!IDENTIFIER.test(name)) throw new Error(`not an identifier: ${name}`);
  return name;
}

/** Multi-row INSERT, 500 rows a statement. Table and column names come from code (checked), values travel as parameters. */
export async function insertMany(manager: Pick<EntityManager, 'query'>, table: string, rows: Array<Record<string, unknown>>): Promise<void> {
  if (!rows.length) return;
  const columns = Object.keys(rows[0]).map(ident);
  for (const part of chunk(rows)) {
    const values = part.map(() => `(${columns.map(() => '?').join(', ')})`).join(', ');
    await manager.query(`INSERT INTO ${ident(table)} (${columns.join(', ')}) VALUES ${values}`, part.flatMap((row) => columns.map((c) => row[c])));
  }
}
