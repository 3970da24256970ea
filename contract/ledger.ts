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
}

/** A published digest (`take`, `download`): the statement, its time in words, the signature and the key. */
export interface DigestFile extends DigestStatement {
  created: string;
  signature: string;
  public_key: string;
}

/** How the ledger was found not to be what was written (a chain) or not to match a digest. */
export type LedgerProblemKind = 'altered' | 'removed' | 'inserted' | 'reordered' | 'digest-mismatch' | 'digest-leaves' | 'digest-signature' | 'digest-unknown';

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
  seconds: number;
}

export interface VerificationProgress {
  phase: 'chain' | 'digest';
  done: number;
  total: number;
}

/** One message of the verification stream (`GET verify`, server-sent events). */
export type VerifyMessage = ({ type: 'progress' } & VerificationProgress) | { type: 'result'; report: VerificationReport } | { type: 'error'; msg: string };
