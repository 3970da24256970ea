/**
 * The state of the workspace's views: filters beside a CrudTableStore that pages the endpoint (the filters
 * travel as extra parameters, so the export button downloads what the page shows), and the order snapshot
 * a trace row opens.
 */
import { makeAutoObservable, runInAction } from 'mobx';
import type { OrderSnapshot } from '@contract/audit';
import { CrudTableStore, type CrudColumn, type CrudRoot } from '@/components/crud';
import { errorMessage } from '@/api/request';
import { createCrudApi, type CrudApi } from '@/api/crud';
import { fetchOrderSnapshot } from '@/api/orders';

export interface TraceFilters {
  product_id: number | null;
  lot_no: string;
  warehouse_id: number | null;
  warehouse_shelf_id: number | null;
  /** [from, to] as YYYY-MM-DD */
  period: [string, string] | null;
}

export interface VarianceFilters {
  warehouse_id: number | null;
  form_type: number[];
  period: [string, string] | null;
}

export interface AsOfFilters {
  asof: string;
  product_id: number | null;
  warehouse_id: number | null;
  warehouse_shelf_id: number | null;
}

const period = (p: [string, string] | null): Record<string, string> => (p && p[0] && p[1] ? { from: p[0], to: p[1] } : {});

export function traceParams(f: TraceFilters): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (f.product_id) out.product_id = f.product_id;
  if (f.lot_no.trim()) out.lot_no = f.lot_no.trim().toUpperCase();
  if (f.warehouse_id) out.warehouse_id = f.warehouse_id;
  if (f.warehouse_shelf_id) out.warehouse_shelf_id = f.warehouse_shelf_id;
  return { ...out, ...period(f.period) };
}

export function varianceParams(f: VarianceFilters): Record<string, unknown> {
  const out: Record<string, unknown> = { ...period(f.period) };
  if (f.warehouse_id) out.warehouse_id = f.warehouse_id;
  if (f.form_type.length) out.form_type = f.form_type.join(',');
  return out;
}

export function asOfParams(f: AsOfFilters): Record<string, unknown> {
  const out: Record<string, unknown> = { asof: f.asof };
  if (f.product_id) out.product_id = f.product_id;
  if (f.warehouse_id) out.warehouse_id = f.warehouse_id;
  if (f.warehouse_shelf_id) out.warehouse_shelf_id = f.warehouse_shelf_id;
  return out;
}

/** A client that answers nothing until `ready` says the filters are complete (the trace needs a product). */
function guardedClient(base: string, ready: () => boolean, key?: (row: Record<string, any>) => string): CrudApi {
  const api = createCrudApi(base);
  return {
    ...api,
    async index(params) {
      if (!ready()) return { list: [], total: 0, remark: '' } as never;
      const data = await api.index(params);
      const list = Array.isArray(data?.list) ? (key ? data.list.map((row: Record<string, any>) => ({ ...row, _key: key(row) })) : data.list) : [];
      return { ...data, list };
    },
  };
}

/** Filters of one view and the list they select. */
export class AuditViewStore<F extends object> {
  filters: F;
  readonly table: CrudTableStore;

  constructor(
    root: CrudRoot,
    options: { api: string; columns: CrudColumn[]; initial: F; params: (f: F) => Record<string, unknown>; ready?: (f: F) => boolean; pk?: string; key?: (row: Record<string, any>) => string; limit?: number },
  ) {
    this.filters = { ...options.initial };
    const ready = () => (options.ready ? options.ready(this.filters) : true);
    this.table = new CrudTableStore(root, {
      api: options.api,
      pk: options.pk ?? 'id',
      columns: options.columns,
      extraParams: () => options.params(this.filters),
      client: guardedClient(options.api, ready, options.key),
      limit: options.limit ?? 20,
    });
    makeAutoObservable(this, { table: false });
  }

  setFilter<K extends keyof F>(key: K, value: F[K]): void {
    this.filters = { ...this.filters, [key]: value };
    this.table.submitSearch();
  }

  /** Several filters at once (a place narrower than the warehouse is cleared with it). */
  setFilters(patch: Partial<F>): void {
    this.filters = { ...this.filters, ...patch };
    this.table.submitSearch();
  }
}

/** The order a trace or variance row opened, as audited. */
export class OrderSnapshotStore {
  target: { order_type: string; order_id: number; order_no: string } | null = null;
  snapshot: OrderSnapshot | null = null;
  loading = false;
  error = '';
  private seq = 0;

  constructor(private readonly load: typeof fetchOrderSnapshot = fetchOrderSnapshot) {
    makeAutoObservable<this, 'seq' | 'load'>(this, { seq: false, load: false });
  }

  get open(): boolean {
    return this.target !== null;
  }

  async show(row: { order_type: string; order_id: number; order_no: string }): Promise<void> {
    const seq = ++this.seq;
    this.target = { order_type: row.order_type, order_id: Number(row.order_id), order_no: row.order_no };
    this.snapshot = null;
    this.error = '';
    this.loading = true;
    try {
      const snapshot = await this.load(row.order_type, Number(row.order_id));
      if (seq !== this.seq) return;
      runInAction(() => (this.snapshot = snapshot));
    } catch (e) {
      if (seq !== this.seq) return;
      runInAction(() => (this.error = errorMessage(e)));
    } finally {
      if (seq === this.seq) runInAction(() => (this.loading = false));
    }
  }

  close(): void {
    this.seq++;
    this.target = null;
    this.snapshot = null;
    this.loading = false;
  }
}
