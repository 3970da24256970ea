import { Type } from '@nestjs/common';
import { DataSource, EntityManager, EntityMetadata, EntityTarget, ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import { ColumnMetadata } from 'typeorm/metadata/ColumnMetadata';
import { ListColumns, QuickSearchIndex } from './list-query-builder';
import { ListQueryRules, OrderTerm } from './list-query';
import type { EnumerationNames } from '../http/enumeration-names';

/** A many-to-one lookup whose columns are embedded in each row under the join's alias (`row.brand.name`). */
export interface CrudJoin {
  /**
   * The referenced entity: its class, or its entity / table name as a string, which lets a context embed
   * another context's names without importing its classes.
   */
  entity: EntityTarget<ObjectLiteral>;
  /** The column holding the referenced primary key: a main-table property (`brand_id`) or `<join>.<property>`. */
  on: string;
  /** Properties of the referenced row to embed; its primary key is always included. */
  columns: readonly string[];
}

export interface CrudContext {
  manager: EntityManager;
}

export interface WriteContext<E> extends CrudContext {
  action: 'add' | 'edit';
  /** The row before the edit; null on add. */
  existing: E | null;
}

/** Extension points; throw an AppError to refuse with a message. */
export interface CrudHooks<E extends ObjectLiteral> {
  /** Before add/edit writes `data` (only writable fields); may check uniqueness or set derived fields. */
  beforeWrite?(data: Record<string, unknown>, context: WriteContext<E>): void | Promise<void>;
  /** Before `rows` are deleted, in the same transaction (reference checks). */
  beforeDelete?(rows: E[], context: CrudContext): void | Promise<void>;
  /** Adds conditions to list queries, for named filters that are not plain columns (`low=1`). */
  scopeList?(qb: SelectQueryBuilder<E>, query: Record<string, unknown>): void | Promise<void>;
}

/** Everything the generic CRUD needs to know about one resource. */
export interface CrudDefinition<E extends ObjectLiteral> {
  entity: EntityTarget<E>;
  /** SQL alias of the main table; `<alias>.<field>` is accepted wherever a bare field is. */
  alias: string;
  /** Fields add/edit copy from the body. Everything else (ids, timestamps, totals, numbers) is ignored. */
  writable: readonly string[];
  /** Columns never selected nor returned (password, salt). They can never be searched either. */
  hidden?: readonly string[];
  /** Columns `index` and exports leave out (large bodies); `edit` still answers them. */
  listOmit?: readonly string[];
  /**
   * Fields `search[]`, `initKey` and named filters may address: main-table properties and `<join>.<property>`.
   * Default: every visible main-table column and every embedded join column.
   */
  searchFields?: readonly string[];
  /** Fields `order` may name. Default: the search fields. */
  orderFields?: readonly string[];
  /** Fields `quickSearch` ORs a LIKE over. Default: the primary key. */
  quickSearchFields?: readonly string[];
  /** An index that narrows the quickSearch before its LIKEs (a superset of what they match; see QuickSearchIndex). */
  quickSearchIndex?: QuickSearchIndex;
  /** Plain query parameters accepted as equality filters (`warehouse_id=3`). */
  filterParams?: readonly string[];
  /** Enumerations a filter or search may name instead of giving their numbers (`status=normal`), per field. */
  enumerations?: Readonly<Record<string, EnumerationNames>>;
  joins?: Readonly<Record<string, CrudJoin>>;
  /**
   * Counting stops after this many matching rows (default COUNT_CAP, 10,000; always at least the page asked
   * for and one more page): past it the total is a lower bound (`total_capped`). Lower where a location's
   * rows are many and the count, not the page, was the request's cost.
   */
  countCap?: number;
  /** Rows with `deletetime` set (a nullable Unix-seconds column) are hidden, and `del` sets it instead of deleting. */
  softDelete?: boolean;
  /** Default: `weigh desc, id desc` where a weigh column exists, else `id desc`. */
  defaultOrder?: readonly OrderTerm[];
  /** class-validator DTOs checked before add / edit; the first failure answers code 0. */
  validation?: { add?: Type<object>; edit?: Type<object> };
  hooks?: CrudHooks<E>;
}

export interface CompiledJoin {
  alias: string;
  target: EntityMetadata['target'];
  condition: string;
  /** The joined table's primary-key property: null in a row means no joined row. */
  key: string;
}

/** One selected column, for reading rows without building entities (list pages and exports). */
export interface ColumnReader {
  /** null for the main table, else the join alias the value belongs under. */
  owner: string | null;
  property: string;
  expression: string;
  column: ColumnMetadata;
}

/** A definition checked against the entity metadata, with every SQL fragment it may need precomputed. */
export interface CrudModel<E extends ObjectLiteral> {
  definition: CrudDefinition<E>;
  metadata: EntityMetadata;
  alias: string;
  primaryKey: string;
  /** The escaped primary key column without alias, for UPDATE / DELETE statements. */
  primaryKeyColumn: string;
  /** `alias.property` selections: the visible main columns, then each join's columns. */
  selections: string[];
  /** The same columns as `selections`, as escaped expressions with their metadata. */
  readers: ColumnReader[];
  /** `readers` without the definition's `listOmit` columns: what lists and exports read. */
  listReaders: ColumnReader[];
  joins: CompiledJoin[];
  columns: ListColumns;
  rules: Omit<ListQueryRules, 'timeZone'>;
  writable: ReadonlySet<string>;
  hidden: ReadonlySet<string>;
  has: { createtime: boolean; updatetime: boolean; weigh: boolean };
  /** When soft delete is on: `deletetime` with and without the alias, escaped. */
  softDelete: { aliased: string; bare: string } | null;
}

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;
/** Maintained by the CRUD itself; a definition that lists them as writable is a programming error. */
const MANAGED = new Set(['createtime', 'updatetime', 'deletetime']);

/** Fails fast at start-up (controller construction) on a definition that does not match its entity. */
export function compileCrudDefinition<E extends ObjectLiteral>(dataSource: DataSource, definition: CrudDefinition<E>): CrudModel<E> {
  const metadata = dataSource.getMetadata(definition.entity);
  const fail = (problem: string): never => {
    throw new Error(`CRUD definition for ${metadata.name}: ${problem}`);
  };
  const { alias } = definition;
  if (!IDENTIFIER.test(alias)) fail(`alias "${alias}" is not a plain identifier`);
  if (metadata.primaryColumns.length !== 1) fail('exactly one primary column is required');
  const primaryKey = metadata.primaryColumns[0].propertyPath;
  const escape = (name: string) => dataSource.driver.escape(name);
  const columnOf = (meta: EntityMetadata, property: string, owner: string): ColumnMetadata =>
    meta.findColumnWithPropertyPath(property) ?? fail(`${owner} has no column "${property}"`);

  const hidden = new Set(definition.hidden ?? []);
  if (hidden.has(primaryKey)) fail('the primary key cannot be hidden');
  for (const name of hidden) columnOf(metadata, name, alias);
  const visible = metadata.columns.filter((column) => !hidden.has(column.propertyPath));

  /** Every visible column (main and joined) by field name → its escaped expression, from metadata only. */
  const known = new Map<string, string>();
  for (const column of visible) {
    const expression = `${escape(alias)}.${escape(column.databaseName)}`;
    known.set(column.propertyPath, expression);
    known.set(`${alias}.${column.propertyPath}`, expression);
  }
  const selections = visible.map((column) => `${alias}.${column.propertyPath}`);
  const readers: ColumnReader[] = visible.map((column) => ({ owner: null, property: column.propertyPath, expression: known.get(column.propertyPath)!, column }));

  const joins: CompiledJoin[] = [];
  const joinMetadata = new Map<string, EntityMetadata>([[alias, metadata]]);
  for (const [joinAlias, join] of Object.entries(definition.joins ?? {})) {
    if (!IDENTIFIER.test(joinAlias) || joinMetadata.has(joinAlias)) fail(`join alias "${joinAlias}" is not a unique identifier`);
    if (metadata.findColumnWithPropertyPath(joinAlias)) fail(`join alias "${joinAlias}" collides with a column`);
    const target = dataSource.getMetadata(join.entity);
    if (target.primaryColumns.length !== 1) fail(`join "${joinAlias}" needs exactly one primary column`);
    const [fromAlias, fromProperty] = join.on.includes('.') ? join.on.split('.', 2) : [alias, join.on];
    const fromMetadata = joinMetadata.get(fromAlias) ?? fail(`join "${joinAlias}" refers to unknown alias "${fromAlias}"`);
    const from = columnOf(fromMetadata, fromProperty, fromAlias);
    const targetKey = target.primaryColumns[0];
    joins.push({
      alias: joinAlias,
      target: target.target,
      condition: `${escape(joinAlias)}.${escape(targetKey.databaseName)} = ${escape(fromAlias)}.${escape(from.databaseName)}`,
      key: targetKey.propertyPath,
    });
    joinMetadata.set(joinAlias, target);
    for (const property of new Set([targetKey.propertyPath, ...join.columns])) {
      const column = columnOf(target, property, joinAlias);
      known.set(`${joinAlias}.${property}`, `${escape(joinAlias)}.${escape(column.databaseName)}`);
      selections.push(`${joinAlias}.${property}`);
      readers.push({ owner: joinAlias, property, expression: known.get(`${joinAlias}.${property}`)!, column });
    }
  }

  const has = {
    createtime: !!metadata.findColumnWithPropertyPath('createtime'),
    updatetime: !!metadata.findColumnWithPropertyPath('updatetime'),
    weigh: !!metadata.findColumnWithPropertyPath('weigh'),
  };
  let softDelete: CrudModel<E>['softDelete'] = null;
  if (definition.softDelete) {
    const column = visible.find((c) => c.propertyPath === 'deletetime') ?? fail('softDelete needs a visible "deletetime" column');
    softDelete = { aliased: known.get('deletetime')!, bare: escape(column.databaseName) };
  }

  const allowList = (names: readonly string[], what: string): Set<string> => {
    const set = new Set<string>();
    for (const name of names) {
      if (!known.has(name)) fail(`${what} field "${name}" is not a visible column`);
      set.add(name);
      // The bare and the alias-qualified spelling of a main-table field are the same field.
      if (!name.includes('.')) set.add(`${alias}.${name}`);
      else if (name.startsWith(`${alias}.`)) set.add(name.slice(alias.length + 1));
    }
    return set;
  };
  const searchFields = allowList(definition.searchFields ?? [...known.keys()], 'search');
  const orderFields = definition.orderFields ? allowList(definition.orderFields, 'order') : searchFields;
  const quickSearch = [...(definition.quickSearchFields ?? [primaryKey])];
  for (const name of quickSearch) if (!known.has(name)) fail(`quickSearch field "${name}" is not a visible column`);
  for (const name of definition.filterParams ?? []) {
    if (!searchFields.has(name)) fail(`filter parameter "${name}" is not a search field`);
  }
  const defaultOrder = definition.defaultOrder ?? [
    ...(has.weigh ? [{ field: 'weigh', direction: 'DESC' as const }] : []),
    { field: primaryKey, direction: 'DESC' as const },
  ];
  for (const term of defaultOrder) if (!known.has(term.field)) fail(`default order field "${term.field}" is not a visible column`);

  // The builder sees only the allow-listed names (plus what the definition itself orders by).
  const used = new Set([...searchFields, ...orderFields, ...quickSearch, primaryKey, ...defaultOrder.map((term) => term.field)]);
  const fields = new Map([...known].filter(([name]) => used.has(name)));

  const writable = new Set(definition.writable);
  for (const name of writable) {
    if (name === primaryKey || MANAGED.has(name)) fail(`"${name}" is maintained by the CRUD and cannot be writable`);
    columnOf(metadata, name, alias);
  }

  const omitted = new Set(definition.listOmit ?? []);
  for (const name of omitted) {
    if (name === primaryKey || !visible.some((column) => column.propertyPath === name)) fail(`listOmit field "${name}" is not a visible column`);
  }
  return {
    definition,
    metadata,
    alias,
    primaryKey,
    primaryKeyColumn: escape(metadata.primaryColumns[0].databaseName),
    selections,
    readers,
    listReaders: readers.filter((reader) => reader.owner !== null || !omitted.has(reader.property)),
    joins,
    columns: { fields, quickSearch, quickSearchIndex: definition.quickSearchIndex, defaultOrder, tieBreaker: primaryKey },
    rules: { searchFields, orderFields, primaryKey, filterParams: definition.filterParams, enumerations: definition.enumerations },
    writable,
    hidden,
    has,
    softDelete,
  };
}
