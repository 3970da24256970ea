import { DataSource, QueryRunner, Table } from 'typeorm';

/**
 * The site version (`cache_version.name = 'site'`, see src/shared/cache/site-version.ts): triggers raise it
 * in the same transaction as any change to what the app caches per process — site settings (config), rules
 * and their remarks (admin_rule), groups and memberships (admin_group, admin_group_access) and an admin's
 * name or status (admin: not its login times, which change on every sign-in).
 */

const ALL_CHANGES = ['config', 'admin_rule', 'admin_group', 'admin_group_access'];
/** admin: only these columns matter to the cached account. */
const ADMIN_COLUMNS = ['username', 'nickname', 'status'];
const BUMP = "UPDATE cache_version SET version = version + 1 WHERE name = 'site'";

interface TriggerSql {
  name: string;
  mysql: string;
  sqlite: string;
}

function triggers(): TriggerSql[] {
  const list: TriggerSql[] = [];
  for (const table of [...ALL_CHANGES, 'admin']) {
    for (const op of ['INSERT', 'UPDATE', 'DELETE']) {
      const name = `${table}_site_version_${op.toLowerCase()}`;
      if (table === 'admin' && op === 'UPDATE') {
        const same = ADMIN_COLUMNS.map((c) => `BINARY NEW.${c} <=> BINARY OLD.${c}`).join(' AND ');
        list.push({
          name,
          mysql: `CREATE TRIGGER ${name} AFTER UPDATE ON admin FOR EACH ROW IF NOT (${same}) THEN ${BUMP}; END IF`,
          sqlite: `CREATE TRIGGER IF NOT EXISTS ${name} AFTER UPDATE OF ${ADMIN_COLUMNS.join(', ')} ON admin BEGIN ${BUMP}; END`,
        });
        continue;
      }
      list.push({
        name,
        mysql: `CREATE TRIGGER ${name} AFTER ${op} ON ${table} FOR EACH ROW ${BUMP}`,
        sqlite: `CREATE TRIGGER IF NOT EXISTS ${name} AFTER ${op} ON ${table} BEGIN ${BUMP}; END`,
      });
    }
  }
  return list;
}

const isMysql = (runner: QueryRunner | DataSource) => ('connection' in runner ? runner.connection : runner).options.type === 'mysql';

export async function createCacheVersion(runner: QueryRunner): Promise<void> {
  await runner.createTable(
    new Table({
      name: 'cache_version',
      columns: [
        { name: 'name', type: 'varchar', length: '32', isPrimary: true },
        { name: 'version', type: 'bigint', default: 0 },
      ],
    }),
  );
  await runner.query("INSERT INTO cache_version (name, version) VALUES ('site', 1)");
  const mysql = isMysql(runner);
  for (const trigger of triggers()) await runner.query(mysql ? trigger.mysql : trigger.sqlite);
}

export async function dropCacheVersion(runner: QueryRunner): Promise<void> {
  for (const trigger of triggers()) await runner.query(`DROP TRIGGER IF EXISTS ${trigger.name}`);
  await runner.dropTable('cache_version');
}

/**
 * At start-up, SQLite only: a migration that rebuilds one of these tables through TypeORM's schema builder
 * (copy, drop, rename) drops its triggers; put back what is missing and raise the version.
 */
export async function repairCacheVersion(dataSource: DataSource): Promise<boolean> {
  if (isMysql(dataSource)) return false;
  const names = triggers().map((t) => t.name);
  const found: Array<{ name: string }> = await dataSource.query(`SELECT name FROM sqlite_master WHERE type = 'trigger' AND name IN (${names.map(() => '?').join(',')})`, names);
  if (found.length === names.length) return false;
  for (const trigger of triggers()) await dataSource.query(trigger.sqlite);
  await dataSource.query(BUMP);
  return true;
}
