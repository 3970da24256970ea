import { AdminEntity } from '../../src/modules/accounts/persistence/admin.entity';
import { TEST_ADMIN_PASSWORD, TestApp } from '../setup/create-test-app';
import { as, http, login } from '../support/api';
import { publicSpec } from '../support/public-spec';

describe('admin sign-in (POST /admin/index/login)', () => {
  let t: TestApp;
  publicSpec({ ready: (fixture) => ({ t } = fixture) });

  const attempt = (password: string, username = 'admin', lang = 'en') =>
    http(t).post('/admin/index/login').set('think-lang', lang).send({ username, password, keep: 1 });

  it('signs in with the right password and answers userInfo with both tokens', async () => {
    const res = await attempt(TEST_ADMIN_PASSWORD);
    expect(res.body).toMatchObject({ code: 1, msg: 'Login succeeded!', data: { routePath: '/admin', userInfo: { id: 1, username: 'admin', super: true } } });
    expect(res.body.data.userInfo.token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(res.body.data.userInfo.refreshToken).toMatch(/^[\w-]{40,}$/);
    const bootstrap = await as(t, res.body.data.userInfo.token).get('/admin/index/index');
    expect(bootstrap.body.code).toBe(1);
    expect(bootstrap.body.data.adminInfo).toMatchObject({ id: 1, username: 'admin', super: true });
    expect(bootstrap.body.data.adminInfo.token).toBeUndefined();
  });

  it('issues no refresh token without keep', async () => {
    const res = await http(t).post('/admin/index/login').send({ username: 'admin', password: TEST_ADMIN_PASSWORD });
    expect(res.body.code).toBe(1);
    expect(res.body.data.userInfo.refreshToken).toBe('');
  });

  it('answers a wrong password and an unknown user alike, in the caller language', async () => {
    const wrong = await attempt('Wrong-Pass-1');
    const unknown = await attempt('Wrong-Pass-1', 'nobody');
    expect(wrong.body).toMatchObject({ code: 0, msg: 'Incorrect user name or password!', data: null });
    expect(unknown.body).toMatchObject({ code: 0, msg: 'Incorrect user name or password!' });
    expect((await attempt('Wrong-Pass-1', 'admin', 'zh-cn')).body.msg).toBe('用户名或密码不正确！');
  });

  it('validates input with the first translated message', async () => {
    expect((await attempt('12345')).body).toMatchObject({ code: 0, msg: 'Password must be 6 to 32 characters and must not contain & < > " \'' });
    expect((await attempt('abc<def')).body.code).toBe(0);
    expect((await http(t).post('/admin/index/login').set('think-lang', 'en').send({ password: TEST_ADMIN_PASSWORD })).body).toMatchObject({
      code: 0,
      msg: 'Please enter Username',
    });
  });

  it('locks the account after ten failures, even for the right password, and says so', async () => {
    for (let i = 0; i < 10; i++) expect((await attempt('Wrong-Pass-1')).body.code).toBe(0);
    const locked = await attempt(TEST_ADMIN_PASSWORD);
    expect(locked.body).toMatchObject({ code: 0, msg: 'Too many failed sign-ins, please try again after 1 day' });
    // A day later the lock is over and a success resets the counter.
    await t.dataSource.query('UPDATE login_failure SET lasttime = lasttime - 86401');
    expect((await attempt(TEST_ADMIN_PASSWORD)).body.code).toBe(1);
    expect((await t.dataSource.getRepository(AdminEntity).findOneByOrFail({ id: 1 })).login_failure).toBe(0);
  });

  it('refuses a disabled account', async () => {
    await t.dataSource.getRepository(AdminEntity).update({ id: 1 }, { status: 0 });
    expect((await attempt(TEST_ADMIN_PASSWORD)).body).toMatchObject({ code: 0, msg: 'Account disabled' });
  });

  it('tells whether a captcha is needed, and answers 302 to an admin already signed in', async () => {
    expect((await http(t).get('/admin/index/login')).body).toMatchObject({ code: 1, data: { captcha: false } });
    const session = await login(t);
    expect((await as(t, session).get('/admin/index/login')).body).toMatchObject({ code: 302, data: { routePath: '/admin' } });
  });

  it('stores no plain password and no raw token', async () => {
    const session = await login(t);
    const [admin] = await t.dataSource.query('SELECT password FROM admin WHERE id = 1');
    expect(admin.password).toMatch(/^scrypt\$/);
    const tokens: Array<{ id: string }> = await t.dataSource.query('SELECT id FROM token');
    expect(tokens.map((row) => row.id)).not.toContain(session.refreshToken);
    expect(JSON.stringify(tokens)).not.toContain(session.token);
  });
});
