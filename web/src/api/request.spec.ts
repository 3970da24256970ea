import axios, { AxiosError, AxiosHeaders, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { routerBridge } from '@/router/bridge';
import { setLocale } from '@/lang';
import request, { configureRequest, directUrl, errorMessage, http, isEnvelope, resetRequestState, DUPLICATE_REQUEST_MESSAGE, type AppKind } from './request';

type Handler = (config: InternalAxiosRequestConfig) => Promise<AxiosResponse> | AxiosResponse;

let handler: Handler;
const seen: InternalAxiosRequestConfig[] = [];

function header(config: InternalAxiosRequestConfig, name: string): string | undefined {
  const value = AxiosHeaders.from(config.headers as any).get(name);
  return value == null ? undefined : String(value);
}

function ok(config: InternalAxiosRequestConfig, body: unknown, status = 200): AxiosResponse {
  return { data: body, status, statusText: 'OK', headers: {}, config, request: {} };
}

function httpFailure(config: InternalAxiosRequestConfig, status: number): never {
  const response = { data: { code: 0, msg: 'x', time: 0, data: null }, status, statusText: '', headers: {}, config, request: {} };
  throw new AxiosError(`Request failed with status code ${status}`, AxiosError.ERR_BAD_RESPONSE, config, {}, response as AxiosResponse);
}

/** An adapter that honours the abort signal like the real ones do. */
http.defaults.adapter = (config) => {
  seen.push(config);
  return new Promise((resolve, reject) => {
    const signal = config.signal as AbortSignal | undefined;
    if (signal) signal.addEventListener('abort', () => reject(new axios.CanceledError(undefined, undefined, config)));
    Promise.resolve()
      .then(() => handler(config))
      .then(resolve, reject);
  });
};

const tokens: Record<AppKind, { token: string; refreshToken: string }> = {
  admin: { token: '', refreshToken: '' },
  user: { token: '', refreshToken: '' },
};
const notices: Array<{ type: string; message: string }> = [];
let online = true;
const navigate = jest.fn();

function tick(ms = 0) {
  return new Promise((r) => setTimeout(r, ms));
}

beforeAll(async () => {
  await setLocale('en');
});

beforeEach(() => {
  resetRequestState();
  seen.length = 0;
  notices.length = 0;
  online = true;
  navigate.mockReset();
  navigate.mockImplementation((path: string) => {
    window.location.hash = path;
  });
  tokens.admin = { token: 'old-token', refreshToken: 'refresh-1' };
  tokens.user = { token: 'user-token', refreshToken: 'user-refresh-1' };
  window.location.hash = '#/admin/auth/admin';
  routerBridge.setNavigator(navigate);
  configureRequest({
    getLang: () => 'en',
    getToken: (kind) => tokens[kind].token,
    getRefreshToken: (kind) => tokens[kind].refreshToken,
    setTokens: (kind, token, refreshToken) => {
      tokens[kind].token = token;
      if (refreshToken !== undefined) tokens[kind].refreshToken = refreshToken;
    },
    removeToken: (kind) => {
      tokens[kind] = { token: '', refreshToken: '' };
    },
    notify: (type, message) => notices.push({ type, message }),
    isOnline: () => online,
  });
});

describe('request: what every call carries', () => {
  it('sends think-lang, server and batoken with a 10 s timeout on the back office', async () => {
    handler = (c) => ok(c, { code: 1, msg: '', time: 1, data: { a: 1 } });
    const res = await request({ url: '/admin/auth.Admin/index', method: 'get', params: { page: 1 } });
    expect(res.data).toEqual({ a: 1 });
    const c = seen[0];
    expect(header(c, 'think-lang')).toBe('en');
    expect(header(c, 'server')).toBe('true');
    expect(header(c, 'batoken')).toBe('old-token');
    expect(header(c, 'ba-user-token')).toBeUndefined();
    expect(c.timeout).toBe(10000);
    expect(c.baseURL).toBe('');
    expect(c.xsrfCookieName).toBe('XSRF-TOKEN');
    expect(c.xsrfHeaderName).toBe('X-XSRF-TOKEN');
  });

  it('sends ba-user-token outside the back office and no timeout when asked (upload)', async () => {
    window.location.hash = '#/user/account/profile';
    handler = (c) => ok(c, { code: 1, msg: '', time: 1, data: null });
    await request({ url: '/api/ajax/upload', method: 'post', timeout: 0 });
    expect(header(seen[0], 'ba-user-token')).toBe('user-token');
    expect(header(seen[0], 'batoken')).toBeUndefined();
    expect(seen[0].timeout).toBe(0);
  });

  it('shows a success notice with msg, or "Operation successful" without one, only when asked', async () => {
    handler = (c) => ok(c, { code: 1, msg: c.url === '/a' ? 'Saved' : '', time: 1, data: null });
    await request({ url: '/a', method: 'post' }, { showSuccessMessage: true });
    await request({ url: '/b', method: 'post' }, { showSuccessMessage: true });
    await request({ url: '/c', method: 'post' });
    expect(notices).toEqual([
      { type: 'success', message: 'Saved' },
      { type: 'success', message: 'Operation successful' },
    ]);
  });
});

describe('request: duplicate cancellation', () => {
  it('cancels the earlier of two identical requests still in flight', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    handler = async (c) => {
      await gate;
      return ok(c, { code: 1, msg: '', time: 1, data: 'done' });
    };
    const first = request({ url: '/admin/x/index', method: 'get', params: { page: 1 } });
    const second = request({ url: '/admin/x/index', method: 'get', params: { page: 1 } });
    const firstResult = first.catch((e) => e);
    release();
    const err = await firstResult;
    expect(axios.isCancel(err)).toBe(true);
    expect(err.message).toBe(DUPLICATE_REQUEST_MESSAGE);
    expect((await second).data).toBe('done');
    expect(notices).toEqual([]);
  });

  it('lets different requests and opted-out duplicates run side by side', async () => {
    handler = async (c) => {
      await tick(5);
      return ok(c, { code: 1, msg: '', time: 1, data: c.params });
    };
    const results = await Promise.all([
      request({ url: '/admin/x/index', method: 'get', params: { page: 1 } }),
      request({ url: '/admin/x/index', method: 'get', params: { page: 2 } }),
      request({ url: '/admin/x/add', method: 'post', data: { a: 1 } }, { cancelDuplicateRequest: false }),
      request({ url: '/admin/x/add', method: 'post', data: { a: 1 } }, { cancelDuplicateRequest: false }),
    ]);
    expect(results).toHaveLength(4);
    expect(seen).toHaveLength(4);
  });
});

