import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { AppError } from '../http/app-error';
import { enumerationValue, EnumerationNames } from '../http/enumeration-names';
import { canonicalTimeZone } from '../time/time-zone';

dayjs.extend(utc);
dayjs.extend(timezone);
dayjs.extend(customParseFormat);

/**
 * Parses the query string of a generic `index` request (docs/API.md) into a typed, validated spec.
 * Pure: no SQL here. Field names are only compared with allow-lists; the builder maps the survivors to
 * column expressions, so nothing a client sends ever becomes SQL text.
 */

export const DEFAULT_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 1000;
/** A remote select loading the labels of its current values (`initValue`) may ask for this many rows. */
export const MAX_INIT_VALUES = 10000;
/** Bounds the offset so a silly page number cannot overflow the database's integer arithmetic. */
const MAX_PAGE = 1_000_000;
export const DEFAULT_TIME_ZONE = 'Asia/Shanghai';

/**
 * Escape character for LIKE patterns. Not the backslash: spelling a one-backslash literal differs between
 * MySQL ('\\') and SQLite ('\'), while '!' reads the same on both, and a backslash in the data stays literal.
 */
export const LIKE_ESCAPE = '!';

export type CompareOperator = '=' | '<>' | '>' | '>=' | '<' | '<=';
export type SortDirection = 'ASC' | 'DESC';
type Scalar = string | number;

export type SearchCondition =
  | { kind: 'compare'; field: string; operator: CompareOperator; value: Scalar }
  | { kind: 'like'; field: string; negate: boolean; pattern: string }
  | { kind: 'in'; field: string; negate: boolean; values: Scalar[] }
  | { kind: 'range'; field: string; negate: boolean; min: Scalar | null; max: Scalar | null }
  | { kind: 'null'; field: string; negate: boolean }
  /** Every value must be an element of the column's comma-separated list. */
  | { kind: 'findInSet'; field: string; values: string[] };

export interface OrderTerm {
  field: string;
  direction: SortDirection;
}

export interface ListQuerySpec {
  page: number;
  limit: number;
  /** The raw keyword; the builder escapes it. */
  quickSearch: string | null;
  conditions: SearchCondition[];
  order: OrderTerm | null;
  select: boolean;
  /** `initKey IN initValue`: a remote select asking for the rows behind its current values. */
  init: { field: string; values: string[] } | null;
}

export interface ListQueryRules {
  /** Fields `search[]`, `initKey` and the named filters may address. */
  searchFields: ReadonlySet<string>;
  orderFields: ReadonlySet<string>;
  /** `initKey` when the request names none. */
  primaryKey: string;
  /** Plain query parameters accepted as equality filters (`warehouse_id=3`); each must be a search field. */
  filterParams?: readonly string[];
  /** Site time zone for `render: datetime` values. */
  timeZone?: string;
  /** Per field, names a filter may give for the numbers the column holds (`status=normal` for `status=1`). */
  enumerations?: Readonly<Record<string, EnumerationNames>>;
}

const OPERATORS: Record<string, string> = {
  EQ: '=', '=': '=',
  NE: '<>', '<>': '<>',
  GT: '>', '>': '>',
  EGT: '>=', '>=': '>=',
  LT: '<', '<': '<',
  ELT: '<=', '<=': '<=',
  LIKE: 'LIKE', 'NOT LIKE': 'NOT LIKE',
  IN: 'IN', 'NOT IN': 'NOT IN',
  RANGE: 'RANGE', 'NOT RANGE': 'NOT RANGE',
  NULL: 'NULL', 'NOT NULL': 'NOT NULL',
  FIND_IN_SET: 'FIND_IN_SET',
};

const ORDERED_COMPARISONS = new Set(['>', '>=', '<', '<=']);

export function parseListQuery(query: Record<string, unknown>, rules: ListQueryRules): ListQuerySpec {
  const timeZone = validTimeZone(rules.timeZone);
  const conditions = searchEntries(query.search).flatMap((entry) => parseSearchEntry(entry, rules, timeZone));
  for (const name of rules.filterParams ?? []) {
    const condition = namedFilter(name, query[name]);
    if (condition) conditions.push(condition);
  }
  for (const condition of conditions) namesToNumbers(condition, rules.enumerations?.[condition.field]);
  const init = parseInit(query, rules);
  return {
    page: init ? 1 : clampInt(query.page, 1, 1, MAX_PAGE),
    limit: init ? MAX_INIT_VALUES : clampInt(query.limit, DEFAULT_PAGE_SIZE, 1, MAX_PAGE_SIZE),
    quickSearch: quickSearchKeyword(query) || null,
    conditions,
    order: parseOrder(query.order, rules.orderFields),
    select: isTrue(query.select),
    init,
  };
}

