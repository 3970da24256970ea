/**
 * The generic CRUD actions of one controller (docs/API.md), on the one request instance.
 * `createCrudApi('/admin/auth.Admin')` → index / edit / add / update / del / sortable / get / post.
 */
import request from '@/api/request';
import { buildDelQuery } from './params';
import type { IndexAnswer } from './types';

export interface CrudApi<Row = any> {
  base: string;
  index(params: Record<string, unknown>): Promise<IndexAnswer<Row>>;
  /** `GET edit?<pk>=id` → row */
  read(id: string | number): Promise<Row>;
  add(data: Record<string, unknown>): Promise<Row>;
  update(data: Record<string, unknown>): Promise<Row>;
  del(ids: Array<string | number>): Promise<{ count: number }>;
  sortable(id: string | number, targetId: string | number): Promise<unknown>;
  /** any other GET action of the controller. */
  get<T = any>(action: string, params?: Record<string, unknown>, options?: RequestOptions): Promise<T>;
  /** any other POST action of the controller (custom buttons: audit, ship …). */
  post<T = any>(action: string, data?: Record<string, unknown>, options?: RequestOptions): Promise<T>;
}

export interface RequestOptions {
  showErrorMessage?: boolean;
  showSuccessMessage?: boolean;
  cancelDuplicateRequest?: boolean;
}

/** Joins a controller base and an action: ('/admin/auth.Admin', 'index') → '/admin/auth.Admin/index'. */
export function actionUrl(base: string, action: string): string {
  return `${base.replace(/\/+$/, '')}/${action.replace(/^\/+/, '')}`;
}

export function createCrudApi<Row = any>(base: string, pk = 'id'): CrudApi<Row> {
  const api: CrudApi<Row> = {
    base,
    async index(params) {
      const res = await request<IndexAnswer<Row>>({ url: actionUrl(base, 'index'), method: 'get', params });
      return res.data;
    },
    async read(id) {
      const res = await request<{ row: Row }>({ url: actionUrl(base, 'edit'), method: 'get', params: { [pk]: id } });
      return res.data.row;
    },
    async add(data) {
      const res = await request<Row>({ url: actionUrl(base, 'add'), method: 'post', data }, { showSuccessMessage: true });
      return res.data;
    },
    async update(data) {
      const res = await request<Row>({ url: actionUrl(base, 'edit'), method: 'post', data }, { showSuccessMessage: true });
      return res.data;
    },
    async del(ids) {
      const res = await request<{ count: number }>(
        { url: `${actionUrl(base, 'del')}?${buildDelQuery(ids)}`, method: 'delete' },
        { showSuccessMessage: true },
      );
      return res.data;
    },
    async sortable(id, targetId) {
      const res = await request({ url: actionUrl(base, 'sortable'), method: 'post', data: { id, targetId } }, { showSuccessMessage: true });
      return res.data;
    },
    async get(action, params, options) {
      const res = await request({ url: actionUrl(base, action), method: 'get', params }, options);
      return res.data;
    },
    async post(action, data, options) {
      const res = await request({ url: actionUrl(base, action), method: 'post', data }, { showSuccessMessage: true, ...options });
      return res.data;
    },
  };
  return api;
}

/** A GET on any URL (remote selects, option lists). */
export async function fetchJson<T = any>(url: string, params?: Record<string, unknown>, options?: RequestOptions): Promise<T> {
  const res = await request<T>({ url, method: 'get', params }, { cancelDuplicateRequest: false, ...options });
  return res.data;
}
