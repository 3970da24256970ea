import { JwtService } from '@nestjs/jwt';
import { createHash, randomUUID } from 'node:crypto';
import { TokenEntity } from '../../src/modules/accounts/persistence/token.entity';
import { TestApp } from '../setup/create-test-app';
import { as, createAdmin, http, login } from '../support/api';
import { publicSpec } from '../support/public-spec';

describe('admin tokens: expiry (409), refresh with rotation, logout', () => {
  let t: TestApp;
  publicSpec({ ready: (fixture) => ({ t } = fixture) });

  /** An access token that is recorded server-side but whose lifetime is over. */
  async function expiredToken(accountId = 1): Promise<string> {
    const jti = randomUUID();
    const past = Math.floor(Date.now() / 1000) - 60;
    await t.dataSource.getRepository(TokenEntity).insert({ id: createHash('sha256').update(jti).digest('hex'), type: 'admin', account_id: accountId, createtime: past - 100, expiretime: past });
    return t.app.get(JwtService).sign({ sub: accountId, typ: 'admin', jti, iat: past - 100, exp: past });
  }

  const refresh = (body: object, token?: string) => {
    const req = http(t).post('/api/common/refreshToken').set('think-lang', 'en');
    if (token) req.set('batoken', token);
    return req.send(body);
  };

  it('answers 409 for an expired token on a login-required action and ignores it on a public one', async () => {
    const token = await expiredToken();
    expect((await as(t, token).get('/admin/index/index')).body).toMatchObject({ code: 409, msg: 'Token expiration' });
    expect((await as(t, token).get('/admin/index/login')).body).toMatchObject({ code: 1, data: { captcha: false } });
  });

  it('refreshes: a new access token works, the old refresh token is refused after rotation', async () => {
    const session = await login(t);
    const first = await refresh({ refreshToken: session.refreshToken }, session.token);
    expect(first.body).toMatchObject({ code: 1, data: { type: 'admin-refresh' } });
    const { token, refreshToken } = first.body.data;
    expect(refreshToken).not.toBe(session.refreshToken);
    expect((await as(t, token).get('/admin/index/index')).body.code).toBe(1);
    // The access token sent along with the refresh was revoked.
    expect((await as(t, session.token).get('/admin/index/index')).body.code).toBe(302);
    expect((await refresh({ refreshToken: session.refreshToken })).body).toMatchObject({ code: 0, msg: 'Login expired, please login again.' });
    // Our spec's snake_case name is accepted too.
    expect((await refresh({ refresh_token: refreshToken })).body.code).toBe(1);
  });

  it('lets the client replay after a 409: expired token → refresh → same request succeeds', async () => {
    const session = await login(t);
    const stale = await expiredToken();
    expect((await as(t, stale).get('/admin/index/index')).body.code).toBe(409);
    const renewed = await refresh({ refreshToken: session.refreshToken }, stale);
    expect((await as(t, renewed.body.data.token).get('/admin/index/index')).body.code).toBe(1);
  });

  it('uses one refresh token once, even when two requests race', async () => {
    const session = await login(t);
    const answers = await Promise.all([refresh({ refreshToken: session.refreshToken }), refresh({ refreshToken: session.refreshToken })]);
    expect(answers.map((a) => a.body.code).sort()).toEqual([0, 1]);
  });

  it('does not revoke another account’s access token sent along with a refresh', async () => {
    await createAdmin(t, 'other', '*');
    const mine = await login(t);
    const other = await login(t, 'other');
    expect((await refresh({ refreshToken: mine.refreshToken }, other.token)).body.code).toBe(1);
    expect((await as(t, other).get('/admin/index/index')).body.code).toBe(1);
  });

  it('logout revokes the access token and the refresh token', async () => {
    const session = await login(t);
    const out = await as(t, session).post('/admin/index/logout', { refreshToken: session.refreshToken });
    expect(out.body.code).toBe(1);
    expect((await as(t, session).get('/admin/index/index')).body).toMatchObject({ code: 302, data: { routePath: '/admin/login' } });
    expect((await refresh({ refreshToken: session.refreshToken })).body.code).toBe(0);
  });

  it('refuses forged, tampered and foreign-typed tokens', async () => {
    const session = await login(t);
    const [head, body, sig] = session.token.split('.');
    const tampered = `${head}.${Buffer.from(JSON.stringify({ sub: 2, typ: 'admin', jti: 'x' })).toString('base64url')}.${sig}`;
    expect((await as(t, tampered).get('/admin/index/index')).body.code).toBe(302);
    const userTyped = t.app.get(JwtService).sign({ sub: 1, typ: 'user', jti: randomUUID() });
    expect((await as(t, userTyped).get('/admin/index/index')).body.code).toBe(302);
    expect(body).toBeDefined();
  });
});
