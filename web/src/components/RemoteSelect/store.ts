/**
 * State of one remote select: `GET <url>?select=true&quickSearch=&page=&limit=&initKey=&initValue=`,
 * reading `data.options` (tree controllers) or `data.list` (generic controllers) and `data.total`.
 */
import { makeAutoObservable, runInAction } from 'mobx';
import { fetchJson } from '@/api/crud';
import { buildRemoteSelectParams, isEmptyValue } from '@/components/crud/params';
import { errorMessage } from '@/api/request';

export type SelectValue = string | number;

/** An option and the row it stands for (`Row`: the source's row as the caller knows it). */
export interface RemoteOption<Row extends object = Record<string, any>> {
  value: SelectValue;
  label: string;
  /** depth in a tree answer (0 for flat lists). */
  depth: number;
  disabled?: boolean;
  raw: Row;
  children?: RemoteOption<Row>[];
}

export interface RemoteSelectConfig<Row extends object = Record<string, any>> {
  url: string;
  valueField?: string;
  labelField?: string | ((row: Row) => string);
  params?: Record<string, unknown>;
  limit?: number;
}

/** label of a row: the given field, else name / title / label / nickname / username, else the value. */
export function optionLabel(row: Record<string, any>, labelField: RemoteSelectConfig['labelField'], valueField: string): string {
  if (typeof labelField === 'function') return labelField(row);
  const candidates = [labelField, 'name', 'title', 'label', 'nickname', 'username'].filter(Boolean) as string[];
  for (const f of candidates) {
    const v = row[f];
    if (v !== undefined && v !== null && v !== '') return String(v);
  }
  return String(row[valueField] ?? '');
}

/** Rows of an answer (options or list, flat or nested) → options, depth-first, keeping the tree too. */
export function toOptions(rows: unknown, config: Pick<RemoteSelectConfig, 'valueField' | 'labelField'>, depth = 0): RemoteOption[] {
  if (!Array.isArray(rows)) return [];
  const valueField = config.valueField ?? 'id';
  return rows
    .filter((r) => r && typeof r === 'object')
    .map((row: Record<string, any>) => {
      const value = row[valueField] ?? row.value ?? row.id;
      const children = Array.isArray(row.children) && row.children.length ? toOptions(row.children, config, depth + 1) : undefined;
      return {
        value,
        label: optionLabel(row, config.labelField, valueField),
        depth,
        disabled: row.disabled === true,
        raw: row,
        children,
      } as RemoteOption;
    });
}

export function flattenOptions(options: RemoteOption[], out: RemoteOption[] = []): RemoteOption[] {
  for (const o of options) {
    out.push(o);
    if (o.children) flattenOptions(o.children, out);
  }
  return out;
}

export function answerRows(data: any): unknown[] {
  if (Array.isArray(data)) return data;
  if (data && Array.isArray(data.options)) return data.options;
  if (data && Array.isArray(data.list)) return data.list;
  return [];
}

/** "1,2" / 1 / [1, 2] → [1, 2] */
export function valueList(value: unknown): SelectValue[] {
  if (isEmptyValue(value)) return [];
  if (Array.isArray(value)) return value.filter((v) => !isEmptyValue(v)) as SelectValue[];
  if (typeof value === 'string' && value.includes(',')) return value.split(',').map((s) => s.trim()).filter(Boolean);
  return [value as SelectValue];
}

export class RemoteSelectStore {
  config: RemoteSelectConfig;
  options: RemoteOption[] = [];
  /** options of the current value(s), loaded with initValue. */
  initOptions: RemoteOption[] = [];
  /** values whose labels were asked for and not found (a deleted record, or the request failed) */
  unresolved: string[] = [];
  total = 0;
  page = 1;
  keyword = '';
  loading = false;
  loaded = false;
  error: string | null = null;
  private seq = 0;
  private initKey = '';

  constructor(config: RemoteSelectConfig) {
    this.config = config;
    makeAutoObservable<this, 'seq' | 'initKey'>(this, { config: false, seq: false, initKey: false });
  }

  get valueField(): string {
    return this.config.valueField ?? 'id';
  }

  get limit(): number {
    return this.config.limit ?? 20;
  }

