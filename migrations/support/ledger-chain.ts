import { createHash } from 'node:crypto';

/**
 * Frozen copy (see README.md) of the ledger's chain hash and of its page-by-stream reader as the hash-chain
 * migration (1764000800000) shipped them: format `wms-ledger-chain/1`. The live code is
 * `src/modules/inventory/domain/event-chain.ts` and `src/modules/inventory/ledger/ledger-pages.ts`.
 *
 * Content: the stored row minus `id` and `hash`, columns sorted by name, `<name>:<length>:<value>;` per
 * column, NULL and '' left out.
 */
export const CHAIN_FORMAT = 'wms-ledger-chain/1';
const NOT_CONTENT = new Set(['id', 'hash']);

export function canonicalEventContent(row: Record<string, unknown>): string {
  let text = '';
  for (const key of Object.keys(row).filter((k) => !NOT_CONTENT.has(k)).sort()) {
    const value = row[key];
    if (value === null || value === undefined || value === '') continue;
    const string = String(value);
    text += `${key}:${string.length}:${string};`;
  }
  return text;
}

/** The hash of an event chained onto `previousHash` ('' for a stream's first event). */
export function chainHash(previousHash: string, row: Record<string, unknown>): string {
  return createHash('sha256').update(`${CHAIN_FORMAT}\n${previousHash}\n${canonicalEventContent(row)}`).digest('hex');
}

interface Queryable {
  query(sql: string, parameters?: unknown[]): Promise<any>;
}

/** The ledger in stream order — (stream_id, stream_version), the unique index — a page at a time, after a given event. */
export async function ledgerPageAfter(manager: Queryable, after: { stream_id: string; stream_version: number | string } | null, limit: number): Promise<Array<Record<string, any>>> {
  if (!after) return manager.query(`SELECT * FROM inventory_event ORDER BY stream_id, stream_version LIMIT ${Number(limit)}`);
  const rest: Array<Record<string, any>> = await manager.query(`SELECT * FROM inventory_event WHERE stream_id = ? AND stream_version > ? ORDER BY stream_version LIMIT ${Number(limit)}`, [
    after.stream_id,
    Number(after.stream_version),
  ]);
  if (rest.length >= limit) return rest;
  const next: Array<Record<string, any>> = await manager.query(`SELECT * FROM inventory_event WHERE stream_id > ? ORDER BY stream_id, stream_version LIMIT ${Number(limit - rest.length)}`, [after.stream_id]);
  return rest.concat(next);
}
