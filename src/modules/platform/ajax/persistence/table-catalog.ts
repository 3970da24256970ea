import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, TableColumn } from 'typeorm';
import { ColumnMetadata } from 'typeorm/metadata/ColumnMetadata';
import { isPlainTableName } from '../domain/table-field';

/** A column of one of the product's tables, as the entity metadata declares it (the same on every database). */
export interface ColumnDescription {
  name: string;
  type: string;
  primary: boolean;
  nullable: boolean;
  default: string | null;
  length: number | null;
  precision: number | null;
  scale: number | null;
  unsigned: boolean;
  generated: boolean;
  comment: string;
}

export interface TableDescription {
  name: string;
  primary: string[];
  columns: ColumnDescription[];
}

/**
 * The product's own tables: those of the entities registered with TypeORM (every table the migrations
 * create has one). It is the allow-list of `ajax/getTablePk` and `ajax/getTableFieldList`; a name outside it
 * (another schema, the database's catalogue, anything with dots or quotes) is simply not found, and no SQL
 * is ever built from the requested name.
 */
@Injectable()
export class TableCatalog {
  private tables?: Map<string, TableDescription>;

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  find(name: string): TableDescription | undefined {
    if (!isPlainTableName(name)) return undefined;
    return this.all().get(name);
  }

  /**
   * The columns as the database holds them (types, lengths, defaults as the migrations made them), read
   * through TypeORM's schema reader for a table of the allow-list only.
   */
  async databaseColumns(table: TableDescription): Promise<ColumnDescription[]> {
    const runner = this.dataSource.createQueryRunner();
    try {
      const found = await runner.getTable(table.name);
      return (found?.columns ?? []).map((column) => this.describeStored(column, table));
    } finally {
      await runner.release();
    }
  }

  names(): string[] {
    return [...this.all().keys()].sort();
  }

  private all(): Map<string, TableDescription> {
    if (!this.tables) {
      // the metadata is fixed once the data source is initialised
      this.tables = new Map(
        this.dataSource.entityMetadatas
          .filter((metadata) => metadata.tableType === 'regular' && isPlainTableName(metadata.tableName))
          .map((metadata) => [
            metadata.tableName,
            { name: metadata.tableName, primary: metadata.primaryColumns.map((c) => c.databaseName), columns: metadata.columns.map((c) => this.describe(c)) },
          ]),
      );
    }
    return this.tables;
  }

  private describeStored(column: TableColumn, table: TableDescription): ColumnDescription {
    const declared = table.columns.find((c) => c.name === column.name);
    return {
      name: column.name,
      type: column.type.toLowerCase(),
      primary: column.isPrimary,
      nullable: column.isNullable,
      default: storedDefault(column.default, this.dataSource.options.type === 'mysql'),
      length: column.length ? Number(column.length) : null,
      precision: column.precision ?? null,
      scale: column.scale ?? null,
      unsigned: column.unsigned === true,
      generated: column.isGenerated && column.generationStrategy === 'increment',
      comment: column.comment || declared?.comment || '',
    };
  }

  private describe(column: ColumnMetadata): ColumnDescription {
    const type = typeof column.type === 'string' ? column.type : this.dataSource.driver.normalizeType(column);
    const fallback = typeof column.default === 'function' ? null : column.default;
    return {
      name: column.databaseName,
      type: String(type).toLowerCase(),
      primary: column.isPrimary,
      nullable: column.isNullable,
      default: fallback === undefined || fallback === null ? null : String(fallback),
      length: column.length ? Number(column.length) : null,
      precision: column.precision ?? null,
      scale: column.scale ?? null,
      unsigned: column.unsigned === true,
      generated: column.isGenerated && column.generationStrategy === 'increment',
      comment: column.comment ?? '',
    };
  }
}

/**
 * A default as the schema reader reports it, as the plain value: SQLite gives the SQL literal (`''`,
 * `'0.00'`, `1`); the MySQL reader wraps what information_schema holds in one more pair of quotes (MariaDB
 * holds `''` for an empty string and `NULL` for none, so `''''` and `'NULL'`).
 */
export function storedDefault(value: unknown, mysql: boolean): string | null {
  if (value === undefined || value === null) return null;
  let text = String(value);
  if (mysql) {
    if (text === "'NULL'") return null;
    if (/^'.*'$/s.test(text)) text = text.slice(1, -1);
  }
  return unquote(text);
}

function unquote(value: string): string {
  return /^'.*'$/s.test(value) ? value.slice(1, -1).replace(/''/g, "'") : value;
}
