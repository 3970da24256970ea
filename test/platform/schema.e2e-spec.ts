import { TestApp } from '../setup/create-test-app';
import { publicSpec } from '../support/public-spec';

/**
 * What a MariaDB Galera cluster requires of the schema the migrations build: every table has a primary key
 * (Galera replicates rows by key: without one, a DELETE or UPDATE is applied differently, or not at all, on
 * the other nodes), and the ledger guard is a pair of triggers (created by DDL, which Galera replicates).
 */
describe('the migrated schema', () => {
  let t: TestApp;
  publicSpec({ reset: 'never', ready: (fixture) => ({ t } = fixture) });

  const isSqlite = () => t.dataSource.options.type === 'better-sqlite3';

  it('gives every table a primary key, the migrations table included', async () => {
    const tables: string[] = isSqlite()
      ? // an FTS5 table (the product search index) is a virtual table: it has no columns of its own to key
        (await t.dataSource.query("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND sql NOT LIKE 'CREATE VIRTUAL TABLE%'")).map((r: { name: string }) => r.name)
      : (await t.dataSource.query("SELECT table_name AS name FROM information_schema.tables WHERE table_schema = DATABASE() AND table_type = 'BASE TABLE'")).map((r: { name: string }) => r.name);
    expect(tables.length).toBeGreaterThan(25);
    const withoutKey: string[] = [];
    for (const table of tables) {
      const keyed = isSqlite()
        ? (await t.dataSource.query(`PRAGMA table_info("${table}")`)).some((column: { pk: number }) => column.pk > 0)
        : (await t.dataSource.query("SELECT 1 FROM information_schema.table_constraints WHERE table_schema = DATABASE() AND table_name = ? AND constraint_type = 'PRIMARY KEY'", [table])).length === 1;
      if (!keyed) withoutKey.push(table);
    }
    expect(withoutKey).toEqual([]);
  });

  it('guards the ledger with triggers that refuse UPDATE and DELETE', async () => {
    const triggers: string[] = isSqlite()
      ? (await t.dataSource.query("SELECT name FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'inventory_event' ORDER BY name")).map((r: { name: string }) => r.name)
      : (await t.dataSource.query("SELECT trigger_name AS name FROM information_schema.triggers WHERE trigger_schema = DATABASE() AND event_object_table = 'inventory_event' ORDER BY trigger_name")).map((r: { name: string }) => r.name);
    expect(triggers).toEqual(['inventory_event_no_delete', 'inventory_event_no_update']);
  });
});
