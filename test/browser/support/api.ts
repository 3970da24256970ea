/**
 * Requests straight to the server of the browser specs (Node's fetch), for what a spec only needs as a
 * starting point — master data, say — so the browser time goes to the screens under test.
 */
import { ADMIN_USERNAME, serverInfo } from './server';

export type Row = Record<string, any>;

interface Envelope<T = unknown> {
  code: number;
  msg: string;
  data: T;
}

export interface AdminApi {
  token: string;
  /** POST `/admin/<controller>/<action>` with a JSON body; fails unless the answer has code 1; answers `data`. */
  post(controller: string, action: string, body: object): Promise<Row>;
  /** GET `/admin/<controller>/<action>?<query>`; fails unless code 1; answers `data`. */
  get(controller: string, action: string, query?: Record<string, string | number>): Promise<Row>;
  /** POST `/admin/wms.<controller>/add`: the created row. */
  add(controller: string, body: object): Promise<Row>;
}

const HEADERS = { 'content-type': 'application/json', server: '1', 'think-lang': 'zh-cn' };

async function answer<T>(res: Response, what: string): Promise<T> {
  const text = await res.text();
  let body: Envelope<T>;
  try {
    body = JSON.parse(text) as Envelope<T>;
  } catch {
    throw new Error(`${what}: HTTP ${res.status}, not JSON: ${text.slice(0, 200)}`);
  }
  if (body.code !== 1) throw new Error(`${what} failed: ${text.slice(0, 500)}`);
  return body.data;
}

/** Signs in through `POST /admin/index/login` (the specs' server runs without the click captcha). */
export async function adminApi(password = serverInfo().adminPassword, username = ADMIN_USERNAME): Promise<AdminApi> {
  const { baseUrl } = serverInfo();
  const login = await answer<{ userInfo: { token: string } }>(
    await fetch(`${baseUrl}/admin/index/login`, { method: 'POST', headers: HEADERS, body: JSON.stringify({ username, password }) }),
    `sign-in of ${username}`,
  );
  const token = login.userInfo.token;
  const headers = { ...HEADERS, batoken: token };
  const post = async (controller: string, action: string, body: object) =>
    answer<Row>(await fetch(`${baseUrl}/admin/${controller}/${action}`, { method: 'POST', headers, body: JSON.stringify(body) }), `POST ${controller}/${action}`);
  const get = async (controller: string, action: string, query: Record<string, string | number> = {}) => {
    const qs = new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)])).toString();
    return answer<Row>(await fetch(`${baseUrl}/admin/${controller}/${action}${qs ? `?${qs}` : ''}`, { headers }), `GET ${controller}/${action}`);
  };
  return { token, post, get, add: (controller, body) => post(`wms.${controller}`, 'add', body) };
}
