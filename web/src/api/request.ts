/**
 * The one request layer. Every call to the server goes through `request()`:
 * same-origin base, 10 s timeout (none when `config.timeout === 0`), headers think-lang / server / batoken
 * or ba-user-token, the XSRF cookie, cancellation of duplicate in-flight requests, the 409 refresh with a
 * queue, the 302 redirect and the error catalogue.
 *
 * It resolves only with envelopes whose code is 1. Otherwise it rejects: with the envelope for a code other
 * than 1, with the axios error for HTTP or network failures (after the notice, unless turned off).
 *
 * Stores are wired in by `configureRequest()` (main.tsx); the specs configure fakes and an axios adapter.
 */
import axios, { AxiosError, type AxiosRequestConfig, type AxiosResponse } from 'axios';
import { ResultCode, type Envelope } from '@contract/envelope';
import { getLocale, t } from '@/lang';
import { routerBridge } from '@/router/bridge';
import { isAdminPath, loginWithReturn, pathOfName } from '@/router/names';

/** The envelope of every answer (contract/envelope.ts). */
export type ApiResponse<T = any> = Envelope<T>;

export interface RequestOptions {
  /** Show an error notice for code ≠ 1 and for HTTP / network failures. Default true. */
  showErrorMessage?: boolean;
  /** Show a success notice (msg, or 'Operation successful') for code 1. Default false. */
  showSuccessMessage?: boolean;
  /** Cancel an identical request still in flight (same url, method, token, params and data). Default true. */
  cancelDuplicateRequest?: boolean;
}

export type AppKind = 'admin' | 'user';

/** What the request layer needs from the rest of the app. */
export interface RequestEnv {
  getLang(): string;
  getToken(kind: AppKind): string;
  getRefreshToken(kind: AppKind): string;
  setTokens(kind: AppKind, token: string, refreshToken?: string): void;
  removeToken(kind: AppKind): void;
  notify(type: 'error' | 'success', message: string): void;
  isOnline(): boolean;
}

export const REQUEST_TIMEOUT = 10000;
export const DUPLICATE_REQUEST_MESSAGE = 'Automatic cancellation due to duplicate request';
export const REFRESH_TOKEN_URL = '/api/common/refreshToken';

const STORAGE_KEYS: Record<AppKind, string> = { admin: 'adminInfo', user: 'userInfo' };

function readStored(kind: AppKind): Record<string, unknown> {
  try {
    return JSON.parse(localStorage.getItem(STORAGE_KEYS[kind]) || '{}') ?? {};
  } catch {
    return {};
  }
}

/** Used until main.tsx wires the stores in: reads the persisted tokens directly. */
function defaultEnv(): RequestEnv {
  return {
    getLang: () => getLocale(),
    getToken: (kind) => String(readStored(kind).token ?? ''),
    getRefreshToken: (kind) => String(readStored(kind).refreshToken ?? ''),
    setTokens: (kind, token, refreshToken) => {
      const info = readStored(kind);
      info.token = token;
      if (refreshToken !== undefined) info.refreshToken = refreshToken;
      localStorage.setItem(STORAGE_KEYS[kind], JSON.stringify(info));
    },
    removeToken: (kind) => {
      const info = readStored(kind);
      info.token = '';
      info.refreshToken = '';
      localStorage.setItem(STORAGE_KEYS[kind], JSON.stringify(info));
    },
    notify: (type, message) => (type === 'error' ? console.error(message) : console.info(message)),
    isOnline: () => (typeof navigator === 'undefined' ? true : navigator.onLine),
  };
}

let env: RequestEnv = defaultEnv();

export function configureRequest(partial: Partial<RequestEnv>) {
  env = { ...defaultEnv(), ...partial };
}

/** The axios instance (the specs replace its adapter). */
export const http = axios.create({
  baseURL: '',
  timeout: REQUEST_TIMEOUT,
  headers: { 'Content-Type': 'application/json' },
  xsrfCookieName: 'XSRF-TOKEN',
  xsrfHeaderName: 'X-XSRF-TOKEN',
  responseType: 'json',
});