describe('request: code 409 refreshes the token once', () => {
  it('refreshes once for several concurrent 409s and replays them all with the new token', async () => {
    let refreshCalls = 0;
    let refreshBody: unknown;
    let refreshHeader: string | undefined;
    handler = async (c) => {
      if (c.url === '/api/common/refreshToken') {
        refreshCalls++;
        refreshBody = JSON.parse(c.data);
        refreshHeader = header(c, 'batoken');
        await tick(10);
        return ok(c, { code: 1, msg: '', time: 1, data: { type: 'admin-refresh', token: 'new-token', refreshToken: 'refresh-2' } });
      }
      await tick(1);
      if (header(c, 'batoken') === 'old-token') return ok(c, { code: 409, msg: 'Token expiration', data: {} });
      return ok(c, { code: 1, msg: '', time: 1, data: { url: c.url, token: header(c, 'batoken') } });
    };
    const results = await Promise.all(['/admin/a', '/admin/b', '/admin/c', '/admin/d'].map((url) => request({ url, method: 'get' })));
    expect(refreshCalls).toBe(1);
    expect(refreshBody).toEqual({ refreshToken: 'refresh-1' });
    expect(refreshHeader).toBe('old-token');
    expect(results.map((r) => r.data)).toEqual([
      { url: '/admin/a', token: 'new-token' },
      { url: '/admin/b', token: 'new-token' },
      { url: '/admin/c', token: 'new-token' },
      { url: '/admin/d', token: 'new-token' },
    ]);
    expect(tokens.admin).toEqual({ token: 'new-token', refreshToken: 'refresh-2' });
    expect(notices).toEqual([]);
  });

  it('replays a late 409 with the token refreshed meanwhile, without a second refresh', async () => {
    let refreshCalls = 0;
    let releaseSlow!: () => void;
    const slowGate = new Promise<void>((r) => (releaseSlow = r));
    handler = async (c) => {
      if (c.url === '/api/common/refreshToken') {
        refreshCalls++;
        return ok(c, { code: 1, msg: '', time: 1, data: { type: 'admin-refresh', token: 'new-token', refreshToken: 'refresh-2' } });
      }
      if (c.url === '/admin/slow' && header(c, 'batoken') === 'old-token') await slowGate;
      if (header(c, 'batoken') === 'old-token') return ok(c, { code: 409, msg: 'Token expiration', data: {} });
      return ok(c, { code: 1, msg: '', time: 1, data: header(c, 'batoken') });
    };
    const slow = request({ url: '/admin/slow', method: 'get' });
    const fast = await request({ url: '/admin/fast', method: 'get' });
    releaseSlow();
    expect(fast.data).toBe('new-token');
    expect((await slow).data).toBe('new-token');
    expect(refreshCalls).toBe(1);
  });

  it('on refresh failure clears the token, goes to adminLogin once and rejects every waiting request', async () => {
    let refreshCalls = 0;
    handler = async (c) => {
      if (c.url === '/api/common/refreshToken') {
        refreshCalls++;
        await tick(5);
        return ok(c, { code: 0, msg: 'Login expired, please login again.', time: 1, data: null });
      }
      return ok(c, { code: 409, msg: 'Token expiration', data: {} });
    };
    const outcomes = await Promise.allSettled([request({ url: '/admin/a' }), request({ url: '/admin/b' }), request({ url: '/admin/c' })]);
    expect(outcomes.map((o) => o.status)).toEqual(['rejected', 'rejected', 'rejected']);
    expect(refreshCalls).toBe(1);
    expect(tokens.admin).toEqual({ token: '', refreshToken: '' });
    expect(navigate).toHaveBeenCalledTimes(1);
    // with the page to come back to after signing in again
    expect(navigate.mock.calls[0][0]).toBe('/admin/login?redirect=%2Fadmin%2Fauth%2Fadmin');
    expect(notices).toEqual([{ type: 'error', message: 'Login expired, please login again.' }]);
  });

  it('on refresh failure while on the login page replays the request with an empty token', async () => {
    window.location.hash = '#/admin/login';
    handler = async (c) => {
      if (c.url === '/api/common/refreshToken') return ok(c, { code: 0, msg: 'Login expired, please login again.', time: 1, data: null });
      if (header(c, 'batoken')) return ok(c, { code: 409, msg: 'Token expiration', data: {} });
      return ok(c, { code: 1, msg: '', time: 1, data: { captcha: true } });
    };
    const res = await request({ url: '/admin/index/login', method: 'get' });
    expect(res.data).toEqual({ captcha: true });
    expect(navigate).not.toHaveBeenCalled();
    expect(seen.filter((c) => c.url === '/admin/index/login').map((c) => header(c, 'batoken'))).toEqual(['old-token', undefined]);
  });

  it('does not call the refresh endpoint without a refresh token', async () => {
    tokens.admin.refreshToken = '';
    handler = async (c) => ok(c, { code: 409, msg: 'Token expiration', data: {} });
    await expect(request({ url: '/admin/a' })).rejects.toMatchObject({ code: 409 });
    expect(seen.some((c) => c.url === '/api/common/refreshToken')).toBe(false);
    expect(tokens.admin.token).toBe('');
    expect(navigate).toHaveBeenCalledWith('/admin/login?redirect=%2Fadmin%2Fauth%2Fadmin', undefined);
  });
});

