import { createHash } from 'node:crypto';
import { DigestCheck, DigestLeaf, leafHash, MerkleRoot } from './ledger-digest';

const leaf = (i: number): DigestLeaf => ({ stream_id: `stock-${i}-1`, stream_version: i + 1, hash: createHash('sha256').update(String(i)).digest('hex') });
const node = (l: Buffer, r: Buffer) => createHash('sha256').update(Buffer.concat([Buffer.from([1]), l, r])).digest();

/** RFC 6962's definition, recursively: split at the largest power of two below n. */
function reference(leaves: DigestLeaf[]): Buffer {
  if (leaves.length === 1) return leafHash(leaves[0]);
  let k = 1;
  while (k * 2 < leaves.length) k *= 2;
  return node(reference(leaves.slice(0, k)), reference(leaves.slice(k)));
}

describe('ledger digests', () => {
  it('build the RFC 6962 Merkle root as the leaves stream past, for any number of leaves', () => {
    for (let n = 1; n <= 33; n++) {
      const leaves = Array.from({ length: n }, (_, i) => leaf(i));
      const tree = new MerkleRoot();
      for (const l of leaves) tree.push(l);
      expect([n, tree.root()]).toEqual([n, reference(leaves).toString('hex')]);
    }
    expect(new MerkleRoot().root()).toBe(createHash('sha256').digest('hex'));
  });

  it('change root with any leaf, its order or its count', () => {
    const root = (leaves: DigestLeaf[]) => {
      const tree = new MerkleRoot();
      for (const l of leaves) tree.push(l);
      return tree.root();
    };
    const leaves = [leaf(0), leaf(1), leaf(2)];
    expect(new Set([root(leaves), root([leaves[1], leaves[0], leaves[2]]), root(leaves.slice(0, 2)), root([leaves[0], leaves[1], { ...leaves[2], stream_version: 9 }])]).size).toBe(4);
  });

  it('check each leaf against the event at its version, then the root', () => {
    const leaves = [leaf(0), leaf(1)];
    const tree = new MerkleRoot();
    for (const l of leaves) tree.push(l);
    const ok = new DigestCheck();
    for (const l of leaves) ok.accept(l, { id: 1, hash: l.hash });
    expect(ok.finish(tree.root())).toBeNull();
    const truncated = new DigestCheck();
    truncated.accept(leaves[0], { id: 1, hash: leaves[0].hash });
    truncated.accept(leaves[1], null);
    expect(truncated.finish(tree.root())).toEqual({ kind: 'removed', stream_id: 'stock-1-1', stream_version: 2, event_id: null });
    const rewritten = new DigestCheck();
    rewritten.accept(leaves[0], { id: 4, hash: 'f'.repeat(64) });
    expect(rewritten.finish(tree.root())).toMatchObject({ kind: 'digest-mismatch', stream_id: 'stock-0-1', event_id: 4 });
    const forgedLeaves = new DigestCheck();
    forgedLeaves.accept(leaves[0], { id: 1, hash: leaves[0].hash });
    expect(forgedLeaves.finish(tree.root())).toMatchObject({ kind: 'digest-leaves' });
  });
});
