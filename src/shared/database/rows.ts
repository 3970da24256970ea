import { Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityMetadata, getMetadataArgsStorage } from 'typeorm';
import { toMoneyString } from './money';

/**
 * What a column holds, as a raw-SQL read gets it back typed: drivers disagree (MySQL answers DECIMAL and
 * BIGINT as strings, SQLite numbers), so every raw read goes through the row shape of its table.
 * `int` a whole number, `money` a DECIMAL as its two-decimal string, `string` text; `?` when it may be NULL.
 */
export type ColumnKind = 'int' | 'int?' | 'money' | 'string' | 'string?';

/** A column kind, or a kind and how its stored value is read (a JSON text column parsed). */
export type ColumnShape = ColumnKind | { kind: ColumnKind; read: (value: unknown) => unknown };

/** A table's rows as a raw read answers them: each column's kind, checked against the entity at start-up. */
export interface RowShape<T> {
  readonly table: string;
  readonly entity: Function;
  readonly columns: Readonly<Record<keyof T & string, ColumnShape>>;
  /** A raw row typed: every described column converted; anything else the row holds is left out. */
  map(raw: unknown): T;
}

const READERS: Record<ColumnKind, (value: unknown) => unknown> = {
  int: (value) => Number(value),
  'int?': (value) => (value === null || value === undefined ? null : Number(value)),
  money: (value) => toMoneyString(value),
  string: (value) => (value === null || value === undefined ? '' : String(value)),
  'string?': (value) => (value === null || value === undefined ? null : String(value)),
};

const SHAPES: Array<RowShape<unknown>> = [];

/**
 * The row shape of an entity's table. Every shape is registered, and `RowShapeCheck` compares it with the
 * entity's TypeORM metadata when the application starts: a column missing on either side, another kind, or
 * another nullability fails the start (and so every API spec), never a read.
 */
export function rowShape<T>(entity: Function, columns: Readonly<Record<keyof T & string, ColumnShape>>): RowShape<T> {
  const readers = Object.entries<ColumnShape>(columns).map(([name, shape]) => [name, typeof shape === 'string' ? READERS[shape] : (value: unknown) => shape.read(value)] as const);
  const table = tableNameOf(entity);
  const shape: RowShape<T> = {
    table,
    entity,
    columns,
    map(raw: unknown): T {
      const row = raw as Record<string, unknown>;
      const out: Record<string, unknown> = {};
      for (const [name, read] of readers) {
        if (!(name in row)) throw new Error(`a read of ${table} holds no column ${name}`);
        out[name] = read(row[name]);
      }
      return out as T;
    },
  };
  SHAPES.push(shape as RowShape<unknown>);
  return shape;
}

/** The entity's table name from its decorator (`@Entity('stocktake_line')`), known before any data source. */
function tableNameOf(entity: Function): string {
  const table = getMetadataArgsStorage().tables.find((t) => t.target === entity);
  if (!table?.name) throw new Error(`${entity.name} is not an entity with a table name`);
  return table.name;
}

const FAMILIES: Record<string, 'int' | 'money' | 'string'> = {
  number: 'int',
  int: 'int',
  integer: 'int',
  tinyint: 'int',
  smallint: 'int',
  mediumint: 'int',
  bigint: 'int',
  decimal: 'money',
  numeric: 'money',
  string: 'string',
  varchar: 'string',
  char: 'string',
  text: 'string',
  mediumtext: 'string',
  longtext: 'string',
};

/** What differs between a row shape and its entity's metadata (empty when they agree). */
export function rowShapeMismatches(shape: RowShape<unknown>, metadata: EntityMetadata): string[] {
  const problems: string[] = [];
  const described = shape.columns as Record<string, ColumnShape>;
  for (const column of metadata.columns) {
    const name = column.databaseName;
    const entry = described[name];
    if (!entry) {
      problems.push(`${shape.table}.${name} is a column of ${metadata.name} but not in its row shape`);
      continue;
    }
    const kind = typeof entry === 'string' ? entry : entry.kind;
    const type = typeof column.type === 'function' ? column.type.name.toLowerCase() : String(column.type).toLowerCase();
    const family = FAMILIES[type];
    const expected = `${family}${column.isNullable ? '?' : ''}`;
    if (family === undefined || kind !== expected) problems.push(`${shape.table}.${name} is ${family ?? type}${column.isNullable ? ' (nullable)' : ''} in ${metadata.name}, ${kind} in its row shape`);
  }
  for (const name of Object.keys(described)) if (!metadata.columns.some((c) => c.databaseName === name)) problems.push(`${shape.table}.${name} is in its row shape but not a column of ${metadata.name}`);
  return problems;
}

/** Every row shape against the data source's entities: throws, listing every difference, when one disagrees. */
export function checkRowShapes(dataSource: DataSource, shapes: ReadonlyArray<RowShape<unknown>> = SHAPES): void {
  const problems = shapes.flatMap((shape) => (dataSource.hasMetadata(shape.entity) ? rowShapeMismatches(shape, dataSource.getMetadata(shape.entity)) : [`${shape.table}: ${shape.entity.name} is not an entity of the data source`]));
  if (problems.length) throw new Error(`row shapes disagree with the entities:\n${problems.join('\n')}`);
}

/** Checks every registered row shape against the entities when the application starts. */
@Injectable()
export class RowShapeCheck implements OnApplicationBootstrap {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  onApplicationBootstrap(): void {
    checkRowShapes(this.dataSource);
  }
}
