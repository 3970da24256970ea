/**
 * The security context's calls besides its CRUD lists: the recycle bin's and the sensitive-data log's record
 * and their restore / rollback, and the download of a backup.
 */
import { actionUrl, createCrudApi } from './crud';
import { directUrl } from './request';

export const BACKUP_API = '/admin/routine.Backup';

/** A backup's archive, downloaded directly. */
export function backupDownloadUrl(id: number, token: string, lang: string): string {
  return directUrl(actionUrl(BACKUP_API, 'download'), { id }, token, lang);
}

/** What a restore or a rollback did: the ids done, and a reason for each one refused. */
export interface SafetyResult {
  done: number[];
  refused: Array<{ id: number; reason: string }>;
}

/** `GET <log>/info?id=`: one record of the recycle bin or the sensitive-data log. */
export async function fetchSafetyRecord<Row = Record<string, unknown>>(base: string, id: number): Promise<Row> {
  return (await createCrudApi(base).get<{ row: Row }>('info', { id })).row;
}

/**
 * `POST <log>/restore` or `<log>/rollback` {ids}: answered quietly, since a refusal carries the outcome (its
 * `data` lists what was done and why the rest was not) and the page shows it.
 */
export function runSafetyAction(base: string, action: string, ids: number[]): Promise<SafetyResult> {
  return createCrudApi(base).post<SafetyResult>(action, { ids }, { showErrorMessage: false });
}
