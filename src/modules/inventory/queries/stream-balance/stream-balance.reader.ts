import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { chunk } from '../../../../shared/database/sql-dialect';
import { streamIdOf } from '../../domain/stock-movement';

/** A stream at one of its versions: (product, shelf, lot) and the version. */
export interface StreamAtVersion {
  productId: number;
  shelfId: number;
  lotNo: string;
  version: number;
}

const EVENTS_PER_QUERY = 200;

/** `<stream id>#<version>`: how `StreamBalanceReader.at` keys its answer. */
export const streamVersionKey = (s: StreamAtVersion) => `${streamIdOf(s.productId, s.shelfId, s.lotNo)}#${s.version}`;

/**
 * The book of streams at given versions, read from the ledger by stream version (never by time): the balance
 * its event at that version recorded, which is the stream's stock at its start plus every movement up to that
 * version. Version 0 is the empty stream (0). The events are immutable, so a plain read answers for good.
 */
@Injectable()
export class StreamBalanceReader {
  async at(manager: EntityManager, streams: ReadonlyArray<StreamAtVersion>): Promise<Map<string, number>> {
    const balances = new Map<string, number>();
    const wanted = [...new Map(streams.map((s) => [streamVersionKey(s), s])).entries()];
    for (const [key, s] of wanted) if (s.version === 0) balances.set(key, 0);
    for (const part of chunk(wanted.filter(([, s]) => s.version > 0), EVENTS_PER_QUERY)) {
      const rows: Array<{ stream_id: string; stream_version: number | string; payload: string }> = await manager.query(
        `SELECT stream_id, stream_version, payload FROM inventory_event WHERE ${part.map(() => '(stream_id = ? AND stream_version = ?)').join(' OR ')}`,
        part.flatMap(([, s]) => [streamIdOf(s.productId, s.shelfId, s.lotNo), s.version]),
      );
      for (const row of rows) balances.set(`${row.stream_id}#${Number(row.stream_version)}`, Number((JSON.parse(row.payload) as { balance: number }).balance));
    }
    return balances;
  }
}