describe('request: code 302 and other codes', () => {
  it('302 clears the token and goes to data.routePath', async () => {
    handler = (c) => ok(c, { code: 302, msg: 'Please login first', time: 1, data: { routePath: '/admin/login' } });
    await expect(request({ url: '/admin/index/index' })).rejects.toMatchObject({ code: 302 });
    expect(tokens.admin.token).toBe('');
    expect(tokens.admin.refreshToken).toBe('');
    expect(tokens.user.token).toBe('user-token');
    expect(navigate).toHaveBeenCalledWith('/admin/login?redirect=%2Fadmin%2Fauth%2Fadmin', undefined);
    expect(notices).toEqual([{ type: 'error', message: 'Please login first' }]);
  });

  it('302 with a routeName navigates to that named route', async () => {
    window.location.hash = '#/user/account';
    handler = (c) => ok(c, { code: 302, msg: '', time: 1, data: { routeName: 'userLogin' } });
    await expect(request({ url: '/api/account/overview' })).rejects.toMatchObject({ code: 302 });
    expect(tokens.user.token).toBe('');
    expect(tokens.admin.token).toBe('old-token');
    expect(navigate).toHaveBeenCalledWith('/user/login', undefined);
  });

  it('a code other than 1 shows msg and rejects with the envelope, silently when asked', async () => {
    handler = (c) => ok(c, { code: 0, msg: 'Username is incorrect', time: 1, data: null });
    await expect(request({ url: '/admin/index/login', method: 'post' })).rejects.toEqual({ code: 0, msg: 'Username is incorrect', time: 1, data: null });
    await expect(request({ url: '/admin/index/login', method: 'post', data: { a: 2 } }, { showErrorMessage: false })).rejects.toMatchObject({ code: 0 });
    expect(notices).toEqual([{ type: 'error', message: 'Username is incorrect' }]);
  });
});

