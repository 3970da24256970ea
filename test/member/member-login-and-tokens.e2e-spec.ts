import { createHash, randomUUID } from 'node:crypto';
import { JwtService } from '@nestjs/jwt';
import { TokenEntity } from '../../src/modules/accounts/persistence/token.entity';
import { TestApp } from '../setup/create-test-app';
import { as, http, login } from '../support/api';
import { solvedCaptcha } from '../support/captcha';
import { anonymous, asMember, createMember, MEMBER_PASSWORD, memberLogin } from '../support/member';
import { publicSpec } from '../support/public-spec';

/** Sign-in by username, e-mail or mobile; lockout; member tokens (409, refresh, logout); the bootstraps. */
describe('member sign-in, tokens and bootstraps', () => {
  let t: TestApp;
  publicSpec({ ready: (fixture) => ({ t } = fixture) });
  afterAll(() => {
    process.env.LOGIN_CAPTCHA = '0';
  });

  const api = () => anonymous(t);
  const checkIn = (body: object) => api().post('/api/user/checkIn', { tab: 'login', ...body });

  async function expiredMemberToken(accountId: number): Promise<string> {
    const jti = randomUUID();
    const past = Math.floor(Date.now() / 1000) - 60;
    await t.dataSource.getRepository(TokenEntity).insert({ id: createHash('sha256').update(jti).digest('hex'), type: 'user', account_id: accountId, createtime: past - 100, expiretime: past });
    return t.app.get(JwtService).sign({ sub: accountId, typ: 'user', jti, iat: past - 100, exp: past });
  }

  it('signs in by username, e-mail or mobile and answers the member info', async () => {
    const id = await createMember(t, { username: 'alice', email: 'alice@example.com', mobile: '13800000001', money: 1250, score: 7 });
    for (const name of ['alice', 'ALICE@example.com', '13800000001']) {
      const res = await checkIn({ username: name, password: MEMBER_PASSWORD });
      expect(res.body).toMatchObject({
        code: 1,
        msg: 'Login succeeded!',
        data: { routePath: '/user', userInfo: { id, username: 'alice', email: 'alice@example.com', mobile: '13800000001', money: '12.50', score: 7, gender: 0, refreshToken: '' } },
      });
      expect(res.body.data.userInfo.token).toBeTruthy();
      expect(res.body.data.userInfo).not.toHaveProperty('password');
    }
    expect((await checkIn({ username: 'alice', password: MEMBER_PASSWORD, keep: 1 })).body.data.userInfo.refreshToken).toBeTruthy();
  });

  it('answers a wrong password and an unknown account alike, refuses a disabled account, and validates', async () => {
    await createMember(t, { username: 'alice' });
    await createMember(t, { username: 'frozen', status: 0 });
    expect((await checkIn({ username: 'alice', password: 'Wrong-Pass' })).body).toMatchObject({ code: 0, msg: 'Incorrect user name or password!' });
    expect((await checkIn({ username: 'nobody', password: MEMBER_PASSWORD })).body).toMatchObject({ code: 0, msg: 'Incorrect user name or password!' });
    expect((await checkIn({ username: 'frozen', password: MEMBER_PASSWORD })).body).toMatchObject({ code: 0, msg: 'Account disabled' });
    expect((await checkIn({ username: 'alice' })).body).toMatchObject({ code: 0, msg: 'Please enter Password' });
    expect((await checkIn({ username: 'alice', password: 'a&b12345' })).body.code).toBe(0);
  });

  it('locks the account for 24 hours after ten failures, from the last one', async () => {
    const id = await createMember(t, { username: 'alice' });
    for (let i = 0; i < 10; i++) expect((await checkIn({ username: 'alice', password: 'Wrong-Pass' })).body.msg).toBe('Incorrect user name or password!');
    expect((await checkIn({ username: 'alice', password: MEMBER_PASSWORD })).body).toMatchObject({ code: 0, msg: 'Too many failed sign-ins, please try again after 1 day' });
    await t.dataSource.query('UPDATE login_failure SET lasttime = lasttime - 86400');
    expect((await checkIn({ username: 'alice', password: MEMBER_PASSWORD })).body.code).toBe(1);
    // success resets the counter
    const [row] = await t.dataSource.query('SELECT login_failure FROM `user` WHERE id = ?', [id]);
    expect(Number(row.login_failure)).toBe(0);
  });

  it('needs the click captcha when it is on, and says so in checkIn GET', async () => {
    await createMember(t, { username: 'alice' });
    process.env.LOGIN_CAPTCHA = '1';
    try {
      expect((await api().get('/api/user/checkIn')).body.data.captcha).toBe(true);
      expect((await checkIn({ username: 'alice', password: MEMBER_PASSWORD })).body).toMatchObject({ code: 0, msg: 'Please complete the captcha' });
      const captchaId = randomUUID();
      const info = await solvedCaptcha(t, captchaId);
      expect((await checkIn({ username: 'alice', password: MEMBER_PASSWORD, captchaId, captchaInfo: '5,5-6,6;350;200' })).body).toMatchObject({ code: 0, msg: 'Captcha error' });
      const goodId = randomUUID();
      const good = await solvedCaptcha(t, goodId);
      expect((await checkIn({ username: 'alice', password: MEMBER_PASSWORD, captchaId: goodId, captchaInfo: good })).body.code).toBe(1);
      expect(info).toBeTruthy();
    } finally {
      process.env.LOGIN_CAPTCHA = '0';
    }
  });

  it('answers 302 "already logged in" to a signed-in member on checkIn', async () => {
    await createMember(t, { username: 'alice' });
    const session = await memberLogin(t, 'alice');
    expect((await asMember(t, session).get('/api/user/checkIn')).body).toMatchObject({ code: 302, data: { routePath: '/user' } });
    expect((await asMember(t, session).post('/api/user/checkIn', { tab: 'login', username: 'alice', password: MEMBER_PASSWORD })).body.code).toBe(302);
  });

  it('answers 409 for an expired member token on a login-required action, ignores it on a public one, and refreshes', async () => {
    const id = await createMember(t, { username: 'alice' });
    const session = await memberLogin(t, 'alice');
    const stale = await expiredMemberToken(id);
    expect((await asMember(t, stale).get('/api/user/index')).body).toMatchObject({ code: 409, msg: 'Token expiration' });
    expect((await asMember(t, stale).get('/api/account/overview')).body.code).toBe(409);
    expect((await asMember(t, stale).get('/api/index/index?requiredLogin=1')).body.code).toBe(409);
    expect((await asMember(t, stale).get('/api/index/index')).body).toMatchObject({ code: 1, data: { userInfo: null, menus: [] } });
    expect((await asMember(t, stale).get('/api/user/checkIn')).body.code).toBe(1);

    const refreshed = await http(t).post('/api/common/refreshToken').set('ba-user-token', stale).send({ refresh_token: session.refreshToken });
    expect(refreshed.body).toMatchObject({ code: 1, data: { type: 'user-refresh' } });
    expect(refreshed.body.data.refreshToken).not.toBe(session.refreshToken);
    expect((await asMember(t, refreshed.body.data.token).get('/api/user/index')).body.code).toBe(1);
    // rotated: the old refresh token is used up
    expect((await http(t).post('/api/common/refreshToken').send({ refreshToken: session.refreshToken })).body.code).toBe(0);
  });

  it('refuses a refresh for a member disabled since', async () => {
    const id = await createMember(t, { username: 'alice' });
    const session = await memberLogin(t, 'alice');
    await t.dataSource.query('UPDATE `user` SET status = 0 WHERE id = ?', [id]);
    expect((await http(t).post('/api/common/refreshToken').set('think-lang', 'en').send({ refreshToken: session.refreshToken })).body).toMatchObject({ code: 0, msg: 'Login expired, please login again.' });
    expect((await asMember(t, session).get('/api/user/index')).body.code).toBe(302);
  });

  it('logout revokes the access token and the refresh token', async () => {
    await createMember(t, { username: 'alice' });
    const session = await memberLogin(t, 'alice');
    expect((await asMember(t, session).post('/api/user/logout', { refresh_token: session.refreshToken })).body).toMatchObject({ code: 1 });
    expect((await asMember(t, session).get('/api/user/index')).body).toMatchObject({ code: 302, data: { routePath: '/user/login' } });
    expect((await http(t).post('/api/common/refreshToken').send({ refreshToken: session.refreshToken })).body.code).toBe(0);
    // without a token it still answers 1
    expect((await api().post('/api/user/logout', {})).body.code).toBe(1);
  });

  it('keeps member and admin tokens apart', async () => {
    await createMember(t, { username: 'alice' });
    const member = await memberLogin(t, 'alice');
    const admin = await login(t);
    // a member token on an admin route, in either header
    expect((await as(t, member.token).get('/admin/index/index')).body).toMatchObject({ code: 302, data: { routePath: '/admin/login' } });
    expect((await http(t).get('/admin/user.User/index').set('ba-user-token', member.token)).body.code).toBe(302);
    // an admin token on a member route, in either header
    expect((await asMember(t, admin.token).get('/api/user/index')).body).toMatchObject({ code: 302, data: { routePath: '/user/login' } });
    expect((await asMember(t, admin.token).get('/api/account/profile')).body.code).toBe(302);
    expect((await http(t).get('/api/account/profile').set('batoken', admin.token)).body.code).toBe(302);
    // and an admin refresh token does not mint a member token
    const refreshed = await http(t).post('/api/common/refreshToken').send({ refreshToken: admin.refreshToken });
    expect(refreshed.body.data.type).toBe('admin-refresh');
    expect((await asMember(t, refreshed.body.data.token).get('/api/user/index')).body.code).toBe(302);
  });

  it('front bootstrap: site and visitor rules for visitors, 302 when login is required, the member tree when signed in', async () => {
    const visitor = await api().get('/api/index/index');
    expect(visitor.body).toMatchObject({ code: 1, data: { site: { siteName: 'Warehouse Management System' }, openMemberCenter: true, userInfo: null, menus: [] } });
    expect(Array.isArray(visitor.body.data.rules)).toBe(true);
    expect((await api().get('/api/index/index?requiredLogin=1')).body).toMatchObject({ code: 302, data: { routePath: '/user/login' } });

    await createMember(t, { username: 'alice' });
    const session = await memberLogin(t, 'alice');
    const member = await asMember(t, session).get('/api/index/index?requiredLogin=1');
    expect(member.body).toMatchObject({ code: 1, data: { userInfo: { username: 'alice' } } });
    expect(member.body.data.menus.map((m: { name: string }) => m.name)).toEqual(['account', 'cms']);
  });

  it('member-center bootstrap: the menus of the member group, in the request language', async () => {
    await createMember(t, { username: 'alice' });
    const session = await memberLogin(t, 'alice');
    const res = await asMember(t, session).get('/api/user/index');
    expect(res.body.code).toBe(1);
    const [account] = res.body.data.menus;
    expect(account).toMatchObject({ type: 'menu_dir', name: 'account', title: 'My account' });
    expect(account.children.map((c: { name: string }) => c.name)).toEqual(['account/overview', 'account/profile', 'account/changePassword', 'account/integral', 'account/balance', 'account/notice', 'account/oauth']);
    expect(account.children[0]).toMatchObject({ type: 'menu', path: 'account/overview', component: '/src/views/frontend/user/account/overview.vue', menu_type: 'tab' });
    const zh = await http(t).get('/api/user/index').set('ba-user-token', session.token).set('think-lang', 'zh-cn');
    expect(zh.body.data.menus[0].title).toBe('我的账户');
    expect((await api().get('/api/user/index')).body).toMatchObject({ code: 302, data: { routePath: '/user/login' } });
  });
});
