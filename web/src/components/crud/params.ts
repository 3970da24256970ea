/**
 * Pure helpers of the generic CRUD table: the query of `GET index` (docs/API.md), the remote select query,
 * value formatting. No React, no MobX, no HTTP: unit-tested in params.spec.ts.
 */
import dayjs from 'dayjs';
import { inDisplayZone, siteInstant } from '@/utils/time';
import type { CrudColumn, CrudOperator, OrderState, SearchEntry } from './types';

export const DATETIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';
export const DATE_FORMAT = 'YYYY-MM-DD';

/** The operator a column is searched with when it does not say. */
export function defaultOperator(column: CrudColumn): CrudOperator | false {
  if (column.operator !== undefined) return column.operator;
  switch (column.render) {
    case 'datetime':
    case 'date':
      return 'RANGE';
    case 'image':
    case 'images':
    case 'icon':
    case 'color':
      return false;
    case 'switch':
    case 'tag':
      return '=';
    default:
      if (column.options && column.options.length) return '=';
      if (column.searchRemote) return '=';
      return 'LIKE';
  }
}

export function searchableColumns<Row>(columns: CrudColumn<Row>[]): CrudColumn<Row>[] {
  return columns.filter((c) => defaultOperator(c) !== false);
}

export function isEmptyValue(v: unknown): boolean {
  return v === undefined || v === null || (typeof v === 'string' && v.trim() === '') || (Array.isArray(v) && v.length === 0);
}

type DateLike = string | number | Date | { format: (f: string) => string };

function dateText(v: DateLike | null | undefined, endOfDay: boolean): string {
  if (v === null || v === undefined || v === '') return '';
  if (typeof v === 'object' && 'format' in v && typeof v.format === 'function') return v.format(DATETIME_FORMAT);
  if (typeof v === 'string') {
    const s = v.trim();
    // a date-only picker: the whole first / last day
    if (/^\d{4}-\d{2}-\d{2}$/.test(s)) return `${s} ${endOfDay ? '23:59:59' : '00:00:00'}`;
    return s;
  }
  const d = dayjs(v as number | Date);
  return d.isValid() ? d.format(DATETIME_FORMAT) : '';
}

/** Turns the values of the search form (keyed by column prop) into `search[]` entries. */
export function buildSearchEntries<Row>(columns: CrudColumn<Row>[], values: Record<string, any>): SearchEntry[] {
  const entries: SearchEntry[] = [];
  for (const column of columns) {
    const operator = defaultOperator(column);
    if (operator === false) continue;
    const value = values[column.prop];
    const field = column.searchField ?? column.prop;
    const isDate = column.render === 'datetime' || column.render === 'date';
    if (operator === 'NULL' || operator === 'NOT NULL') {
      if (value === true || value === 1 || value === '1') entries.push({ field, val: '1', operator });
      continue;
    }
    if (operator === 'RANGE' || operator === 'NOT RANGE') {
      if (!Array.isArray(value)) continue;
      if (isDate) {
        const start = dateText(value[0], false);
        const end = dateText(value[1], true);
        if (!start || !end) continue;
        entries.push({ field, val: `${start},${end}`, operator, render: 'datetime' });
      } else {
        const min = isEmptyValue(value[0]) ? '' : String(value[0]).trim();
        const max = isEmptyValue(value[1]) ? '' : String(value[1]).trim();
        if (min === '' && max === '') continue;
        entries.push({ field, val: `${min},${max}`, operator });
      }
      continue;
    }
    if (isEmptyValue(value)) continue;
    if (Array.isArray(value)) {
      entries.push({ field, val: value.map((v) => String(v)).join(','), operator });
      continue;
    }
    if (isDate) {
      const text = dateText(value, false);
      if (text) entries.push({ field, val: text, operator, render: 'datetime' });
      continue;
    }
    entries.push({ field, val: typeof value === 'string' ? value.trim() : String(value), operator });
  }
  return entries;
}

/** `search[0][field]=…` as flat keys, so any query serializer sends the qs style the server reads. */
export function flattenSearch(entries: SearchEntry[]): Record<string, string> {
  const out: Record<string, string> = {};
  entries.forEach((e, i) => {
    out[`search[${i}][field]`] = e.field;
    out[`search[${i}][val]`] = e.val;
    out[`search[${i}][operator]`] = e.operator;
    if (e.render) out[`search[${i}][render]`] = e.render;
  });
  return out;
}

export function orderParam(order: OrderState | null | undefined): string | undefined {
  if (!order || !order.field) return undefined;
  return `${order.field},${order.dir === 'asc' ? 'asc' : 'desc'}`;
}

