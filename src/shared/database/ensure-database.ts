import { createConnection } from 'mysql2/promise';
import { DatabaseSettings } from './database-config';

/** Creates the MySQL database named in DB_URL when it is missing (SQLite files appear by themselves). */
export async function ensureDatabaseExists(settings: DatabaseSettings): Promise<void> {
  if (settings.kind !== 'mysql') return;
  if (!/^[A-Za-z0-9_]+$/.test(settings.database)) throw new Error('DB_URL: the database name may hold only letters, digits and _');
  const url = settings.url!;
  const connection = await createConnection({
    host: url.hostname,
    port: Number(url.port || 3306),
    user: decodeURIComponent(url.username || 'root'),
    password: decodeURIComponent(url.password || ''),
  });
  try {
    await connection.query(`CREATE DATABASE IF NOT EXISTS \`${settings.database}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  } finally {
    await connection.end();
  }
}
