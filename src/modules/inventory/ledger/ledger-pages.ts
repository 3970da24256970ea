import { EntityManager } from 'typeorm';

/**
 * The ledger in stream order — (stream_id, stream_version), the unique index — a page at a time, after a
 * given event. Two plain range reads (the rest of the current stream, then the streams after it): both
 * engines seek the index for each, where `stream_id > ? OR (stream_id = ? AND …)` made SQLite scan the
 * index from its start on every page (a 1,000,000-event walk slowed down page after page).
 */
export async function ledgerPageAfter(manager: Pick<EntityManager, 'query'>, after: { stream_id: string; stream_version: number | string } | null, limit: number): Promise<Array<Record<string, any>>> {
  if (!after) return manager.query(`SELECT * FROM inventory_event ORDER BY stream_id, stream_version LIMIT ${Number(limit)}`);
  const rest: Array<Record<string, any>> = await manager.query(`SELECT * FROM inventory_event WHERE stream_id = ? AND stream_version > ? ORDER BY stream_version LIMIT ${Number(limit)}`, [
    after.stream_id,
    Number(after.stream_version),
  ]);
  if (rest.length >= limit) return rest;
  const next: Array<Record<string, any>> = await manager.query(`SELECT * FROM inventory_event WHERE stream_id > ? ORDER BY stream_id, stream_version LIMIT ${Number(limit - rest.length)}`, [after.stream_id]);
  return rest.concat(next);
}

/**
 * The ledger in the order it was written — the primary key — a page at a time after a given event id: on
 * InnoDB a range of the clustered index (sequential reads, no lookup per row), on SQLite a rowid range.
 */
export function ledgerPageByIdAfter(manager: Pick<EntityManager, 'query'>, afterId: number, limit: number): Promise<Array<Record<string, any>>> {
  return manager.query(`SELECT * FROM inventory_event WHERE id > ? ORDER BY id LIMIT ${Number(limit)}`, [afterId]);
}
