/**
 * What the platform records in the admin log, supplied by the accounts context (which owns the admin log)
 * as a global provider under ADMIN_ACTIVITY_LOG: the platform never writes the accounts tables itself.
 * Used for what the request-level admin log does not see, such as terminal runs (GET event streams).
 */
export interface AdminActivity {
  adminId: number;
  username: string;
  /** Without secrets: the terminal passes its path and command, never the token of the query string. */
  url: string;
  title: string;
  data: Record<string, unknown>;
  ip: string;
  useragent: string;
}

export interface AdminActivityLog {
  record(activity: AdminActivity): Promise<void>;
}

export const ADMIN_ACTIVITY_LOG = Symbol('ADMIN_ACTIVITY_LOG');
