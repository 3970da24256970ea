import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { formatMysqlUrl, parseMysqlUrl } from '../../src/shared/database/database-url';

/**
 * Each jest worker gets a database of its own: a SQLite file in a fresh temporary folder, or, with
 * DB_URL, the named MySQL database suffixed with the worker id. Only databases named *test* are used.
 */
const worker = process.env.JEST_WORKER_ID ?? '1';
if (process.env.DB_URL) {
  const target = parseMysqlUrl(process.env.DB_URL);
  if (!/test/i.test(target.database)) throw new Error(`Refusing to run tests against "${target.database}": its name must contain "test"`);
  if (!process.env.TEST_DB_BASE) process.env.TEST_DB_BASE = target.database;
  process.env.DB_URL = formatMysqlUrl({ ...target, database: `${process.env.TEST_DB_BASE}_w${worker}` }, true);
}
if (!process.env.TEST_DATA_DIR_SET) {
  process.env.DATA_DIR = mkdtempSync(join(tmpdir(), `wms-test-w${worker}-`));
  process.env.TEST_DATA_DIR_SET = '1';
}
process.env.LOGIN_CAPTCHA ??= '0';
process.env.SEED_DEMO = '0';
// the webhook worker's loop is off: specs run its passes themselves (WebhookWorker.runOnce), at the times they choose
process.env.WEBHOOK_WORKER ??= '0';
// scrypt's N for new password hashes: a run signs in some two thousand times (16,384 is the default; its spec covers it)
process.env.PASSWORD_COST ??= '1024';
process.env.JWT_SECRET ??= 'test-secret-not-for-production-000000000000';
