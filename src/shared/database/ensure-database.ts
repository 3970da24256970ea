import type { Connection } from 'mysql2/promise';
import type { DatabaseSettings } from '../../../ormconfig';
import { isNodeFailure } from './database-errors';
import { describeHost } from './database-url';
import { onFirstUse } from '../on-first-use';

// eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded when a MySQL database is used (SQLite sites and specs never load it)
const mysql = onFirstUse(() => require('mysql2/promise') as typeof import('mysql2/promise'));

/** A connection (no database chosen) to the first of the settings' hosts that answers. */
export async function connectToFirstHost(settings: DatabaseSettings): Promise<Connection> {
  const { user, password, hosts } = settings.mysql!;
  let lastError: unknown;
  for (const target of hosts) {
    try {
      return await mysql().createConnection({ host: target.host, port: target.port, user, password, connectTimeout: 5000 });
    } catch (error) {
      if (!isNodeFailure(error)) throw error;
      console.warn(`${describeHost(target)}: ${(error as { code?: string }).code ?? (error as Error).message}`);
      lastError = error;
    }
  }
  throw lastError;
}

/**
 * Creates the MySQL database of `settings` when it is missing (SQLite files appear by themselves), on the
 * first of its hosts that answers; on a Galera cluster the other nodes get it by replication. Run with the
 * migration user: the runtime user has no CREATE right.
 */
export async function ensureDatabaseExists(settings: DatabaseSettings): Promise<void> {
  if (settings.kind !== 'mysql') return;
  if (!/^[A-Za-z0-9_]+$/.test(settings.database)) throw new Error('DB_URL: the database name may hold only letters, digits and _');
  const connection = await connectToFirstHost(settings);
  try {
    await connection.query(`CREATE DATABASE IF NOT EXISTS \`${settings.database}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  } finally {
    await connection.end();
  }
}

/**
 * Runs `work` (creating the database, migrating, seeding) while holding a MySQL named lock, so app processes
 * started at the same moment against one server take turns: the second finds the migrations run and the
 * database seeded instead of running them again. A named lock is per server: on a Galera cluster start one
 * process first (README). SQLite serves one process and needs none.
 */
export async function withStartupLock<T>(settings: DatabaseSettings, work: () => Promise<T>): Promise<T> {
  if (settings.kind !== 'mysql') return work();
  const connection = await connectToFirstHost(settings);
  try {
    const [rows] = await connection.query('SELECT GET_LOCK(?, ?) AS got', [`wms.startup.${settings.database}`, STARTUP_LOCK_WAIT_SECONDS]);
    if (Number((rows as Array<{ got: unknown }>)[0]?.got) !== 1) throw new Error(`Another process has held the start-up lock of ${settings.database} for ${STARTUP_LOCK_WAIT_SECONDS} s`);
    return await work();
  } finally {
    await connection.end();
  }
}

const STARTUP_LOCK_WAIT_SECONDS = 600;