/**
 * The quick-search keyword of a list request, trimmed ('' when none): `quickSearch`, or, when that is absent or
 * empty, `quick_search` (the spelling some of BuildAdmin's select lists send). Every list reads it here: the
 * generic CRUD lists through parseListQuery, and the lists that filter in memory (rules, groups, stock as of).
 */
export function quickSearchKeyword(query: Record<string, unknown>): string {
  return text(query.quickSearch) || text(query.quick_search);
}

/** `true`, `1` and `"1"` (and the query-string spelling `"true"`) are true. */
export function isTrue(value: unknown): boolean {
  return value === true || value === 1 || value === '1' || value === 'true';
}

/** `%`, `_` and the escape character itself match only themselves. */
export function escapeLike(value: string): string {
  return value.replace(/[!%_]/g, (c) => LIKE_ESCAPE + c);
}

export function containsPattern(value: string): string {
  return `%${escapeLike(value)}%`;
}

/**
 * A date (`YYYY-MM-DD`), date-time (`YYYY-MM-DD HH:mm:ss`) or Unix-seconds string as Unix seconds in the
 * site time zone. A bare date at the end of a range means the end of that day, so "2026-01-01,2026-01-31"
 * covers all of January 31st.
 */
export function toUnixSeconds(value: string, timeZone: string, endOfDay = false): number | null {
  if (/^\d{1,11}$/.test(value)) return Number(value);
  const dateOnly = /^\d{4}-\d{2}-\d{2}$/.test(value);
  if (!dateOnly && !/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(value)) return null;
  const full = dateOnly ? `${value} ${endOfDay ? '23:59:59' : '00:00:00'}` : value;
  const format = 'YYYY-MM-DD HH:mm:ss';
  if (!dayjs(full, format, true).isValid()) return null;
  return dayjs.tz(full, format, timeZone).unix();
}

/** A mistyped site setting must not break every list. */
function validTimeZone(zone: string | undefined): string {
  return canonicalTimeZone(zone) ?? DEFAULT_TIME_ZONE;
}

/** qs turns `search[0][field]=…` into an array, or into an object when indexes are sparse or many. */
function searchEntries(search: unknown): Record<string, unknown>[] {
  const items = Array.isArray(search) ? search : isObject(search) ? Object.values(search) : [];
  return items.filter(isObject);
}

function parseSearchEntry(entry: Record<string, unknown>, rules: ListQueryRules, timeZone: string): SearchCondition[] {
  const field = text(entry.field);
  const rawOperator = text(entry.operator);
  if (!field || !rawOperator) return [];
  if (!rules.searchFields.has(field)) throw new AppError('crud.invalid_search_field', { field });
  const operator = OPERATORS[rawOperator.toUpperCase().replace(/\s+/g, ' ')];
  if (!operator) throw new AppError('crud.invalid_operator', { operator: rawOperator.slice(0, 30) });

  if (operator === 'NULL' || operator === 'NOT NULL') return [{ kind: 'null', field, negate: operator === 'NOT NULL' }];

  const datetime = text(entry.render).toLowerCase() === 'datetime';
  const val = entry.val;
  switch (operator) {
    case 'LIKE':
    case 'NOT LIKE': {
      const value = text(val);
      return value ? [{ kind: 'like', field, negate: operator === 'NOT LIKE', pattern: containsPattern(value) }] : [];
    }
    case 'IN':
    case 'NOT IN': {
      const values = list(val).map((v) => (datetime ? timestamp(v, field, timeZone, false) : v));
      return values.length ? [{ kind: 'in', field, negate: operator === 'NOT IN', values }] : [];
    }
    case 'RANGE':
    case 'NOT RANGE':
      return parseRange(field, operator === 'NOT RANGE', val, datetime, timeZone);
    case 'FIND_IN_SET': {
      const values = list(val);
      return values.length ? [{ kind: 'findInSet', field, values }] : [];
    }
    default: {
      const value = text(val);
      if (!value) return [];
      const compare = operator as CompareOperator;
      if (datetime) return [{ kind: 'compare', field, operator: compare, value: timestamp(value, field, timeZone, false) }];
      // `=` / `<>` compare as strings; ordering comparisons need a number, decimals kept (no intval).
      return [{ kind: 'compare', field, operator: compare, value: ORDERED_COMPARISONS.has(compare) ? decimal(value, field) : value }];
    }
  }
}