  /** search results first, then the current values not among them. */
  get mergedOptions(): RemoteOption[] {
    const flat = flattenOptions(this.options);
    const seen = new Set(flat.map((o) => String(o.value)));
    const extra = flattenOptions(this.initOptions).filter((o) => !seen.has(String(o.value)));
    return [...flat, ...extra];
  }

  get hasMore(): boolean {
    return this.options.length < this.total;
  }

  async search(keyword: string): Promise<void> {
    this.keyword = keyword;
    this.page = 1;
    await this.fetch(false);
  }

  async loadMore(): Promise<void> {
    if (this.loading || !this.hasMore) return;
    this.page += 1;
    await this.fetch(true);
  }

  private async fetch(append: boolean): Promise<void> {
    const seq = ++this.seq;
    this.loading = true;
    this.error = null;
    try {
      const data = await fetchJson(
        this.config.url,
        buildRemoteSelectParams({ quickSearch: this.keyword, page: this.page, limit: this.limit, extra: this.config.params }),
      );
      if (seq !== this.seq) return;
      runInAction(() => {
        const rows = toOptions(answerRows(data), this.config);
        this.options = append ? [...this.options, ...rows] : rows;
        const total = data && typeof data === 'object' && !Array.isArray(data) ? Number((data as any).total) : NaN;
        this.total = Number.isFinite(total) ? total : this.options.length;
        this.loaded = true;
      });
    } catch (e) {
      if (seq !== this.seq) return;
      runInAction(() => {
        this.error = errorMessage(e);
      });
    } finally {
      if (seq === this.seq) runInAction(() => (this.loading = false));
    }
  }

  /** Loads the labels of the current value(s) when they are not known yet. */
  async ensureValues(value: unknown): Promise<void> {
    const values = valueList(value);
    if (!values.length) return;
    const known = new Set(this.mergedOptions.map((o) => String(o.value)));
    const missing = values.filter((v) => !known.has(String(v)));
    if (!missing.length) return;
    const key = missing.map(String).sort().join(',');
    if (key === this.initKey) return;
    this.initKey = key;
    try {
      const data = await fetchJson(
        this.config.url,
        buildRemoteSelectParams({ initKey: this.valueField, initValue: missing, page: 1, limit: Math.max(missing.length, this.limit), extra: this.config.params }),
      );
      runInAction(() => {
        const rows = flattenOptions(toOptions(answerRows(data), this.config));
        const wanted = new Set(values.map(String));
        const fresh = rows.filter((o) => wanted.has(String(o.value)));
        const have = new Set(this.initOptions.map((o) => String(o.value)));
        this.initOptions = [...this.initOptions, ...fresh.filter((o) => !have.has(String(o.value)))];
        const found = new Set(fresh.map((o) => String(o.value)));
        this.unresolved = [...this.unresolved, ...missing.map(String).filter((v) => !found.has(v))];
      });
    } catch {
      // the request layer has shown the error
      runInAction(() => (this.unresolved = [...this.unresolved, ...missing.map(String)]));
    }
  }

  /**
   * What the select shows for a chosen value: its label; while the label is still loading a neutral
   * placeholder (never the bare id, which means nothing to a reader); `#id` once it is known to be missing.
   */
  valueText(value: unknown, loadingText: string): string {
    const hit = this.mergedOptions.find((o) => String(o.value) === String(value));
    if (hit) return hit.label.replace(/^[\s│├└─┃┣┗]+/, '');
    if (value === undefined || value === null || value === '') return '';
    return this.unresolved.includes(String(value)) ? `#${String(value)}` : loadingText;
  }

  /** Loads everything once (tree selects). */
  async loadAll(): Promise<void> {
    if (this.loaded || this.loading) return;
    this.keyword = '';
    this.page = 1;
    const seq = ++this.seq;
    this.loading = true;
    try {
      const data = await fetchJson(this.config.url, { ...buildRemoteSelectParams({ page: 1, limit: 1000, extra: this.config.params }) });
      if (seq !== this.seq) return;
      runInAction(() => {
        this.options = toOptions(answerRows(data), this.config);
        this.total = flattenOptions(this.options).length;
        this.loaded = true;
      });
    } catch (e) {
      runInAction(() => {
        this.error = errorMessage(e);
      });
    } finally {
      if (seq === this.seq) runInAction(() => (this.loading = false));
    }
  }
}
