import { createHash } from 'node:crypto';
import { RangeCount } from './event-chain';
import { DIGEST_DUE_SECONDS, DIGEST_FORMAT, DIGEST_FORMAT_1, DigestCheck, DigestLeaf, digestSeriesFindings, DigestStatement, leafHash, MerkleRoot, statementText, StoredDigestSummary } from './ledger-digest';

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
    // the ledger as the walk counted it up to the digest's last event (10): stream i holds versions 1..i+1
    const range = new RangeCount(10);
    let id = 0;
    for (const l of leaves) for (let v = 1; v <= l.stream_version; v++) range.accept({ id: ++id, stream_id: l.stream_id, stream_version: v, hash: '' });
    const signed = { last_event_id: 10, streams: 2, events: 3 };
    const check = () => new DigestCheck(signed, range);
    const ok = check();
    for (const l of leaves) ok.accept(l, { id: 1, hash: l.hash });
    expect(ok.finish(tree.root())).toBeNull();
    const truncated = check();
    truncated.accept(leaves[0], { id: 1, hash: leaves[0].hash });
    truncated.accept(leaves[1], null);
    expect(truncated.finish(tree.root())).toEqual({ kind: 'removed', stream_id: 'stock-1-1', stream_version: 2, event_id: null });
    const rewritten = check();
    rewritten.accept(leaves[0], { id: 4, hash: 'f'.repeat(64) });
    expect(rewritten.finish(tree.root())).toMatchObject({ kind: 'digest-mismatch', stream_id: 'stock-0-1', event_id: 4 });
    // leaves that match the ledger but not the signed root: the stored leaves were altered
    const forgedLeaves = check();
    for (const l of leaves) forgedLeaves.accept(l, { id: 1, hash: l.hash });
    expect(forgedLeaves.finish(createHash('sha256').update('another root').digest('hex'))).toMatchObject({ kind: 'digest-leaves' });
  });

  describe('pin the whole range: what the walk counted up to the last event must be what was signed', () => {
    const leaves = [leaf(0), leaf(1)];
    const root = () => {
      const tree = new MerkleRoot();
      for (const l of leaves) tree.push(l);
      return tree.root();
    };
    /** Events (id, stream, version) as the walk meets them. */
    const counted = (last: number, events: Array<[number, string, number]>) => {
      const range = new RangeCount(last);
      for (const [id, stream_id, stream_version] of events) range.accept({ id, stream_id, stream_version, hash: '' });
      return range;
    };
    const ledger: Array<[number, string, number]> = [
      [1, 'stock-0-1', 1],
      [2, 'stock-1-1', 1],
      [4, 'stock-1-1', 2],
    ];
    const signed = { last_event_id: 4, streams: 2, events: 3 };
    const run = (range: RangeCount, found: Array<{ id: number; hash: string }> = [{ id: 1, hash: leaves[0].hash }, { id: 4, hash: leaves[1].hash }]) => {
      const check = new DigestCheck(signed, range);
      leaves.forEach((l, i) => check.accept(l, found[i]));
      return check.finish(root());
    };

    it('an untouched ledger, with events after the range, matches', () => {
      expect(run(counted(4, [...ledger, [5, 'stock-0-1', 2], [6, 'stock-9-1', 1]]))).toBeNull();
    });

    it('a new stream back-dated into the range (an id in a gap below the last event) is named', () => {
      expect(run(counted(4, [...ledger, [3, 'stock-9-1', 1]]))).toEqual({ kind: 'back-dated', stream_id: 'stock-9-1', stream_version: 1, event_id: 3 });
    });

    it('an event back-dated into a signed stream is named at the order number after the signed head', () => {
      expect(run(counted(4, [...ledger, [3, 'stock-0-1', 2]]))).toEqual({ kind: 'back-dated', stream_id: 'stock-0-1', stream_version: 2, event_id: null });
    });

    it('a signed head whose event now lies after the last event (renumbered) is refused', () => {
      expect(run(counted(4, ledger.slice(0, 2)), [{ id: 1, hash: leaves[0].hash }, { id: 7, hash: leaves[1].hash }])).toMatchObject({ kind: 'digest-range', stream_id: 'stock-1-1', event_id: 7 });
    });

    it('figures that differ with no stream to name say so', () => {
      expect(new DigestCheck({ ...signed, events: 4 }, counted(4, ledger)).countsMatch()).toBe(false);
      const check = new DigestCheck({ ...signed, events: 4 }, counted(4, ledger));
      leaves.forEach((l, i) => check.accept(l, [{ id: 1, hash: leaves[0].hash }, { id: 4, hash: leaves[1].hash }][i]));
      expect(check.finish(root())).toMatchObject({ kind: 'digest-counts' });
    });
  });

  it('sign the figures, and in format 2 the digest taken before', () => {
    const statement: DigestStatement = { format: DIGEST_FORMAT, id: 3, root: 'r', last_event_id: 9, streams: 2, events: 5, created_at: 100, previous_id: 2 };
    expect(statementText(statement)).toBe(JSON.stringify(['wms-ledger-digest/2', 3, 'r', 9, 2, 5, 100, 2]));
    expect(statementText({ ...statement, format: DIGEST_FORMAT_1, previous_id: null })).toBe(JSON.stringify(['wms-ledger-digest/1', 3, 'r', 9, 2, 5, 100]));
  });

  describe('as a series', () => {
    const day = 86400;
    const now = 100 * day;
    const digest = (id: number, created_at: number, last_event_id: number, more: Partial<StoredDigestSummary> = {}): StoredDigestSummary => ({ id, previous_id: id - 1, last_event_id, created_at, signed: true, ...more });
    const daily = [digest(1, now - 3 * day, 10, { previous_id: null }), digest(2, now - 2 * day, 20), digest(3, now - day, 30)];

    it('find nothing when a signed digest follows every day the ledger grew', () => {
      expect(digestSeriesFindings(daily, { events: 4, oldest: now - 3600 }, now)).toEqual([]);
      // days without events need no digest
      expect(digestSeriesFindings([daily[0], digest(2, now - 1000, 10, { previous_id: 1 })], { events: 0, oldest: null }, now)).toEqual([]);
    });

    it('find an unsigned digest, a removed one, a late one and events no digest covers', () => {
      const findings = digestSeriesFindings([daily[0], { ...daily[1], signed: false }, digest(4, now - 3 * day + 28 * 3600, 40)], { events: 2, oldest: now - DIGEST_DUE_SECONDS - 1 }, now);
      expect(findings).toEqual([
        { kind: 'unsigned', digest_id: 2, other_id: 0, events: 0, since: 0, hours: 0 },
        { kind: 'missing', digest_id: 4, other_id: 3, events: 0, since: 0, hours: 0 },
        { kind: 'gap', digest_id: 4, other_id: 1, events: 0, since: 0, hours: 28 },
        { kind: 'uncovered', digest_id: 4, other_id: 0, events: 2, since: now - DIGEST_DUE_SECONDS - 1, hours: 0 },
      ]);
    });

    it('find a ledger older than a day without any digest', () => {
      expect(digestSeriesFindings([], { events: 7, oldest: now - 2 * day }, now)).toEqual([{ kind: 'uncovered', digest_id: 0, other_id: 0, events: 7, since: now - 2 * day, hours: 0 }]);
      expect(digestSeriesFindings([], { events: 7, oldest: now - 3600 }, now)).toEqual([]);
    });
  });
});
