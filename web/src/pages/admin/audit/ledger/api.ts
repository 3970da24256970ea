/** The auditor's ledger endpoints (`/admin/audit.Ledger/*`) on the one request instance. */
import request from '@/api/request';
import { createCrudApi, type CrudApi } from '@/components/crud';
import { directUrl } from '@/features/documents/directUrl';

export const LEDGER_API = '/admin/audit.Ledger';

export interface DigestFile {
  format: string;
  id: number;
  root: string;
  last_event_id: number;
  streams: number;
  events: number;
  created_at: number;
  created: string;
  signature: string;
  public_key: string;
}

export type ProblemKind = 'altered' | 'removed' | 'inserted' | 'reordered' | 'digest-mismatch' | 'digest-leaves' | 'digest-signature' | 'digest-unknown';

export interface VerificationReport {
  intact: boolean;
  events: number;
  streams: number;
  last_event_id: number;
  intact_up_to: number;
  problem: { kind: ProblemKind; stream_id: string; stream_version: number; event_id: number | null } | null;
  digest: { id: number; root: string; last_event_id: number; created_at: number; signature_valid: boolean; matched: boolean } | null;
  seconds: number;
}

/** One message of the verification stream. */
export type VerifyMessage =
  | { type: 'progress'; phase: 'chain' | 'digest'; done: number; total: number }
  | { type: 'result'; report: VerificationReport }
  | { type: 'error'; msg: string };

export async function takeDigest(): Promise<DigestFile> {
  return (await request<DigestFile>({ url: `${LEDGER_API}/take`, method: 'post' }, { showSuccessMessage: true })).data;
}

export async function publicKey(): Promise<{ public_key: string; algorithm: string }> {
  return (await request<{ public_key: string; algorithm: string }>({ url: `${LEDGER_API}/publicKey`, method: 'get' })).data;
}

/** `digest`: a stored digest's id, 'latest' or 'none'. */
export function verifyUrl(digest: number | 'latest' | 'none', token: string, lang: string): string {
  return directUrl(`${LEDGER_API}/verify`, { digest_id: digest }, token, lang);
}

export const downloadUrl = (id: number, token: string, lang: string) => directUrl(`${LEDGER_API}/download`, { id }, token, lang);
export const publicKeyUrl = (token: string, lang: string) => directUrl(`${LEDGER_API}/publicKey`, { download: 1 }, token, lang);
export const exportUrl = (what: 'digests' | 'runs', format: 'csv' | 'xlsx', token: string, lang: string) => directUrl(`${LEDGER_API}/export`, { what, format }, token, lang);

/** The verification runs list: the CRUD client with its index at `runs`. */
export function runsClient(): CrudApi {
  const api = createCrudApi(LEDGER_API);
  return {
    ...api,
    async index(params) {
      return (await request({ url: `${LEDGER_API}/runs`, method: 'get', params })).data;
    },
  };
}
