import { ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import { AppError } from '../http/app-error';
import { containsPattern, escapeLike, LIKE_ESCAPE, ListQuerySpec, OrderTerm, SearchCondition } from './list-query';

/** What a search index receives to write its condition: values only ever travel through `bind`. */
export interface QuickSearchSql {
  /** The escaped alias of the main table (`"product"`, `` `product` ``). */
  table: string;
  /** MySQL / MariaDB (true) or SQLite. */
  mysql: boolean;
  /** Binds a value and answers its placeholder (`:crud_3`). */
  bind(value: unknown): string;
}

/**
 * An index that narrows a quickSearch before its LIKEs run: answers a condition that holds for at least every
 * row the LIKEs over the quickSearch fields match (they still decide, so the answer is the same rows), or
 * null when the index cannot help with this keyword (the LIKEs alone then scan, as without an index).
 */
export type QuickSearchIndex = (keyword: string, sql: QuickSearchSql) => string | null;

/** The SQL side of a list: what each allow-listed field name means as a column. */
export interface ListColumns {
  /** Allow-listed field name → escaped column expression (`"brand"."name"`), built from entity metadata. */
  fields: ReadonlyMap<string, string>;
  /** Field names `quickSearch` ORs a LIKE over. */
  quickSearch: readonly string[];
  /** Narrows a quickSearch through an index before the LIKEs (product names: a full-text index). */
  quickSearchIndex?: QuickSearchIndex;
  /** Used when the request names no order. */
  defaultOrder: readonly OrderTerm[];
  /** Appended to every order (unless already there) so pages stay stable when the sort column has ties. */
  tieBreaker: string;
}

const MYSQL_TYPES = new Set(['mysql', 'mariadb', 'aurora-mysql']);

/**
 * Applies a parsed list request to a query builder. Values only ever travel as parameters; column text comes
 * only from `columns.fields`, so a field the definition did not allow cannot reach the SQL even if a caller
 * skipped the parser.
 */
export function applyListQuery<T extends ObjectLiteral>(qb: SelectQueryBuilder<T>, spec: ListQuerySpec, columns: ListColumns): SelectQueryBuilder<T> {
  const sql = new ConditionWriter(qb, columns);
  for (const condition of spec.conditions) sql.add(condition);
  if (spec.quickSearch && columns.quickSearch.length) sql.quickSearch(spec.quickSearch, columns.quickSearch);
  if (spec.init) sql.add({ kind: 'in', field: spec.init.field, negate: false, values: spec.init.values });

  const terms = spec.order ? [spec.order] : columns.defaultOrder;
  qb.orderBy();
  for (const term of terms) qb.addOrderBy(sql.column(term.field), term.direction);
  if (!terms.some((term) => term.field === columns.tieBreaker)) {
    qb.addOrderBy(sql.column(columns.tieBreaker), terms.at(-1)?.direction ?? 'DESC');
  }
  // offset/limit rather than skip/take: the joins are many-to-one, so TypeORM's extra "distinct ids" query
  // for skip/take would only add a statement.
  return qb.offset((spec.page - 1) * spec.limit).limit(spec.limit);
}

export function isMysqlFamily(qb: SelectQueryBuilder<ObjectLiteral>): boolean {
  return MYSQL_TYPES.has(qb.connection.options.type);
}

class ConditionWriter<T extends ObjectLiteral> {
  private counter = 0;
  private readonly mysql: boolean;

  constructor(
    private readonly qb: SelectQueryBuilder<T>,
    private readonly columns: ListColumns,
  ) {
    this.mysql = isMysqlFamily(qb);
  }

  column(field: string): string {
    const column = this.columns.fields.get(field);
    if (!column) throw new AppError('crud.invalid_search_field', { field });
    return column;
  }

  add(condition: SearchCondition): void {
    const column = this.column(condition.field);
    switch (condition.kind) {
      case 'compare':
        return this.where(`${column} ${condition.operator} :${this.bind(condition.value)}`);
      case 'like':
        return this.where(`${column} ${condition.negate ? 'NOT LIKE' : 'LIKE'} :${this.bind(condition.pattern)} ESCAPE '${LIKE_ESCAPE}'`);
      case 'in':
        if (!condition.values.length) return condition.negate ? undefined : this.where('1 = 0');
        return this.where(`${column} ${condition.negate ? 'NOT IN' : 'IN'} (:...${this.bind(condition.values)})`);
      case 'null':
        return this.where(`${column} IS ${condition.negate ? 'NOT NULL' : 'NULL'}`);
      case 'range':
        return this.range(column, condition);
      case 'findInSet':
        for (const value of condition.values) this.where(this.findInSet(column, value));
        return;
    }
  }

  quickSearch(keyword: string, fields: readonly string[]): void {
    const index = this.columns.quickSearchIndex?.(keyword, {
      table: this.qb.escape(this.qb.alias),
      mysql: this.mysql,
      bind: (value) => `:${this.bind(value)}`,
    });
    if (index) this.where(`(${index})`);
    const name = this.bind(containsPattern(keyword));
    const ors = fields.map((field) => `${this.column(field)} LIKE :${name} ESCAPE '${LIKE_ESCAPE}'`);
    this.where(`(${ors.join(' OR ')})`);
  }

  /** An empty side makes the range one-sided (BuildAdmin's rule); NOT RANGE is the complement. */
  private range(column: string, { negate, min, max }: Extract<SearchCondition, { kind: 'range' }>): void {
    if (min !== null && max !== null) {
      return this.where(`${column} ${negate ? 'NOT BETWEEN' : 'BETWEEN'} :${this.bind(min)} AND :${this.bind(max)}`);
    }
    if (min !== null) return this.where(`${column} ${negate ? '<' : '>='} :${this.bind(min)}`);
    if (max !== null) return this.where(`${column} ${negate ? '>' : '<='} :${this.bind(max)}`);
  }

  /** MySQL has FIND_IN_SET; SQLite has no such builtin, so the same test is spelled as a LIKE on ",list,". */
  private findInSet(column: string, value: string): string {
    if (this.mysql) return `FIND_IN_SET(:${this.bind(value)}, ${column}) > 0`;
    return `(',' || ${column} || ',') LIKE :${this.bind(`%,${escapeLike(value)},%`)} ESCAPE '${LIKE_ESCAPE}'`;
  }

  private where(sql: string): void {
    this.qb.andWhere(sql);
  }

  /** Binds a value under a parameter name no other part of the query uses. */
  private bind(value: unknown): string {
    const taken = this.qb.getParameters();
    let name: string;
    do name = `crud_${this.counter++}`;
    while (name in taken);
    this.qb.setParameter(name, value);
    return name;
  }
}
