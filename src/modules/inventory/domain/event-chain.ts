import { createHash } from 'node:crypto';
import type { LedgerProblemKind } from '../../../../contract/ledger';

/**
 * Tamper evidence for the ledger. Every event carries `hash` = SHA-256 over the hash of the event before it
 * in its stream (stream version − 1; '' for version 1) and its canonical content. The content is the stored
 * row itself, whatever columns it has (new event versions with new columns are chained too), minus `id`
 * (the global position is assigned by the database after the hash is taken; the verifier checks instead that
 * ids grow with stream versions) and `hash`.
 *
 * Canonical form: the columns sorted by name, each value as a string with its length; NULL and '' are left out, so a column
 * added later that defaults to NULL or '' leaves the hashes of older events as they were. A new column must
 * therefore default to NULL or '' (never 0) and hold integers or text (dates as 'YYYY-MM-DD' text): the
 * value hashed at insert must read back as the same string on SQLite and MySQL.
 */
export const CHAIN_FORMAT = 'wms-ledger-chain/1';
const NOT_CONTENT = new Set(['id', 'hash']);
/** Column lists seen so far → the content columns in name order (rows of one table share a handful). */
const orderOf = new Map<string, string[]>();

/**
 * `<name>:<length>:<value>;` per column, so no value can be mistaken for another's boundary and nothing needs
 * escaping (a JSON encoding spent most of a verification escaping the quotes of the payloads).
 */