export interface IndexParamInput {
  page?: number;
  limit?: number;
  quickSearch?: string;
  order?: OrderState | null;
  search?: SearchEntry[];
  /** tree lists are not paginated. */
  paginate?: boolean;
  extra?: Record<string, unknown>;
}

/** The flat query object of `GET index`. */
export function buildIndexParams(input: IndexParamInput): Record<string, unknown> {
  const params: Record<string, unknown> = {};
  if (input.paginate !== false) {
    params.page = input.page && input.page > 0 ? input.page : 1;
    params.limit = input.limit && input.limit > 0 ? input.limit : 10;
  }
  const quick = (input.quickSearch ?? '').trim();
  if (quick) params.quickSearch = quick;
  const order = orderParam(input.order);
  if (order) params.order = order;
  Object.assign(params, flattenSearch(input.search ?? []));
  for (const [k, v] of Object.entries(input.extra ?? {})) {
    if (v !== undefined && v !== null && v !== '') params[k] = v;
  }
  return params;
}

export interface RemoteSelectParamInput {
  quickSearch?: string;
  page?: number;
  limit?: number;
  /** primary key the current value refers to (default 'id'). */
  initKey?: string;
  /** current value(s): the server answers those rows so their labels can be shown. */
  initValue?: unknown;
  extra?: Record<string, unknown>;
}

/** `GET <url>?select=true&quickSearch=&page=&limit=&initKey=&initValue=` */
export function buildRemoteSelectParams(input: RemoteSelectParamInput): Record<string, unknown> {
  const params: Record<string, unknown> = { select: true };
  const quick = (input.quickSearch ?? '').trim();
  if (quick) params.quickSearch = quick;
  params.page = input.page && input.page > 0 ? input.page : 1;
  params.limit = input.limit && input.limit > 0 ? input.limit : 20;
  const init = Array.isArray(input.initValue)
    ? input.initValue.filter((v) => !isEmptyValue(v)).map(String).join(',')
    : isEmptyValue(input.initValue)
      ? ''
      : String(input.initValue);
  if (init !== '') {
    params.initKey = input.initKey ?? 'id';
    params.initValue = init;
  }
  for (const [k, v] of Object.entries(input.extra ?? {})) {
    if (v !== undefined && v !== null && v !== '') params[k] = v;
  }
  return params;
}

/** Reads `a.b.c` from a row. */
export function getByPath(row: unknown, path: string): any {
  if (row === null || row === undefined) return undefined;
  if (!path.includes('.')) return (row as Record<string, unknown>)[path];
  return path.split('.').reduce<any>((acc, key) => (acc === null || acc === undefined ? undefined : acc[key]), row);
}

/** A timestamp or date text → milliseconds; 10-digit numbers are seconds. */
export function toMilliseconds(value: unknown): number | null {
  if (value === null || value === undefined || value === '' || value === 0 || value === '0') return null;
  if (typeof value === 'number' || (typeof value === 'string' && /^\d+$/.test(value.trim()))) {
    const n = Number(value);
    if (!Number.isFinite(n) || n <= 0) return null;
    return String(Math.trunc(n)).length <= 10 ? n * 1000 : n;
  }
  // a day or a time as the pickers write it is the site's wall clock (components/SiteDatePicker)
  if (typeof value === 'string' && SITE_WALL_CLOCK.test(value.trim())) return siteInstant(value.trim())?.valueOf() ?? null;
  const d = dayjs(value as string | Date);
  return d.isValid() ? d.valueOf() : null;
}

/** `YYYY-MM-DD`, `YYYY-MM-DD HH:mm` or `YYYY-MM-DD HH:mm:ss`: no zone of its own. */
const SITE_WALL_CLOCK = /^\d{4}-\d{2}-\d{2}(?: \d{2}:\d{2}(?::\d{2})?)?$/;

/** 'YYYY-MM-DD HH:mm:ss' (the product's date-time format) in the site time zone; empty values give '-'. */
export function formatDatetime(value: unknown, format: string = DATETIME_FORMAT): string {
  const ms = toMilliseconds(value);
  if (ms === null) return '-';
  return inDisplayZone(ms).format(format);
}

/** Unix seconds of a date value (form date pickers post seconds). */
export function toSeconds(value: unknown): number | null {
  const ms = toMilliseconds(value);
  return ms === null ? null : Math.floor(ms / 1000);
}

/** Flattens a tree (children) depth first. */
export function flattenTree<T extends { children?: T[] }>(nodes: T[] | undefined, out: T[] = []): T[] {
  for (const n of nodes ?? []) {
    out.push(n);
    if (n.children && n.children.length) flattenTree(n.children, out);
  }
  return out;
}