function parseRange(field: string, negate: boolean, val: unknown, datetime: boolean, timeZone: string): SearchCondition[] {
  const parts = Array.isArray(val) ? val.map(text) : text(val).split(',').map((s) => s.trim());
  const [start = '', end = ''] = parts;
  if (!start && !end) return [];
  const bound = (value: string, isEnd: boolean): Scalar | null => {
    if (!value) return null;
    return datetime ? timestamp(value, field, timeZone, isEnd) : decimal(value, field);
  };
  return [{ kind: 'range', field, negate, min: bound(start, false), max: bound(end, true) }];
}

/** An enumeration's names in a condition's values become the numbers the column holds. */
function namesToNumbers(condition: SearchCondition, names: EnumerationNames | undefined): void {
  if (!names) return;
  const number = (value: Scalar): Scalar => {
    const found = enumerationValue(value, names);
    return typeof found === 'number' ? String(found) : value;
  };
  if (condition.kind === 'compare') condition.value = number(condition.value);
  else if (condition.kind === 'in') condition.values = condition.values.map(number);
  else if (condition.kind === 'findInSet') condition.values = condition.values.map((value) => String(number(value)));
}

function namedFilter(field: string, value: unknown): SearchCondition | null {
  if (Array.isArray(value)) {
    const values = list(value);
    return values.length ? { kind: 'in', field, negate: false, values } : null;
  }
  const single = text(value);
  return single ? { kind: 'compare', field, operator: '=', value: single } : null;
}

function parseInit(query: Record<string, unknown>, rules: ListQueryRules): ListQuerySpec['init'] {
  const values = list(query.initValue).slice(0, MAX_INIT_VALUES);
  if (!values.length) return null;
  const field = text(query.initKey) || rules.primaryKey;
  if (field !== rules.primaryKey && !rules.searchFields.has(field)) throw new AppError('crud.invalid_search_field', { field });
  return { field, values: [...new Set(values)] };
}

function parseOrder(order: unknown, allowed: ReadonlySet<string>): OrderTerm | null {
  const value = text(order);
  if (!value) return null;
  const [field, rawDirection = 'asc', ...rest] = value.split(',').map((s) => s.trim());
  if (!allowed.has(field)) throw new AppError('crud.invalid_order_field', { field: field.slice(0, 64) });
  const direction = rawDirection.toUpperCase();
  if (rest.length || (direction !== 'ASC' && direction !== 'DESC')) {
    throw new AppError('crud.invalid_order_direction', { direction: rawDirection.slice(0, 30) });
  }
  return { field, direction };
}

function timestamp(value: string, field: string, timeZone: string, endOfDay: boolean): number {
  const seconds = toUnixSeconds(value, timeZone, endOfDay);
  if (seconds === null) throw new AppError('crud.invalid_search_value', { field });
  return seconds;
}

/**
 * A decimal string for an ordering comparison. Sent as a JS number when that is exact enough, so SQLite
 * compares numerically even on expressions without numeric affinity; huge values stay strings.
 */
function decimal(value: string, field: string): Scalar {
  if (!/^[+-]?(\d+(\.\d*)?|\.\d+)$/.test(value)) throw new AppError('crud.invalid_search_value', { field });
  const number = Number(value);
  return Math.abs(number) <= Number.MAX_SAFE_INTEGER ? number : value;
}

function clampInt(value: unknown, fallback: number, min: number, max: number): number {
  const number = Math.floor(Number(text(value)));
  if (!Number.isFinite(number) || number < min) return fallback;
  return Math.min(number, max);
}

/** A scalar as trimmed text; arrays and objects (qs nesting) count as absent. */
function text(value: unknown): string {
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'boolean') return value ? '1' : '0';
  return '';
}

/** An array or a comma-separated string as non-empty trimmed strings. */
function list(value: unknown): string[] {
  const items = Array.isArray(value) ? value.map(text) : text(value).split(',');
  return items.map((s) => s.trim()).filter(Boolean);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