/** The back office is the current app when the current (hash) route starts with /admin. */
export function currentApp(): AppKind {
  return isAdminPath(routerBridge.currentPath()) ? 'admin' : 'user';
}

export function tokenHeaderName(kind: AppKind): string {
  return kind === 'admin' ? 'batoken' : 'ba-user-token';
}

/* ------------------------------------------------------------------------------------------------ */
/* Duplicate-request cancellation                                                                    */

const pending = new Map<string, AbortController>();
let uniqueSeq = 0;

function stable(value: unknown): string {
  if (value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof FormData !== 'undefined' && value instanceof FormData) return `#form${++uniqueSeq}`;
  if (typeof Blob !== 'undefined' && value instanceof Blob) return `#blob${++uniqueSeq}`;
  try {
    return JSON.stringify(value, (_k, v) =>
      v && typeof v === 'object' && !Array.isArray(v)
        ? Object.keys(v)
            .sort()
            .reduce<Record<string, unknown>>((acc, key) => {
              acc[key] = (v as Record<string, unknown>)[key];
              return acc;
            }, {})
        : v,
    );
  } catch {
    return `#unserialisable${++uniqueSeq}`;
  }
}

function pendingKey(config: AxiosRequestConfig, token: string): string {
  return [(config.method || 'get').toLowerCase(), config.url, token, stable(config.params), stable(config.data)].join('&');
}

/** A rejection for a request cancelled because an identical one was sent after it. */
export class DuplicateRequestError extends axios.CanceledError<unknown> {
  constructor() {
    super(DUPLICATE_REQUEST_MESSAGE);
    this.message = DUPLICATE_REQUEST_MESSAGE;
  }
}

/* ------------------------------------------------------------------------------------------------ */
/* Error catalogue                                                                                  */

const STATUS_MESSAGES: Record<number, string> = {
  302: 'Interface redirected!',
  400: 'Incorrect parameter!',
  401: 'You do not have permission to operate!',
  403: 'You do not have permission to operate!',
  408: 'Request timed out!',
  409: 'The same data already exists in the system!',
  500: 'Server internal error!',
  501: 'Service not implemented!',
  502: 'Gateway error!',
  503: 'Service unavailable!',
  504: 'The service is temporarily unavailable Please try again later!',
  505: 'HTTP version is not supported!',
};

/**
 * The translated message for an HTTP, timeout or network failure. An HTTP 409 carries the server's own
 * translated `msg` (an Idempotency-Key sent again for another request or document): that is shown, not the
 * catalogue's generic words.
 */
export function httpErrorMessage(error: AxiosError, online: boolean = env.isOnline()): string {
  if (error.response) {
    const status = error.response.status;
    const said = (error.response.data as { msg?: unknown } | undefined)?.msg;
    if (status === 409 && typeof said === 'string' && said) return said;
    if (status === 404) {
      const url = error.config?.url ?? error.response.config?.url ?? '';
      return t('axios.Error requesting address:') + url;
    }
    return t(`axios.${STATUS_MESSAGES[status] ?? 'Abnormal problem, please contact the website administrator!'}`);
  }
  if (error.code === 'ECONNABORTED' || error.code === 'ETIMEDOUT' || /timeout/i.test(error.message || '')) {
    return t('axios.Network request timeout!');
  }
  return t(online ? 'axios.Server exception!' : 'axios.You are disconnected!');
}

/** Whether a rejection is an envelope the application answered (code ≠ 1), not an HTTP or network failure. */
export function isEnvelope(error: unknown): error is ApiResponse {
  return typeof error === 'object' && error !== null && typeof (error as { code?: unknown }).code === 'number' && typeof (error as { msg?: unknown }).msg === 'string';
}

/**
 * The one way to say why a request (or anything a store awaited) failed, for a store's `error`: the message
 * of an envelope the application answered, the catalogue's words for an HTTP, timeout or network failure,
 * an error's own message, else `fallback` (the catalogue's "abnormal problem" when none is given).
 */
