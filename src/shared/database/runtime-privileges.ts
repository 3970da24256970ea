import { DataSource } from 'typeorm';

/**
 * What the app needs of MySQL at run time: rows only. A user that may also TRUNCATE (DROP), DROP TRIGGER
 * (TRIGGER) or change the schema lets whoever takes over the app erase the append-only ledger: TRUNCATE
 * bypasses the triggers that refuse UPDATE and DELETE of `inventory_event`.
 */
const RUNTIME_PRIVILEGES = new Set(['SELECT', 'INSERT', 'UPDATE', 'DELETE', 'USAGE', 'CREATE TEMPORARY TABLES', 'LOCK TABLES', 'EXECUTE', 'SHOW VIEW']);
/** Named first in the warning: what erases the ledger or its guard. */
const LEDGER_THREATS = ['DROP', 'TRIGGER', 'ALTER', 'CREATE', 'SUPER', 'GRANT OPTION'];

/**
 * The privileges the connected MySQL user holds on the app's database beyond those, from information_schema
 * (global, database and table grants to the user and to its enabled roles); empty on SQLite.
 */
export async function excessPrivileges(dataSource: DataSource): Promise<string[]> {
  if (dataSource.options.type !== 'mysql') return [];
  const [{ me }]: Array<{ me: string }> = await dataSource.query('SELECT CURRENT_USER() AS me');
  const roles: Array<{ name: string | null }> = await dataSource.query('SELECT ROLE_NAME AS name FROM information_schema.ENABLED_ROLES');
  const at = me.lastIndexOf('@');
  const grantees = [`'${me.slice(0, at)}'@'${me.slice(at + 1)}'`];
  // MariaDB names a role's grants 'role', MySQL 'role'@'%'.
  for (const { name } of roles) if (name) grantees.push(`'${name}'`, `'${name}'@'%'`);
  const marks = grantees.map(() => '?').join(', ');
  const database = dataSource.driver.database ?? '';
  const rows: Array<{ privilege: string; grantable: string }> = await dataSource.query(
    `SELECT PRIVILEGE_TYPE AS privilege, IS_GRANTABLE AS grantable FROM information_schema.USER_PRIVILEGES WHERE GRANTEE IN (${marks})
     UNION SELECT PRIVILEGE_TYPE, IS_GRANTABLE FROM information_schema.SCHEMA_PRIVILEGES WHERE GRANTEE IN (${marks}) AND ? LIKE TABLE_SCHEMA
     UNION SELECT PRIVILEGE_TYPE, IS_GRANTABLE FROM information_schema.TABLE_PRIVILEGES WHERE GRANTEE IN (${marks}) AND TABLE_SCHEMA = ?`,
    [...grantees, ...grantees, database, ...grantees, database],
  );
  const excess = new Set(rows.map((row) => row.privilege.toUpperCase()).filter((privilege) => !RUNTIME_PRIVILEGES.has(privilege)));
  if (rows.some((row) => row.grantable === 'YES')) excess.add('GRANT OPTION');
  const rank = (privilege: string) => (LEDGER_THREATS.includes(privilege) ? LEDGER_THREATS.indexOf(privilege) : LEDGER_THREATS.length);
  return [...excess].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
}

/** The start-up warning when the runtime user holds more than it needs (null when it does not). */
export async function runtimePrivilegeWarning(dataSource: DataSource): Promise<string | null> {
  const excess = await excessPrivileges(dataSource);
  if (!excess.length) return null;
  const shown = excess.length > 8 ? [...excess.slice(0, 8), `and ${excess.length - 8} more`] : excess;
  return (
    `The database user of DB_URL holds more than the app needs (${shown.join(', ')}): with it, whoever takes over the app ` +
    'can drop the ledger guard or TRUNCATE inventory_event. Run the app as a user with only SELECT, INSERT, UPDATE and ' +
    'DELETE on its database and give DB_MIGRATION_URL the user that migrates (see the README, "A runtime user without DDL").'
  );
}
