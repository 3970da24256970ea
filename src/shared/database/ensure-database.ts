import { createConnection } from 'mysql2/promise';
import type { DatabaseSettings } from '../../../ormconfig';
import { isNodeFailure } from './database-errors';
import { describeHost } from './database-url';

/**
 * Creates the MySQL database of `settings` when it is missing (SQLite files appear by themselves), on the
 * first of its hosts that answers; on a Galera cluster the other nodes get it by replication. Run with the
 * migration user: the runtime user has no CREATE right.
 */
export async function ensureDatabaseExists(settings: DatabaseSettings): Promise<void> {
  if (settings.kind !== 'mysql') return;
  if (!/^[A-Za-z0-9_]+$/.test(settings.database)) throw new Error('DB_URL: the database name may hold only letters, digits and _');
  const { user, password, hosts } = settings.mysql!;
  let lastError: unknown;
  for (const target of hosts) {
    let connection;
    try {
      connection = await createConnection({ host: target.host, port: target.port, user, password, connectTimeout: 5000 });
    } catch (error) {
      if (!isNodeFailure(error)) throw error;
      console.warn(`${describeHost(target)}: ${(error as { code?: string }).code ?? (error as Error).message}`);
      lastError = error;
      continue;
    }
    try {
      await connection.query(`CREATE DATABASE IF NOT EXISTS \`${settings.database}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
      return;
    } finally {
      await connection.end();
    }
  }
  throw lastError;
}