export function errorMessage(error: unknown, fallback?: string): string {
  if (error && typeof error === 'object') {
    const { msg } = error as { msg?: unknown };
    if (typeof msg === 'string' && msg) return msg;
    if (axios.isAxiosError(error) && !axios.isCancel(error)) return httpErrorMessage(error);
    const { message } = error as { message?: unknown };
    if (typeof message === 'string' && message) return message;
  } else if (typeof error === 'string' && error) {
    return error;
  }
  return fallback ?? t('axios.Abnormal problem, please contact the website administrator!');
}

/**
 * URLs a browser loads directly — a PDF in a new tab, a download link, an image, a stream — cannot carry
 * headers: the token, `server=1` and the language travel in the query string (the server accepts them there,
 * and masks the token in its log).
 */
export function directUrl(url: string, params: Record<string, unknown>, token: string, lang: string): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === '') continue;
    query.append(key, String(value));
  }
  query.append('batoken', token);
  query.append('server', '1');
  query.append('lang', lang);
  return `${url}?${query.toString()}`;
}

/* ------------------------------------------------------------------------------------------------ */
/* Sending                                                                                          */

interface Attempt {
  response: AxiosResponse<ApiResponse>;
  tokenUsed: string;
}

async function send(config: AxiosRequestConfig, opts: Required<RequestOptions>, kind: AppKind, tokenOverride?: string): Promise<Attempt> {
  const token = tokenOverride ?? env.getToken(kind);
  const headers: Record<string, unknown> = { ...((config.headers as Record<string, unknown>) ?? {}) };
  headers['think-lang'] = env.getLang();
  headers.server = true;
  if (token) headers[tokenHeaderName(kind)] = token;
  else delete headers[tokenHeaderName(kind)];

  const controller = new AbortController();
  const finalConfig: AxiosRequestConfig = {
    ...config,
    headers: headers as AxiosRequestConfig['headers'],
    timeout: config.timeout === 0 ? 0 : (config.timeout ?? REQUEST_TIMEOUT),
    signal: controller.signal,
  };
  if (config.signal) {
    const outer = config.signal as AbortSignal;
    if (outer.aborted) controller.abort();
    else outer.addEventListener?.('abort', () => controller.abort());
  }

  let key: string | null = null;
  let cancelledAsDuplicate = false;
  if (opts.cancelDuplicateRequest) {
    key = pendingKey(finalConfig, token);
    const previous = pending.get(key);
    if (previous) {
      (previous as AbortController & { duplicate?: boolean }).duplicate = true;
      previous.abort();
    }
    pending.set(key, controller);
  }

  try {
    const response = await http.request<ApiResponse>(finalConfig);
    return { response, tokenUsed: token };
  } catch (error) {
    cancelledAsDuplicate = Boolean((controller as AbortController & { duplicate?: boolean }).duplicate);
    if (cancelledAsDuplicate) throw new DuplicateRequestError();
    if (axios.isCancel(error)) throw error;
    if (opts.showErrorMessage) env.notify('error', httpErrorMessage(error as AxiosError));
    throw error;
  } finally {
    if (key && pending.get(key) === controller) pending.delete(key);
  }
}

/* ------------------------------------------------------------------------------------------------ */
/* Token refresh (code 409)                                                                         */

let refreshing: Promise<string> | null = null;

async function doRefresh(kind: AppKind): Promise<string> {
  const refreshToken = env.getRefreshToken(kind);
  if (!refreshToken) throw new Error('No refresh token');
  const headers: Record<string, unknown> = { 'think-lang': env.getLang(), server: true };
  const expired = env.getToken(kind);
  if (expired) headers[tokenHeaderName(kind)] = expired;
  const response = await http.request<ApiResponse<{ type: string; token: string; refreshToken?: string }>>({
    url: REFRESH_TOKEN_URL,
    method: 'post',
    data: { refreshToken },
    headers: headers as AxiosRequestConfig['headers'],
    timeout: REQUEST_TIMEOUT,
  });
  const body = response.data;
  if (body && body.code === ResultCode.success && body.data && body.data.token) {
    const target: AppKind = body.data.type === 'user-refresh' ? 'user' : body.data.type === 'admin-refresh' ? 'admin' : kind;
    env.setTokens(target, body.data.token, body.data.refreshToken ?? refreshToken);
    return body.data.token;
  }
  throw body ?? new Error('Refresh failed');
}

