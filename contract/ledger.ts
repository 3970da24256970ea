/**
 * The ledger's integrity as the auditor reads it (`audit.Ledger/*`): signed digests of the event chains, and
 * the verification of the chains (and of a digest) streamed while it runs.
 */

/** What a digest signs: every field of the published digest but the signature. Times are Unix seconds. */
export interface DigestStatement {
  format: string;
  id: number;
  root: string;
  last_event_id: number;
  streams: number;
  events: number;
  created_at: number;
  /** Format 2: the id of the digest taken before this one (0 for the first); null in format 1. */
  previous_id: number | null;
}

/** A published digest (`take`, `download`): the statement, its time in words, the signature and the key. */
export interface DigestFile extends DigestStatement {
  created: string;
  signature: string;
  public_key: string;
}

/** Where verification first found the ledger not to be what was written. */
export interface LedgerProblem {
  kind: LedgerProblemKind;
  stream_id: string;
  /** The order number in the stream: the altered, inserted or reordered event's, or the first missing one. */
  stream_version: number;
  /** The event found there (for a removal: the event that follows the gap; null when nothing follows). */
  event_id: number | null;
}

/** The digest a verification checked the ledger against. */
export interface DigestVerdict {
  id: number;
  root: string;
  last_event_id: number;
  created_at: number;
  signature_valid: boolean;
  matched: boolean;
}

export interface VerificationReport {
  intact: boolean;
  events: number;
  streams: number;
  last_event_id: number;
  /** Every event up to this id verified (the whole ledger when intact). */
  intact_up_to: number;
  problem: LedgerProblem | null;
  digest: DigestVerdict | null;
  /**
   * What the stored digests leave uncovered (unsigned, missing, gaps, events older than a day without a
   * digest); null when a digest file was given, which stands on its own.
   */
  series: DigestSeriesFinding[] | null;
  seconds: number;
}

export interface VerificationProgress {
  phase: 'chain' | 'digest';
  done: number;
  total: number;
}

/** One message of the verification stream (`GET verify`, server-sent events). */
export type VerifyMessage = ({ type: 'progress' } & VerificationProgress) | { type: 'result'; report: VerificationReport } | { type: 'error'; msg: string };

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