describe('request: the error catalogue', () => {
  const catalogue: Array<[number, string]> = [
    [302, 'Interface redirected!'],
    [400, 'Incorrect parameter!'],
    [401, 'You do not have permission to operate!'],
    [403, 'You do not have permission to operate!'],
    [404, 'Error requesting address:/admin/missing/route'],
    [408, 'Request timed out!'],
    // 409 says the server's own msg when it has one (errorMessage's spec below), else the catalogue's words
    [500, 'Server internal error!'],
    [501, 'Service not implemented!'],
    [502, 'Gateway error!'],
    [503, 'Service unavailable!'],
    [504, 'The service is temporarily unavailable Please try again later!'],
    [505, 'HTTP version is not supported!'],
    [418, 'Abnormal problem, please contact the website administrator!'],
  ];

  it.each(catalogue)('HTTP %i → %s', async (status, message) => {
    handler = (c) => httpFailure(c, status);
    await expect(request({ url: '/admin/missing/route' })).rejects.toBeInstanceOf(AxiosError);
    expect(notices).toEqual([{ type: 'error', message }]);
  });

  it('a timeout says "Network request timeout!"', async () => {
    handler = (c) => {
      throw new AxiosError('timeout of 10000ms exceeded', AxiosError.ECONNABORTED, c);
    };
    await expect(request({ url: '/admin/a' })).rejects.toBeInstanceOf(AxiosError);
    expect(notices).toEqual([{ type: 'error', message: 'Network request timeout!' }]);
  });

  it('a network failure says "Server exception!" online and "You are disconnected!" offline', async () => {
    handler = (c) => {
      throw new AxiosError('Network Error', AxiosError.ERR_NETWORK, c);
    };
    await expect(request({ url: '/admin/a' })).rejects.toBeInstanceOf(AxiosError);
    online = false;
    await expect(request({ url: '/admin/b' })).rejects.toBeInstanceOf(AxiosError);
    expect(notices).toEqual([
      { type: 'error', message: 'Server exception!' },
      { type: 'error', message: 'You are disconnected!' },
    ]);
  });

  it('no notice for HTTP failures when showErrorMessage is false', async () => {
    handler = (c) => httpFailure(c, 500);
    await expect(request({ url: '/admin/a' }, { showErrorMessage: false })).rejects.toBeInstanceOf(AxiosError);
    expect(notices).toEqual([]);
  });

  it('the texts come from the language files (zh-cn)', async () => {
    await setLocale('zh-cn');
    try {
      handler = (c) => httpFailure(c, 500);
      await expect(request({ url: '/admin/a' })).rejects.toBeInstanceOf(AxiosError);
      handler = (c) => ok(c, { code: 1, msg: '', time: 1, data: null });
      await request({ url: '/admin/b', method: 'post' }, { showSuccessMessage: true });
      expect(notices).toEqual([
        { type: 'error', message: '服务器内部错误！' },
        { type: 'success', message: '操作成功' },
      ]);
    } finally {
      await setLocale('en');
    }
  });
});

