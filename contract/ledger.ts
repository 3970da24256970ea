/** The stock ledger's verification, as `audit.Ledger/verify` answers it and `npm run ledger:verify` prints it. */

/**
 * What verification can find wrong, each at a stream and order number:
 * - in the chains: `altered`, `removed`, `inserted`, `reordered`;
 * - against a digest: `digest-signature` (not signed by this installation's key), `digest-unknown` (its leaves
 *   are gone from the database), `digest-counts` (the events or streams up to its last event are not the
 *   signed figures), `back-dated` (a stream or event written into its range after it was taken),
 *   `digest-range` (the head it signed now lies after its last event), `digest-mismatch` (a stream rewritten
 *   since), `digest-leaves` (its stored leaves do not give the signed root).
 */
export const LEDGER_PROBLEM_KINDS = [
  'altered',
  'removed',
  'inserted',
  'reordered',
  'digest-signature',
  'digest-unknown',
  'digest-counts',
  'back-dated',
  'digest-range',
  'digest-mismatch',
  'digest-leaves',
] as const;
export type LedgerProblemKind = (typeof LEDGER_PROBLEM_KINDS)[number];

/**
 * What the stored digests leave uncovered (checked when no digest file is given):
 * - `unsigned`: a digest without a valid signature of this installation's key;
 * - `missing`: a digest that a later one names as the one before it is gone;
 * - `gap`: two digests in a row more than a day apart while the ledger grew between them;
 * - `uncovered`: events older than a day that no signed digest covers (none at all, or the latest too old).
 */
export const DIGEST_SERIES_FINDINGS = ['unsigned', 'missing', 'gap', 'uncovered'] as const;
export type DigestSeriesFindingKind = (typeof DIGEST_SERIES_FINDINGS)[number];

export interface DigestSeriesFinding {
  kind: DigestSeriesFindingKind;
  /** The digest concerned (`gap`: the later one; `uncovered`: the latest signed one, 0 when there is none). */
  digest_id: number;
  /** `gap`: the digest before it; `missing`: the id named but absent. */
  other_id: number;
  /** `uncovered`: how many events, and when the oldest of them was written (Unix seconds); `gap`: the hours between. */
  events: number;
  since: number;
  hours: number;
}