/**
 * Exchanges the stored refresh token for a new access token (and the rotated refresh token). Concurrent
 * callers share one call.
 */
export function refreshAccessToken(kind: AppKind = currentApp()): Promise<string> {
  if (!refreshing) {
    refreshing = doRefresh(kind).finally(() => {
      refreshing = null;
    });
  }
  return refreshing;
}

function loginRoute(kind: AppKind): { name: string; path: string } {
  const name = kind === 'admin' ? 'adminLogin' : 'userLogin';
  return { name, path: pathOfName(name)! };
}

async function handle<T>(attempt: Attempt, config: AxiosRequestConfig, opts: Required<RequestOptions>, kind: AppKind, replayed: boolean): Promise<ApiResponse<T>> {
  const { response } = attempt;
  const body = response.data as ApiResponse<T> | undefined;

  if (config.responseType && config.responseType !== 'json') {
    return body as unknown as ApiResponse<T>;
  }
  if (!body || typeof body !== 'object' || typeof body.code !== 'number') {
    if (opts.showErrorMessage) env.notify('error', t('axios.Abnormal problem, please contact the website administrator!'));
    throw body;
  }

  if (body.code === ResultCode.success) {
    if (opts.showSuccessMessage) env.notify('success', body.msg || t('axios.Operation successful'));
    return body;
  }

  if (body.code === ResultCode.tokenExpired && !replayed) {
    const current = env.getToken(kind);
    if (current && current !== attempt.tokenUsed) {
      // Another request refreshed the token while this one was on its way: replay with the new one.
      return run<T>(config, opts, kind, current, true);
    }
    let token: string;
    try {
      token = await refreshAccessToken(kind);
    } catch (failure) {
      const login = loginRoute(kind);
      // Every request that waited on this refresh gets the same decision, taken once by the first.
      const failureKey = failure && typeof failure === 'object' ? (failure as object) : { failure };
      let decision = refreshFailures.get(failureKey);
      if (!decision) {
        decision = { onLoginPage: routerBridge.currentPath() === login.path };
        refreshFailures.set(failureKey, decision);
        const msg = (failure as ApiResponse | undefined)?.msg;
        if (opts.showErrorMessage && msg) env.notify('error', msg);
        env.removeToken(kind);
        if (!decision.onLoginPage) routerBridge.navigate(loginWithReturn(login.path, routerBridge.currentFullPath()));
      }
      if (decision.onLoginPage) {
        // Already on the login page: the request goes again, without a token.
        return run<T>(config, opts, kind, '', true);
      }
      throw body;
    }
    return run<T>(config, opts, kind, token, true);
  }

  if (opts.showErrorMessage && body.msg) env.notify('error', body.msg);

  if (body.code === ResultCode.redirect) {
    env.removeToken(kind);
    const data = (body.data ?? {}) as { routeName?: string; routePath?: string };
    if (data.routeName) routerBridge.navigate({ name: data.routeName });
    else if (data.routePath) routerBridge.navigate(loginWithReturn(data.routePath, routerBridge.currentFullPath()));
  }
  throw body;
}

/** One notice, one token removal and one navigation per failed refresh, however many requests waited on it. */
let refreshFailures = new WeakMap<object, { onLoginPage: boolean }>();

async function run<T>(config: AxiosRequestConfig, opts: Required<RequestOptions>, kind: AppKind, token: string | undefined, replayed: boolean): Promise<ApiResponse<T>> {
  const attempt = await send(config, opts, kind, token);
  return handle<T>(attempt, config, opts, kind, replayed);
}

export default function request<T = any>(config: AxiosRequestConfig, options: RequestOptions = {}): Promise<ApiResponse<T>> {
  const opts: Required<RequestOptions> = {
    showErrorMessage: options.showErrorMessage ?? true,
    showSuccessMessage: options.showSuccessMessage ?? false,
    cancelDuplicateRequest: options.cancelDuplicateRequest ?? true,
  };
  return run<T>(config, opts, currentApp(), undefined, false);
}

/** For specs: forget in-flight bookkeeping between cases. */
export function resetRequestState() {
  pending.clear();
  refreshing = null;
  refreshFailures = new WeakMap();
}
