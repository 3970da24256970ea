import { createHash } from 'node:crypto';
import type { DigestStatement as PublishedStatement } from '../../../../contract/ledger';
import { ChainProblem } from './event-chain';

/**
 * A digest: the root of a Merkle tree over every stream's head (stream id, version, head hash) at a moment,
 * with the last event id it covers. The tree is RFC 6962's (leaf = H(0x00 ‖ leaf), node = H(0x01 ‖ left ‖
 * right), an odd node is carried up unhashed), built as the leaves stream past in O(log n) memory.
 */
export const DIGEST_FORMAT = 'wms-ledger-digest/1';

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
export type DigestStatement = PublishedStatement & { format: typeof DIGEST_FORMAT };

export function statementText(s: DigestStatement): string {
  return JSON.stringify([s.format, s.id, s.root, s.last_event_id, s.streams, s.events, s.created_at]);
}

/**
 * Checks a digest's leaves against the ledger, leaf by leaf in the digest's order: the event at each leaf's
 * version must still be there with the same hash (the chain walk has shown that stored hashes follow from
 * the content), and the leaves rebuilt from the ledger must give the signed root.
 */
export class DigestCheck {
  first: ChainProblem | null = null;
  private readonly tree = new MerkleRoot();

  accept(leaf: DigestLeaf, event: { id: number; hash: string } | null): void {
    this.tree.push({ ...leaf, hash: event?.hash ?? '' });
    if (this.first) return;
    if (!event) this.first = { kind: 'removed', stream_id: leaf.stream_id, stream_version: leaf.stream_version, event_id: null };
    else if (event.hash !== leaf.hash) this.first = { kind: 'digest-mismatch', stream_id: leaf.stream_id, stream_version: leaf.stream_version, event_id: event.id };
  }

  finish(signedRoot: string): ChainProblem | null {
    if (!this.first && this.tree.root() !== signedRoot) this.first = { kind: 'digest-leaves', stream_id: '', stream_version: 0, event_id: null };
    return this.first;
  }

  get leaves(): number {
    return this.tree.count;
  }
}
