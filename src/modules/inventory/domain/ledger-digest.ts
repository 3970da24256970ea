import { createHash } from 'node:crypto';
import type { DigestSeriesFinding, DigestStatement as PublishedStatement } from '../../../../contract/ledger';
import { ChainProblem, RangeCount } from './event-chain';

/**
 * A digest: the root of a Merkle tree over every stream's head (stream id, version, head hash) among the
 * events up to its last event id, with the number of those events and streams. The tree is RFC 6962's
 * (leaf = H(0x00 ‖ leaf), node = H(0x01 ‖ left ‖ right), an odd node is carried up unhashed), built as the
 * leaves stream past in O(log n) memory.
 *
 * Format 2 also signs the id of the digest taken before it (0 for the first), so a digest removed from the
 * database shows in the one after it. Format 1 digests (taken before) are verified as they were signed.
 */
export const DIGEST_FORMAT = 'wms-ledger-digest/2';
export const DIGEST_FORMAT_1 = 'wms-ledger-digest/1';
export type DigestFormat = typeof DIGEST_FORMAT | typeof DIGEST_FORMAT_1;

export interface DigestLeaf {
  stream_id: string;
  stream_version: number;
  hash: string;
}

const sha256 = (...parts: Buffer[]) => createHash('sha256').update(Buffer.concat(parts)).digest();

export function leafHash(leaf: DigestLeaf): Buffer {
  return sha256(Buffer.from([0]), Buffer.from(JSON.stringify([leaf.stream_id, leaf.stream_version, leaf.hash]), 'utf8'));
}

export class MerkleRoot {
  private readonly stack: Array<{ size: number; hash: Buffer }> = [];
  count = 0;

  push(leaf: DigestLeaf): void {
    let node = { size: 1, hash: leafHash(leaf) };
    while (this.stack.length && this.stack[this.stack.length - 1].size === node.size) {
      const left = this.stack.pop()!;
      node = { size: left.size * 2, hash: sha256(Buffer.from([1]), left.hash, node.hash) };
    }
    this.stack.push(node);
    this.count++;
  }

  /** Hex root; the hash of nothing for an empty ledger. */
  root(): string {
    if (!this.stack.length) return sha256().toString('hex');
    let acc = this.stack[this.stack.length - 1].hash;
    for (let i = this.stack.length - 2; i >= 0; i--) acc = sha256(Buffer.from([1]), this.stack[i].hash, acc);
    return acc.toString('hex');
  }
}

/** What is signed: every field of the published digest but the signature (contract/ledger.ts), in a fixed order. */
export type DigestStatement = PublishedStatement & { format: DigestFormat };

export function statementText(s: DigestStatement): string {
  const fields = [s.format, s.id, s.root, s.last_event_id, s.streams, s.events, s.created_at];
  return JSON.stringify(s.format === DIGEST_FORMAT_1 ? fields : [...fields, s.previous_id ?? 0]);
}

const NOWHERE = { stream_id: '', stream_version: 0, event_id: null } as const;

/**
 * Checks the ledger against a digest, given what the walk counted up to the digest's last event (`range`):
 * - the events and streams there are the signed figures (else a stream or event was written into the range
 *   after the digest — `back-dated`, named when found — or removed);
 * - leaf by leaf in the digest's order, the event at each leaf's version is still there (else the stream's
 *   tail was `removed`), with the same hash (else the stream was rewritten: `digest-mismatch`; the chain walk
 *   has shown that stored hashes follow from the content), within the range (else `digest-range`), and no
 *   later event of the stream lies in the range (else `back-dated`);
 * - every stream in the range has a leaf (else `back-dated`);
 * - the leaves rebuilt from the ledger give the signed root (else `digest-leaves`).
 * The first problem found is kept; a count that differs without a stream to name is `digest-counts`.
 */
export class DigestCheck {
  first: ChainProblem | null = null;
  private readonly tree = new MerkleRoot();
  private readonly covered = new Set<string>();

