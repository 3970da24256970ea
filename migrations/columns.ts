import { QueryRunner, TableColumn, TableColumnOptions } from 'typeorm';

/** Column shorthands so each migration reads as a field list and produces the same DDL on SQLite and MySQL. */
export const col = {
  id: (): TableColumnOptions => ({ name: 'id', type: 'integer', isPrimary: true, isGenerated: true, generationStrategy: 'increment', unsigned: true }),
  int: (name: string, options: Partial<TableColumnOptions> = {}): TableColumnOptions => ({ name, type: 'int', default: 0, ...options }),
  ref: (name: string, options: Partial<TableColumnOptions> = {}): TableColumnOptions => ({ name, type: 'int', unsigned: true, default: 0, ...options }),
  tinyint: (name: string, fallback = 0): TableColumnOptions => ({ name, type: 'tinyint', default: fallback }),
  varchar: (name: string, length: number, options: Partial<TableColumnOptions> = {}): TableColumnOptions => ({ name, type: 'varchar', length: String(length), default: "''", ...options }),
  text: (name: string, options: Partial<TableColumnOptions> = {}): TableColumnOptions => ({ name, type: 'text', isNullable: true, ...options }),
  money: (name: string): TableColumnOptions => ({ name, type: 'decimal', precision: 14, scale: 2, default: "'0.00'" }),
  /** Unix seconds; unsigned on MySQL so it lasts past 2038. */
  time: (name: string, options: Partial<TableColumnOptions> = {}): TableColumnOptions => ({ name, type: 'int', unsigned: true, isNullable: true, ...options }),
  timestamps: (): TableColumnOptions[] => [col.time('createtime'), col.time('updatetime')],
};

type ColumnSql = { buildCreateColumnSql(column: TableColumn, skipPrimary: boolean): string };

const isMysql = (queryRunner: QueryRunner) => queryRunner.connection.options.type === 'mysql';

/**
 * Columns added to an existing table in place, with the DDL the schema builder writes for each. TypeORM's own
 * `addColumns` rebuilds a SQLite table (copies it and drops the old one), and the table's triggers go with it
 * (the site-version trigger on `admin`, the search index's on `product`): SQLite gets one `ALTER TABLE … ADD
 * COLUMN` per column instead. MySQL gets one ALTER for them all (each ALTER copies the table).
 */
export async function addColumns(queryRunner: QueryRunner, table: string, columns: TableColumnOptions[]): Promise<void> {
  const sql = queryRunner as unknown as ColumnSql;
  const definitions = columns.map((column) => sql.buildCreateColumnSql(new TableColumn(column), true));
  if (isMysql(queryRunner)) {
    await queryRunner.query(`ALTER TABLE \`${table}\` ${definitions.map((definition) => `ADD ${definition}`).join(', ')}`);
    return;
  }
  for (const definition of definitions) await queryRunner.query(`ALTER TABLE "${table}" ADD COLUMN ${definition}`);
}

/** Columns dropped in place (see `addColumns`): one ALTER on MySQL, one per column on SQLite. */
export async function dropColumns(queryRunner: QueryRunner, table: string, names: string[]): Promise<void> {
  if (isMysql(queryRunner)) {
    await queryRunner.query(`ALTER TABLE \`${table}\` ${names.map((name) => `DROP COLUMN \`${name}\``).join(', ')}`);
    return;
  }
  for (const name of names) await queryRunner.query(`ALTER TABLE "${table}" DROP COLUMN "${name}"`);
}