describe('errorMessage: why a call failed, in one way for every store', () => {
  it('says what the application answered', async () => {
    handler = (c) => ok(c, { code: 0, msg: 'Insufficient stock', time: 1, data: null });
    const failure = await request({ url: '/admin/a' }, { showErrorMessage: false }).catch((e: unknown) => e);
    expect(isEnvelope(failure)).toBe(true);
    expect(errorMessage(failure)).toBe('Insufficient stock');
  });

  it('says an HTTP, timeout or network failure in the words of the catalogue, never the client library’s', async () => {
    handler = (c) => httpFailure(c, 503);
    const http503 = await request({ url: '/admin/a' }, { showErrorMessage: false }).catch((e: unknown) => e);
    expect(isEnvelope(http503)).toBe(false);
    expect(errorMessage(http503)).toBe('Service unavailable!');
    handler = (c) => {
      throw new AxiosError('timeout of 10000ms exceeded', AxiosError.ECONNABORTED, c);
    };
    expect(errorMessage(await request({ url: '/admin/b' }, { showErrorMessage: false }).catch((e: unknown) => e))).toBe('Network request timeout!');
  });

  it('says the server’s own message of an HTTP 409 (a key sent again for another request), else the catalogue’s', async () => {
    handler = (c) => {
      const response = { data: { code: 0, msg: 'This Idempotency-Key was used for another request', time: 0, data: null }, status: 409, statusText: '', headers: {}, config: c, request: {} };
      throw new AxiosError('Request failed with status code 409', AxiosError.ERR_BAD_REQUEST, c, {}, response as AxiosResponse);
    };
    const conflict = await request({ url: '/admin/a' }, { showErrorMessage: false }).catch((e: unknown) => e);
    expect(errorMessage(conflict)).toBe('This Idempotency-Key was used for another request');
    handler = (c) => {
      const response = { data: '', status: 409, statusText: '', headers: {}, config: c, request: {} };
      throw new AxiosError('Request failed with status code 409', AxiosError.ERR_BAD_REQUEST, c, {}, response as AxiosResponse);
    };
    expect(errorMessage(await request({ url: '/admin/b' }, { showErrorMessage: false }).catch((e: unknown) => e))).toBe('The same data already exists in the system!');
  });

  it('falls back on an error’s message, then on the fallback given, then on the catalogue', () => {
    expect(errorMessage(new Error('The file could not be read'))).toBe('The file could not be read');
    expect(errorMessage({ msg: '' }, 'Export failed')).toBe('Export failed');
    expect(errorMessage(undefined)).toBe('Abnormal problem, please contact the website administrator!');
  });
});

describe('directUrl: what a link the browser opens itself carries', () => {
  it('puts the parameters (empty ones left out), the token, server and the language in the query', () => {
    expect(directUrl('/admin/wms.Inbound/print', { id: 4, doc: '', format: 'pdf', none: undefined }, 'tok', 'en')).toBe('/admin/wms.Inbound/print?id=4&format=pdf&batoken=tok&server=1&lang=en');
  });
});
