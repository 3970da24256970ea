import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { chunk, forUpdate } from '../../../shared/database/sql-dialect';
import { chainHash } from '../domain/event-chain';

const STREAMS_PER_QUERY = 200;

/**
 * Chains new events onto their streams (domain/event-chain.ts). Called with the streams already locked by
 * the caller (appends to one stream are serialised by its lock, so the chain adds no global bottleneck);
 * the heads are read with a locking read because on InnoDB a plain read would see the transaction's
 * snapshot, which may be older than the lock and miss the latest head.
 */
@Injectable()
export class EventChain {
  /**
   * The rows with `hash` set, in order; rows of one stream must come in version order. `previous`, when given,
   * receives each row's predecessor hash ('' for a stream's first event), which a webhook receiver needs to
   * check the chain.
   */
  async link<Row extends { stream_id: string; stream_version: number }>(manager: EntityManager, rows: Row[], previous?: string[]): Promise<Array<Row & { hash: string }>> {
    const first = new Map<string, number>();
    for (const row of rows) first.set(row.stream_id, Math.min(first.get(row.stream_id) ?? row.stream_version, row.stream_version));
    const heads = new Map<string, string>();
    const wanted = [...first].filter(([, version]) => version > 1).map(([stream, version]) => [stream, version - 1] as const);
    for (const part of chunk(wanted, STREAMS_PER_QUERY)) {
      const found: Array<{ stream_id: string; hash: string }> = await manager.query(
        `SELECT stream_id, hash FROM inventory_event WHERE ${part.map(() => '(stream_id = ? AND stream_version = ?)').join(' OR ')}${forUpdate(manager)}`,
        part.flat(),
      );
      for (const row of found) heads.set(row.stream_id, row.hash);
    }
    return rows.map((row) => {
      const before = heads.get(row.stream_id) ?? '';
      previous?.push(before);
      const hash = chainHash(before, row);
      heads.set(row.stream_id, hash);
      return { ...row, hash };
    });
  }
}
