import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer, type ServerProcess } from '../../support/server-process';
import { eventually } from './admin';

interface ReadOnlyDb {
  prepare(sql: string): { get(...params: unknown[]): unknown };
  close(): void;
}
// better-sqlite3 ships no types (the outage spec reads it the same way)
// eslint-disable-next-line @typescript-eslint/no-require-imports
const Database = require('better-sqlite3') as new (file: string, options: { readonly: boolean; fileMustExist: boolean }) => ReadOnlyDb;

/**
 * A server of the spec file's own (the same build, a fresh SQLite DATA_DIR) whose text messages go to its
 * `sms_message` table (SMS_DRIVER=database), started before the file's tests and stopped after them; and
 * the code of the newest message to a mobile, read from that table as soon as it is there.
 */
export function smsServer(name: string) {
  let server: ServerProcess | undefined;
  const dataDir = mkdtempSync(join(tmpdir(), `wms-${name}-`));
  beforeAll(async () => {
    server = await startServer({ DATA_DIR: dataDir, SMS_DRIVER: 'database', SMTP_URL: '', DB_URL: '', DB_READ_URL: '' }, { timeoutMs: 150_000 });
  }, 180_000);
  afterAll(async () => {
    await server?.stop();
  });
  return {
    /** The server's base URL (once started). */
    base: () => server!.base,
    async smsCode(mobile: string): Promise<string> {
      let code = '';
      await eventually(
        () => {
          const db = new Database(join(dataDir, 'wms.sqlite'), { readonly: true, fileMustExist: true });
          try {
            const row = db.prepare('SELECT content FROM sms_message WHERE mobile = ? ORDER BY id DESC LIMIT 1').get(mobile) as { content: string } | undefined;
            code = /\b(\d{6})\b/.exec(row?.content ?? '')?.[1] ?? '';
            return code !== '';
          } finally {
            db.close();
          }
        },
        10_000,
        `a text message to ${mobile}`,
      );
      return code;
    },
  };
}
