import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { migrations } from '../../migrations';
import { databaseSettings, dataSourceOptions, type DatabaseSettings } from '../../ormconfig';
import { connectToFirstHost, ensureDatabaseExists } from '../../src/shared/database/ensure-database';

type Row = Record<string, unknown>;

/**
 * Every migration can be taken back and applied again: on a database of its own (a SQLite file, or with
 * DB_URL a MySQL database `<worker's database>_rt`), all migrations up, every `down()` in reverse order down to
 * an empty schema, every `up()` again — and the schema (tables, columns, indexes, triggers) and the rows the
 * migrations write are then what the first run built.
 */
describe('migrations: every down() in reverse, every up() again', () => {
  const worker = databaseSettings();
  const settings: DatabaseSettings =
    worker.kind === 'sqlite'
      ? { kind: 'sqlite', database: join(process.env.DATA_DIR!, 'round-trip.sqlite') }
      : { ...worker, database: `${worker.database}_rt`, mysql: { ...worker.mysql!, database: `${worker.database}_rt` } };
  let source: DataSource;

  const dropMysqlDatabase = async () => {
    const connection = await connectToFirstHost(settings);
    await connection.query(`DROP DATABASE IF EXISTS \`${settings.database}\``).finally(() => connection.end());
  };

  beforeAll(async () => {
    if (settings.kind === 'mysql') {
      await dropMysqlDatabase();
      await ensureDatabaseExists(settings);
    }
    source = await new DataSource(dataSourceOptions(settings)).initialize();
  });
  afterAll(async () => {
    await source?.destroy();
    if (settings.kind === 'mysql') await dropMysqlDatabase();
  });

  const isSqlite = () => settings.kind === 'sqlite';

  const tables = async (): Promise<string[]> =>
    (isSqlite()
      ? await source.query("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
      : await source.query('SELECT table_name AS name FROM information_schema.tables WHERE table_schema = DATABASE() ORDER BY table_name')
    ).map((r: Row) => String(r.name));

  /** Tables, columns, indexes and triggers, and the number of rows of each table (what the migrations seed). */
  const schema = async (): Promise<Row> => {
    const names = (await tables()).filter((t) => t !== 'migrations');
    const counts: Row = {};
    for (const table of names) counts[table] = Number((await source.query(`SELECT COUNT(*) AS n FROM ${isSqlite() ? `"${table}"` : `\`${table}\``}`))[0].n);
    if (isSqlite()) {
      return { objects: await source.query("SELECT type, name, tbl_name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' AND name <> 'migrations' ORDER BY type, name"), counts };
    }
    return {
      columns: await source.query(
        "SELECT table_name, column_name, ordinal_position, column_type, is_nullable, column_default, extra FROM information_schema.columns WHERE table_schema = DATABASE() AND table_name <> 'migrations' ORDER BY table_name, ordinal_position",
      ),
      indexes: await source.query(
        "SELECT table_name, index_name, seq_in_index, column_name, non_unique FROM information_schema.statistics WHERE table_schema = DATABASE() AND table_name <> 'migrations' ORDER BY table_name, index_name, seq_in_index",
      ),
      triggers: await source.query('SELECT trigger_name, event_manipulation, event_object_table, action_timing, action_statement FROM information_schema.triggers WHERE trigger_schema = DATABASE() ORDER BY trigger_name'),
      counts,
    };
  };
  // some 100 migrations down and up again: on MariaDB beside another suite this is over a minute (DDL commits each)
  const ROUND_TRIP_TIMEOUT_MS = 300_000;

  it('takes every migration back down to an empty schema and builds the same schema again', async () => {
    await source.runMigrations({ transaction: 'each' });
    const built = await schema();
    expect(Object.keys(built.counts as Row).length).toBeGreaterThan(40);
    const applied = async () => Number((await source.query('SELECT COUNT(*) AS n FROM migrations'))[0].n);
    expect(await applied()).toBe(migrations.length);

    // newest first: each undo runs the down() of the latest migration still applied
    for (let left = migrations.length; left > 0; left--) {
      await source.undoLastMigration({ transaction: 'each' });
      expect(await applied()).toBe(left - 1);
    }
    expect(await tables()).toEqual(['migrations']);

    await source.runMigrations({ transaction: 'each' });
    expect(await schema()).toEqual(built);
  }, ROUND_TRIP_TIMEOUT_MS);
});
