import { DataSource, QueryRunner, Table } from 'typeorm';

/**
 * The site version (`cache_version.name = 'site'`, see src/shared/cache/site-version.ts): triggers raise it
 * in the same transaction as any change to what the app caches per process — site settings (config), rules
 * and their remarks (admin_rule), groups and memberships (admin_group, admin_group_access) and an admin's
 * name or status (admin: not its login times, which change on every sign-in), and since migration
 * 1764007300000 which types the enabled webhooks subscribe to (webhook: `events`, `status`).
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

/** A table's three triggers; with `columns`, an UPDATE raises the version only when one of them changed. */
function tableTriggers(table: string, columns?: readonly string[]): TriggerSql[] {
  return ['INSERT', 'UPDATE', 'DELETE'].map((op) => {
    const name = `${table}_site_version_${op.toLowerCase()}`;
    if (columns && op === 'UPDATE') {
      const same = columns.map((c) => `BINARY NEW.${c} <=> BINARY OLD.${c}`).join(' AND ');
      return {
        name,
        mysql: `CREATE TRIGGER ${name} AFTER UPDATE ON ${table} FOR EACH ROW IF NOT (${same}) THEN ${BUMP}; END IF`,
        sqlite: `CREATE TRIGGER IF NOT EXISTS ${name} AFTER UPDATE OF ${columns.join(', ')} ON ${table} BEGIN ${BUMP}; END`,
      };
    }
    return {
      name,
      mysql: `CREATE TRIGGER ${name} AFTER ${op} ON ${table} FOR EACH ROW ${BUMP}`,
      sqlite: `CREATE TRIGGER IF NOT EXISTS ${name} AFTER ${op} ON ${table} BEGIN ${BUMP}; END`,
    };
  });
}

function triggers(): TriggerSql[] {
  return [...ALL_CHANGES.flatMap((table) => tableTriggers(table)), ...tableTriggers('admin', ADMIN_COLUMNS)];
}

/**
 * webhook (migration 1764007300000): which types an enabled webhook subscribes to, cached by the outbox so that
 * a change no webhook wants writes no outbox row. Only `events` and `status` matter (its lease and retry
 * columns change with every delivery).
 */
function webhookTriggers(): TriggerSql[] {
  return tableTriggers('webhook', ['events', 'status']);
}

export async function createWebhookVersionTriggers(runner: QueryRunner): Promise<void> {
  const mysql = isMysql(runner);
  for (const trigger of webhookTriggers()) await runner.query(mysql ? trigger.mysql : trigger.sqlite);
  await runner.query(BUMP);
}

export async function dropWebhookVersionTriggers(runner: QueryRunner): Promise<void> {
  for (const trigger of webhookTriggers()) await runner.query(`DROP TRIGGER IF EXISTS ${trigger.name}`);
  await runner.query(BUMP);
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
  const all = [...triggers(), ...webhookTriggers()];
  const names = all.map((t) => t.name);
  const found: Array<{ name: string }> = await dataSource.query(`SELECT name FROM sqlite_master WHERE type = 'trigger' AND name IN (${names.map(() => '?').join(',')})`, names);
  if (found.length === names.length) return false;
  for (const trigger of all) await dataSource.query(trigger.sqlite);
  await dataSource.query(BUMP);
  return true;
}