  constructor(
    private readonly statement: Pick<DigestStatement, 'last_event_id' | 'streams' | 'events'>,
    private readonly range: RangeCount,
  ) {}

  /** The figures alone (all a digest whose leaves are gone can be checked for). */
  countsMatch(): boolean {
    return this.range.events === this.statement.events && this.range.streams.size === this.statement.streams;
  }

  accept(leaf: DigestLeaf, event: { id: number; hash: string } | null): void {
    this.tree.push({ ...leaf, hash: event?.hash ?? '' });
    this.covered.add(leaf.stream_id);
    if (this.first) return;
    const at = (kind: ChainProblem['kind'], stream_version: number, event_id: number | null) => {
      this.first = { kind, stream_id: leaf.stream_id, stream_version, event_id };
    };
    const inRange = this.range.streams.get(leaf.stream_id);
    if (!event) at('removed', leaf.stream_version, null);
    else if (event.hash !== leaf.hash) at('digest-mismatch', leaf.stream_version, event.id);
    else if (event.id > this.statement.last_event_id) at('digest-range', leaf.stream_version, event.id);
    else if (inRange && inRange.version > leaf.stream_version) at('back-dated', leaf.stream_version + 1, null);
  }

  finish(signedRoot: string): ChainProblem | null {
    if (!this.first) {
      for (const [stream_id, stream] of this.range.streams) {
        if (this.covered.has(stream_id)) continue;
        if (!this.first || stream.firstId < (this.first.event_id ?? Infinity)) this.first = { kind: 'back-dated', stream_id, stream_version: 1, event_id: stream.firstId };
      }
    }
    if (!this.first && !this.countsMatch()) this.first = { kind: 'digest-counts', ...NOWHERE };
    if (!this.first && this.tree.root() !== signedRoot) this.first = { kind: 'digest-leaves', ...NOWHERE };
    return this.first;
  }

  get leaves(): number {
    return this.tree.count;
  }
}

/**
 * How long an event may wait for a digest: a day, plus the margin of the daily digest — a site day lasts up
 * to 25 hours where clocks change, and a server looks every 10 minutes whether the day's digest is taken.
 */
export const DIGEST_DUE_SECONDS = 26 * 3600;

/** A stored digest as the series check reads it. */
export interface StoredDigestSummary {
  id: number;
  previous_id: number | null;
  last_event_id: number;
  created_at: number;
  signed: boolean;
}

/**
 * What the stored digests leave uncovered (contract/ledger.ts), given every digest in id order, the events
 * after the latest signed one (how many, and when the oldest was written) and the time now.
 */
export function digestSeriesFindings(digests: readonly StoredDigestSummary[], after: { events: number; oldest: number | null }, now: number): DigestSeriesFinding[] {
  const findings: DigestSeriesFinding[] = [];
  const finding = (kind: DigestSeriesFinding['kind'], digest_id: number, more: Partial<DigestSeriesFinding> = {}) =>
    findings.push({ kind, digest_id, other_id: 0, events: 0, since: 0, hours: 0, ...more });
  const ids = new Set(digests.map((d) => d.id));
  let before: StoredDigestSummary | null = null;
  for (const digest of digests) {
    if (!digest.signed) {
      finding('unsigned', digest.id);
      continue;
    }
    if (digest.previous_id && !ids.has(digest.previous_id)) finding('missing', digest.id, { other_id: digest.previous_id });
    if (before && digest.created_at - before.created_at > DIGEST_DUE_SECONDS && digest.last_event_id > before.last_event_id) {
      finding('gap', digest.id, { other_id: before.id, hours: Math.floor((digest.created_at - before.created_at) / 3600) });
    }
    before = digest;
  }
  if (after.events > 0 && after.oldest !== null && now - after.oldest > DIGEST_DUE_SECONDS) {
    finding('uncovered', before?.id ?? 0, { events: after.events, since: after.oldest });
  }
  return findings;
}
