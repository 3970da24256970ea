import { canonicalEventContent, chainHash, ChainWalker, LedgerOrderWalker, PENDING_EVENTS_LIMIT } from './event-chain';

const event = (id: number, stream: string, version: number, quantity: number) => ({ id, stream_id: stream, stream_version: version, type: 'inventory.stock-received.v1', payload: JSON.stringify({ quantity }), metadata: '{}', occurred_at: 1764000000 });

/** A stream as the ledger writes it: each event's hash chained onto the one before. */
function chained(rows: Array<ReturnType<typeof event>>) {
  const heads = new Map<string, string>();
  return rows.map((row) => {
    const hash = chainHash(heads.get(row.stream_id) ?? '', row);
    heads.set(row.stream_id, hash);
    return { ...row, hash };
  });
}

describe('the event chain', () => {
  it('hashes the stored row whatever its columns, leaving out the position, the hash and empty values', () => {
    const row = event(7, 's', 1, 5);
    expect(canonicalEventContent(row)).toBe(canonicalEventContent({ ...row, id: 8, hash: 'x', lot_no: '', expiry: null }));
    expect(canonicalEventContent({ ...row, lot_no: 'L1' })).not.toBe(canonicalEventContent(row));
    expect(canonicalEventContent({ ...row, stream_version: '1', occurred_at: '1764000000' })).toBe(canonicalEventContent(row));
    expect(chainHash('', row)).not.toBe(chainHash('0'.repeat(64), row));
  });

  it('walks intact streams to their last event', () => {
    const walker = new ChainWalker();
    for (const row of chained([event(1, 'a', 1, 5), event(3, 'a', 2, -2), event(2, 'b', 1, 4)]).sort((x, y) => x.stream_id.localeCompare(y.stream_id) || x.stream_version - y.stream_version)) walker.accept(row);
    expect({ first: walker.first, events: walker.events, streams: walker.streams, upTo: walker.intactUpTo }).toEqual({ first: null, events: 3, streams: 2, upTo: 3 });
  });

  it('reports the earliest problem by ledger position across streams, one per stream', () => {
    const rows = chained([event(1, 'a', 1, 5), event(2, 'a', 2, 1), event(3, 'a', 3, 1), event(4, 'b', 1, 4), event(5, 'b', 2, 4)]);
    rows[2].payload = '{"quantity":9}'; // a3 altered (position 3)
    rows[4].payload = '{"quantity":9}'; // b2 altered (position 5)
    const walker = new ChainWalker();
    for (const row of rows) walker.accept(row);
    expect(walker.first).toEqual({ kind: 'altered', stream_id: 'a', stream_version: 3, event_id: 3 });
    expect(walker.intactUpTo).toBe(2);
  });

  it('tells removed, inserted and reordered events apart', () => {
    const kinds = (rows: Array<Record<string, any>>) => {
      const walker = new ChainWalker();
      for (const row of rows) walker.accept(row as never);
      return walker.first;
    };
    const [a1, a2, a3] = chained([event(1, 'a', 1, 5), event(2, 'a', 2, 1), event(3, 'a', 3, 1)]);
    expect(kinds([a1, a3])).toEqual({ kind: 'removed', stream_id: 'a', stream_version: 2, event_id: 3 });
    expect(kinds([a1, a2, a3, { ...event(9, 'a', 4, 1), hash: '' }])).toEqual({ kind: 'inserted', stream_id: 'a', stream_version: 4, event_id: 9 });
    expect(kinds([a1, { ...a2, id: 3 }, { ...a3, id: 2 }])).toEqual({ kind: 'reordered', stream_id: 'a', stream_version: 3, event_id: 2 });
  });
});

describe('the ledger walked in the order it was written', () => {
  const byStream = (rows: Array<Record<string, any>>) => [...rows].sort((x, y) => x.stream_id.localeCompare(y.stream_id) || Number(x.stream_version) - Number(y.stream_version));
  const byId = (rows: Array<Record<string, any>>) => [...rows].sort((x, y) => Number(x.id) - Number(y.id));
  /** Both walks over the same rows: the stream-order walk's verdict is the reference. */
  const both = (rows: Array<Record<string, any>>) => {
    const reference = new ChainWalker();
    for (const row of byStream(rows)) reference.accept(row as never);
    const walker = new LedgerOrderWalker();
    for (const row of byId(rows)) walker.accept(row as never);
    walker.finish();
    const verdict = (w: ChainWalker | LedgerOrderWalker) => ({ first: w.first, events: w.events, streams: w.streams, upTo: w.intactUpTo, last: w.lastEventId });
    expect(verdict(walker)).toEqual(verdict(reference));
    return walker.first;
  };
  const ledger = () => chained([event(1, 'a', 1, 5), event(2, 'b', 1, 4), event(3, 'a', 2, 1), event(4, 'a', 3, 1), event(5, 'b', 2, 2), event(6, 'a', 4, -3), event(7, 'c', 1, 1)]);

  it('verifies an intact ledger with every stream interleaved', () => {
    expect(both(ledger())).toBeNull();
  });

  it('finds the same altered, removed, inserted and reordered events as the stream walk', () => {
    const altered = ledger();
    altered[3].payload = '{"quantity":9}';
    expect(both(altered)).toEqual({ kind: 'altered', stream_id: 'a', stream_version: 3, event_id: 4 });
    const [a1, b1, a2, a3, b2, a4, c1] = ledger();
    expect(both([a1, b1, a3, b2, a4, c1])).toEqual({ kind: 'removed', stream_id: 'a', stream_version: 2, event_id: 4 });
    expect(both([a1, b1, a2, a3, b2, a4, c1, { ...event(9, 'b', 3, 1), hash: '' }])).toEqual({ kind: 'inserted', stream_id: 'b', stream_version: 3, event_id: 9 });
    // two events' positions exchanged: a3 now comes before a2 in the ledger
    expect(both([a1, b1, { ...a2, id: 4 }, { ...a3, id: 3 }, b2, a4, c1])).toEqual({ kind: 'reordered', stream_id: 'a', stream_version: 3, event_id: 3 });
    // two events' order numbers exchanged: the first one read is the later version
    expect(both([a1, b1, { ...a2, stream_version: 3 }, { ...a3, stream_version: 2 }, b2, a4, c1])).toEqual({ kind: 'altered', stream_id: 'a', stream_version: 2, event_id: 4 });
    // a stream's first event deleted: everything after it waits for the gap, which the end of the ledger reports
    expect(both([a1, a2, a3, b2, a4, c1])).toEqual({ kind: 'removed', stream_id: 'b', stream_version: 1, event_id: 5 });
  });

  it('keeps the earliest problem across streams and holds back no more than its limit', () => {
    const rows = ledger();
    rows[6].payload = '{"quantity":9}'; // c1 altered (position 7)
    rows[4].payload = '{"quantity":9}'; // b2 altered (position 5)
    expect(both(rows)).toEqual({ kind: 'altered', stream_id: 'b', stream_version: 2, event_id: 5 });

    // a long stream whose first event is missing: its events wait up to the limit, then the gap is reported
    const long = chained(Array.from({ length: PENDING_EVENTS_LIMIT + 5 }, (_, i) => event(i + 1, 'z', i + 1, 1))).slice(1);
    const walker = new LedgerOrderWalker();
    for (const row of long) walker.accept(row);
    expect(walker.first).toEqual({ kind: 'removed', stream_id: 'z', stream_version: 1, event_id: 2 });
    walker.finish();
    expect(walker.events).toBe(PENDING_EVENTS_LIMIT + 4);
  });
});
