import { createHash } from 'node:crypto';

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
  kind: ChainProblemKind | 'digest-mismatch' | 'digest-leaves' | 'digest-signature' | 'digest-unknown';
  stream_id: string;
  /** The order number in the stream: the altered, inserted or reordered event's, or the first missing one. */
  stream_version: number;
  /** The event found there (for a removal: the event that follows the gap; null when nothing follows). */
  event_id: number | null;
}

/**
 * Walks the ledger stream by stream, in version order, in bounded memory (one stream's head at a time), and
 * keeps the earliest problem by ledger position. Within a stream it reports the first problem only and
 * carries on from the stored hash, so one altered event does not hide a later one in another stream.
 */
export class ChainWalker {
  events = 0;
  streams = 0;
  lastEventId = 0;
  first: ChainProblem | null = null;
  private stream: string | null = null;
  private version = 0;
  private previousHash = '';
  private previousId = 0;
  private streamFailed = false;

  accept(row: ChainedEventRow): void {
    const id = Number(row.id);
    const version = Number(row.stream_version);
    if (row.stream_id !== this.stream) {
      this.stream = row.stream_id;
      this.version = 0;
      this.previousHash = '';
      this.previousId = 0;
      this.streamFailed = false;
      this.streams++;
    }
    this.events++;
    if (id > this.lastEventId) this.lastEventId = id;
    const expected = this.version + 1;
    if (version > expected) this.report({ kind: 'removed', stream_id: row.stream_id, stream_version: expected, event_id: id });
    else if (version < expected) this.report({ kind: 'inserted', stream_id: row.stream_id, stream_version: version, event_id: id });
    else if (!row.hash) this.report({ kind: 'inserted', stream_id: row.stream_id, stream_version: version, event_id: id });
    else if (id < this.previousId) this.report({ kind: 'reordered', stream_id: row.stream_id, stream_version: version, event_id: id });
    else if (chainHash(this.previousHash, row) !== row.hash) this.report({ kind: 'altered', stream_id: row.stream_id, stream_version: version, event_id: id });
    this.version = version;
    this.previousHash = row.hash ?? '';
    this.previousId = Math.max(this.previousId, id);
  }

  /** "Intact up to event N": every event before the first problem verified (all of them when none). */
  get intactUpTo(): number {
    if (!this.first) return this.lastEventId;
    return this.first.event_id === null ? this.lastEventId : this.first.event_id - 1;
  }

  private report(problem: ChainProblem): void {
    if (this.streamFailed) return;
    this.streamFailed = true;
    const position = (p: ChainProblem) => p.event_id ?? Number.MAX_SAFE_INTEGER;
    if (!this.first || position(problem) < position(this.first)) this.first = problem;
  }
}
