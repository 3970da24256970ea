/**
 * The generic CRUD controller of every context (docs/API.md), on the one request instance:
 * `createCrudApi('/admin/auth.Admin')` → index / edit / add / update / del / sortable / get / post; a GET on
 * any URL (remote selects, option lists); a list's export and import (`<base>/export`, `<base>/import`).
 */
import type { DeleteAnswer, ListAnswer } from '@contract/envelope';
import request, { directUrl, refreshAccessToken, type ApiResponse, type RequestOptions } from './request';

/**
 * `GET index` as a list page reads it: the rows, and what a list answer may carry besides (`total`, `remark`,
 * `total_capped`, and keys of its own such as auth.Group's `group` or the stock list's `today`).
 */
export type IndexAnswer<Row = any> = Partial<ListAnswer<Row>> & { list: Row[]; [key: string]: unknown };

export interface CrudApi<Row = any> {
  base: string;
  index(params: Record<string, unknown>): Promise<IndexAnswer<Row>>;
  /** `GET edit?<pk>=id` → row */
  read(id: string | number): Promise<Row>;
  add(data: Record<string, unknown>): Promise<Row>;
  update(data: Record<string, unknown>): Promise<Row>;
  del(ids: Array<string | number>): Promise<DeleteAnswer>;
  sortable(id: string | number, targetId: string | number): Promise<unknown>;
  /** any other GET action of the controller. */
  get<T = any>(action: string, params?: Record<string, unknown>, options?: RequestOptions): Promise<T>;
  /** any other POST action of the controller (custom buttons: audit, ship …). */
  post<T = any>(action: string, data?: Record<string, unknown>, options?: RequestOptions): Promise<T>;
}

/** Joins a controller base and an action: ('/admin/auth.Admin', 'index') → '/admin/auth.Admin/index'. */
export function actionUrl(base: string, action: string): string {
  return `${base.replace(/\/+$/, '')}/${action.replace(/^\/+/, '')}`;
}

/** The query of `DELETE del`: `ids[]=1&ids[]=2`, encoded. */
export function buildDelQuery(ids: Array<string | number>): string {
  return ids.map((id) => `${encodeURIComponent('ids[]')}=${encodeURIComponent(String(id))}`).join('&');
}

export function createCrudApi<Row = any>(base: string, pk = 'id'): CrudApi<Row> {
  return {
    base,
    async index(params) {
      return (await request<IndexAnswer<Row>>({ url: actionUrl(base, 'index'), method: 'get', params })).data;
    },
    async read(id) {
      return (await request<{ row: Row }>({ url: actionUrl(base, 'edit'), method: 'get', params: { [pk]: id } })).data.row;
    },
    async add(data) {
      return (await request<Row>({ url: actionUrl(base, 'add'), method: 'post', data }, { showSuccessMessage: true })).data;
    },
    async update(data) {
      return (await request<Row>({ url: actionUrl(base, 'edit'), method: 'post', data }, { showSuccessMessage: true })).data;
    },
    async del(ids) {
      return (await request<DeleteAnswer>({ url: `${actionUrl(base, 'del')}?${buildDelQuery(ids)}`, method: 'delete' }, { showSuccessMessage: true })).data;
    },
    async sortable(id, targetId) {
      return (await request({ url: actionUrl(base, 'sortable'), method: 'post', data: { id, targetId } }, { showSuccessMessage: true })).data;
    },
    async get(action, params, options) {
      return (await request({ url: actionUrl(base, action), method: 'get', params }, options)).data;
    },
    async post(action, data, options) {
      return (await request({ url: actionUrl(base, action), method: 'post', data }, { showSuccessMessage: true, ...options })).data;
    },
  };
}

/** A GET on any URL (remote selects, option lists). */
export async function fetchJson<T = any>(url: string, params?: Record<string, unknown>, options?: RequestOptions): Promise<T> {
  return (await request<T>({ url, method: 'get', params }, { cancelDuplicateRequest: false, ...options })).data;
}

/** A list's `index` at another action of the same controller (e.g. the ledger's verification `runs`). */
export function listAt<Row = any>(base: string, action: string): CrudApi<Row> {
  return { ...createCrudApi<Row>(base), index: async (params) => (await request<IndexAnswer<Row>>({ url: actionUrl(base, action), method: 'get', params })).data };
}

/* ------------------------------------------------------------------------------------------------ */
/* Export and import: `GET <base>/export?format=csv|xlsx&<list filters>` and                        */
/* `GET <base>/import?template=1&format=…` are downloads; `POST <base>/import` (multipart `file`)   */
/* answers the count, or the list of problems.                                                      */

export type TransferFormat = 'csv' | 'xlsx';

export interface ImportProblem {
  row: number;
  field: string;
  reason: string;
}

export interface ImportFailure {
  msg: string;
  errors: ImportProblem[];
}

export function exportUrl(base: string): string {
  return actionUrl(base, 'export');
}

export function importUrl(base: string): string {
  return actionUrl(base, 'import');
}

/**
 * The URL of an export a browser downloads directly: the list's filters (no paging), with the token,
 * `server=1` and the language (for the headers) in the query.
 */
export function directExportUrl(base: string, indexParams: Record<string, unknown>, token: string, lang: string): string {
  const { page: _page, limit: _limit, ...params } = indexParams;
  return directUrl(exportUrl(base), params, token, lang);
}

/** The file name of a Content-Disposition header (RFC 5987 `filename*` first). */
export function filenameOf(disposition: string | undefined, fallback: string): string {
  if (!disposition) return fallback;
  const star = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (star) {
    try {
      return decodeURIComponent(star[1]);
    } catch {
      /* fall through */
    }
  }
  const plain = /filename="?([^";]+)"?/i.exec(disposition);
  return plain ? plain[1] : fallback;
}

/**
 * Downloads a file the server streams. An error arrives as a JSON envelope instead of the file: its
 * message is thrown (a 409, an expired token, is refreshed and tried once more).
 */
export async function download(url: string, params: Record<string, unknown>, retried = false): Promise<Blob> {
  const blob = (await request<Blob>({ url, method: 'get', params, responseType: 'blob', timeout: 0 }, { cancelDuplicateRequest: false })) as unknown as Blob;
  if (blob.type.includes('json')) {
    const body = JSON.parse(await blob.text()) as ApiResponse;
    if (body.code === 409 && !retried) {
      await refreshAccessToken('admin');
      return download(url, params, true);
    }
    throw body;
  }
  return blob;
}

/** Uploads an import file; `onProgress` follows the upload (0–100). Resolves with the imported count. */
export async function importFile(base: string, file: File, onProgress: (percent: number) => void): Promise<{ count: number; msg: string }> {
  const form = new FormData();
  form.append('file', file);
  const res = await request<{ count: number }>(
    {
      url: importUrl(base),
      method: 'post',
      data: form,
      timeout: 0,
      headers: { 'Content-Type': 'multipart/form-data' },
      onUploadProgress: (event) => {
        if (event.total) onProgress(Math.min(100, Math.round((event.loaded / event.total) * 100)));
      },
    },
    { showErrorMessage: false, cancelDuplicateRequest: false },
  );
  return { count: res.data.count, msg: res.msg };
}