export function canonicalEventContent(row: Record<string, unknown>): string {
  const keys = Object.keys(row);
  const signature = keys.join(',');
  let order = orderOf.get(signature);
  if (!order) {
    order = keys.filter((key) => !NOT_CONTENT.has(key)).sort();
    if (orderOf.size < 64) orderOf.set(signature, order);
  }
  let text = '';
  for (const key of order) {
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

/** A stored event as the verifier reads it: the whole row, ordered by (stream_id, stream_version). */
export interface ChainedEventRow extends Record<string, unknown> {
  id: number | string;
  stream_id: string;
  stream_version: number | string;
  hash: string | null;
}

export type ChainProblemKind = 'altered' | 'removed' | 'inserted' | 'reordered';

/** Where verification first found the ledger not to be what was written. */
export interface ChainProblem {
  kind: LedgerProblemKind;
  stream_id: string;
  /** The order number in the stream: the altered, inserted or reordered event's, or the first missing one. */
  stream_version: number;
  /** The event found there (for a removal: the event that follows the gap; null when nothing follows). */
  event_id: number | null;
}

/** Where the walk stands in one stream: the version, hash and highest id accepted so far. */
interface StreamCursor {
  version: number;
  previousHash: string;
  previousId: number;
  failed: boolean;
}

const freshCursor = (): StreamCursor => ({ version: 0, previousHash: '', previousId: 0, failed: false });

/**
 * A stream's events up to a digest's last event, as the walk found them: how many, the highest order number
 * among them and the first of their ids (the stream's entry into the range).
 */
export interface StreamInRange {
  events: number;
  version: number;
  firstId: number;
}

/**
 * Counts, while the ledger is walked, the events and streams with an id up to `lastEventId` (a digest's range):
 * what the digest signed must be what is there now. Memory: one small record per stream in the range.
 */
export class RangeCount {
  events = 0;
  readonly streams = new Map<string, StreamInRange>();

  constructor(readonly lastEventId: number) {}

  accept(row: ChainedEventRow): void {
    const id = Number(row.id);
    if (id > this.lastEventId) return;
    this.events++;
    const version = Number(row.stream_version);
    const stream = this.streams.get(row.stream_id);
    if (!stream) this.streams.set(row.stream_id, { events: 1, version, firstId: id });
    else {
      stream.events++;
      if (version > stream.version) stream.version = version;
      if (id < stream.firstId) stream.firstId = id;
    }
  }
}

/** The problems a stream's next event (in version order) shows, the first of them only (the stream's cursor moves on regardless). */
function checkNext(cursor: StreamCursor, row: ChainedEventRow, report: (problem: ChainProblem) => void): void {
  const id = Number(row.id);
  const version = Number(row.stream_version);
  const expected = cursor.version + 1;
  const problem = (kind: ChainProblemKind, stream_version: number) => {
    if (cursor.failed) return;
    cursor.failed = true;
    report({ kind, stream_id: row.stream_id, stream_version, event_id: id });
  };
  if (version > expected) problem('removed', expected);
  else if (version < expected) problem('inserted', version);
  else if (!row.hash) problem('inserted', version);
  else if (id < cursor.previousId) problem('reordered', version);
  else if (!cursor.failed && chainHash(cursor.previousHash, row) !== row.hash) problem('altered', version);
  cursor.version = version;
  cursor.previousHash = row.hash ?? '';
  cursor.previousId = Math.max(cursor.previousId, id);
}

/** The earliest problem by ledger position (the event's id; a problem with no event last). */
abstract class ProblemKeeper {
  events = 0;
  streams = 0;
  lastEventId = 0;
  first: ChainProblem | null = null;

  /** "Intact up to event N": every event before the first problem verified (all of them when none). */
  get intactUpTo(): number {
    if (!this.first) return this.lastEventId;
    return this.first.event_id === null ? this.lastEventId : this.first.event_id - 1;
  }

  protected readonly report = (problem: ChainProblem): void => {
    const position = (p: ChainProblem) => p.event_id ?? Number.MAX_SAFE_INTEGER;
    if (!this.first || position(problem) < position(this.first)) this.first = problem;
  };

  protected count(row: ChainedEventRow): void {
    this.events++;
    const id = Number(row.id);
    if (id > this.lastEventId) this.lastEventId = id;
  }
}

/**
 * Walks the ledger stream by stream, in version order, in bounded memory (one stream's head at a time), and
 * keeps the earliest problem by ledger position. Within a stream it reports the first problem only and
 * carries on from the stored hash, so one altered event does not hide a later one in another stream.
 */
export class ChainWalker extends ProblemKeeper {
  private stream: string | null = null;
  private cursor = freshCursor();

  accept(row: ChainedEventRow): void {
    if (row.stream_id !== this.stream) {
      this.stream = row.stream_id;
      this.cursor = freshCursor();
      this.streams++;
    }
    this.count(row);
    checkNext(this.cursor, row, this.report);
  }
}

/**
 * Events held back at most, over all streams, while their stream has a gap (an event with a lower order
 * number not yet read). Only a tampered ledger (or an append committing behind the walk) has gaps.
 */
export const PENDING_EVENTS_LIMIT = 10_000;

/**
 * The same verdicts as ChainWalker, from the ledger read in the order it was written (primary key), which
 * both engines read sequentially: each stream's cursor (order number, head hash, highest id) stays in memory
 * — bounded by the number of streams, not events; ≈ 280 bytes a stream, measured by `npm run bench:ledger -- --stream-memory 200000` —
 * and each stream's events are checked in version order as ChainWalker checks them. An event that arrives
 * before a lower order number of its stream waits (the lower one may come later: two events swapped) until
 * the gap fills or the walk ends, when it is checked as the next one, which reports the removal. With more
 * than PENDING_EVENTS_LIMIT events waiting, the stream waiting longest is checked at once (its gap reported
 * as a removal at the same event where ChainWalker might have said "reordered").
 */
export class LedgerOrderWalker extends ProblemKeeper {
  private readonly cursors = new Map<string, StreamCursor>();
  /** Per stream with a gap: its waiting events by version. */
  private readonly pending = new Map<string, Map<number, ChainedEventRow>>();
  private pendingCount = 0;

  accept(row: ChainedEventRow): void {
    this.count(row);
    let cursor = this.cursors.get(row.stream_id);
    if (!cursor) {
      cursor = freshCursor();
      this.cursors.set(row.stream_id, cursor);
      this.streams++;
    }
    const version = Number(row.stream_version);
    const waiting = this.pending.get(row.stream_id);
    if (version > cursor.version + 1) {
      if (waiting?.has(version)) {
        // the same order number twice (the unique index dropped): the later one is checked as next, at once
        checkNext(cursor, row, this.report);
        return;
      }
      const queue = waiting ?? new Map<number, ChainedEventRow>();
      queue.set(version, row);
      if (!waiting) this.pending.set(row.stream_id, queue);
      if (++this.pendingCount > PENDING_EVENTS_LIMIT) this.drain([...this.pending.keys()][0], true);
      return;
    }
    checkNext(cursor, row, this.report);
    if (waiting) this.drain(row.stream_id, false);
  }

  /** The end of the ledger: what still waits behind a gap is checked in version order (the gap is reported). */
  finish(): void {
    for (const stream of [...this.pending.keys()]) this.drain(stream, true);
  }

  /** Checks a stream's waiting events that now follow on; with `force`, all of them, gaps or not. */
  private drain(stream: string, force: boolean): void {
    const waiting = this.pending.get(stream)!;
    const cursor = this.cursors.get(stream)!;
    for (;;) {
      let next = waiting.get(cursor.version + 1);
      if (!next && force && waiting.size) next = waiting.get(Math.min(...waiting.keys()));
      if (!next) break;
      waiting.delete(Number(next.stream_version));
      this.pendingCount--;
      checkNext(cursor, next, this.report);
    }
    if (!waiting.size) this.pending.delete(stream);
  }
}
