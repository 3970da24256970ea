import { JwtService } from '@nestjs/jwt';
import { createHash, randomUUID } from 'node:crypto';
import { TokenEntity } from '../../src/modules/accounts/persistence/token.entity';
import { UserEntity } from '../../src/modules/accounts/member/persistence/user.entity';
import { TEST_ADMIN_PASSWORD, TestApp } from '../setup/create-test-app';
import { as, http, login } from '../support/api';
import { createMember, MEMBER_PASSWORD } from '../support/member';
import { publicSpec } from '../support/public-spec';

/**
 * The framework's own v2.0.x Vue client against this server, request for request as that client sends them
 * (its documented behaviour: header `server: true`, `think-lang`, JSON bodies, the captcha fields always
 * present, `refreshToken` in camelCase), checking the answers carry what it reads.
 */
describe('the framework v2 client: admin login, bootstrap, refresh, member bootstrap', () => {
  let t: TestApp;
  publicSpec({ ready: (fixture) => ({ t } = fixture) });

  /** The client's axios instance: every call carries `server` and the language. */
  const client = {
    get: (url: string, token?: { admin?: string; user?: string }) => {
      const req = http(t).get(url).set('server', 'true').set('think-lang', 'zh-cn');
      if (token?.admin) req.set('batoken', token.admin);
      if (token?.user) req.set('ba-user-token', token.user);
      return req;
    },
    post: (url: string, body: object, token?: { admin?: string; user?: string }) => {
      const req = http(t).post(url).set('server', 'true').set('think-lang', 'zh-cn').set('Content-Type', 'application/json');
      if (token?.admin) req.set('batoken', token.admin);
      if (token?.user) req.set('ba-user-token', token.user);
      return req.send(body);
    },
  };

  /** The login form: a captcha id made once per page, the click info empty while no captcha is shown. */
  const adminLogin = (keep: boolean) => client.post('/admin/index/login', { username: 'admin', password: TEST_ADMIN_PASSWORD, keep, captchaId: randomUUID(), captchaInfo: '' });

  it('signs an admin in with the empty captcha fields the client always sends, HTTP 200, userInfo in both namings', async () => {
    const page = await client.get('/admin/index/login');
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ code: 1, data: { captcha: false } });
    const res = await adminLogin(true);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ code: 1, data: { routePath: '/admin' } });
    const info = res.body.data.userInfo;
    for (const key of ['id', 'username', 'nickname', 'avatar', 'last_login_time', 'token', 'refresh_token']) expect(info).toHaveProperty(key);
    expect(info.refresh_token).toBe(info.refreshToken);
    expect(info.refresh_token).not.toBe('');
    expect(info.last_login_time).toBe(info.lastlogintime);
    expect(info.last_login_time).toBeGreaterThan(0);
    // without "keep": an empty refresh token, as the framework answers
    expect((await adminLogin(false)).body.data.userInfo.refresh_token).toBe('');
  });

  it('answers the back-office bootstrap with what the client reads', async () => {
    const { token } = await login(t);
    const res = await client.get('/admin/index/index', { admin: token });
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(1);
    const { adminInfo, menus, siteConfig, terminal } = res.body.data;
    for (const key of ['id', 'username', 'nickname', 'avatar', 'last_login_time', 'super']) expect(adminInfo).toHaveProperty(key);
    expect(adminInfo).not.toHaveProperty('token');
    expect(adminInfo).not.toHaveProperty('refresh_token');
    expect(Array.isArray(menus) && menus.length).toBeTruthy();
    for (const key of ['siteName', 'version', 'cdnUrl', 'apiUrl', 'upload']) expect(siteConfig).toHaveProperty(key);
    for (const key of ['maxsize', 'savename', 'mimetype', 'mode']) expect(siteConfig.upload).toHaveProperty(key);
    expect(terminal).toEqual(expect.objectContaining({ installServicePort: expect.anything(), npmPackageManager: expect.any(String) }));
  });

  it('refreshes after a 409 as the client does (refreshToken in camelCase, the expired token in batoken) and the replay succeeds', async () => {
    const session = await login(t);
    const jti = randomUUID();
    const past = Math.floor(Date.now() / 1000) - 60;
    await t.dataSource.getRepository(TokenEntity).insert({ id: createHash('sha256').update(jti).digest('hex'), type: 'admin', account_id: 1, createtime: past - 100, expiretime: past });
    const expired = t.app.get(JwtService).sign({ sub: 1, typ: 'admin', jti, iat: past - 100, exp: past });
    const first = await client.get('/admin/index/index', { admin: expired });
    expect(first.status).toBe(200);
    expect(first.body.code).toBe(409);
    const refreshed = await client.post('/api/common/refreshToken', { refreshToken: session.refreshToken }, { admin: expired });
    expect(refreshed.status).toBe(200);
    expect(refreshed.body).toMatchObject({ code: 1, data: { type: 'admin-refresh', token: expect.any(String) } });
    expect(refreshed.body.data.refresh_token).toBe(refreshed.body.data.refreshToken);
    expect((await client.get('/admin/index/index', { admin: refreshed.body.data.token })).body.code).toBe(1);
  });

  it('signs a member in and answers the member bootstrap with the current token (an empty one signs the client out)', async () => {
    await createMember(t, { username: 'alice', mobile: '13800138000' });
    const signIn = await client.post('/api/user/checkIn', { tab: 'login', username: 'alice', password: MEMBER_PASSWORD, keep: true, captchaId: randomUUID(), captchaInfo: '' });
    expect(signIn.status).toBe(200);
    expect(signIn.body).toMatchObject({ code: 1, data: { routePath: '/user' } });
    const { token } = signIn.body.data.userInfo;
    expect(signIn.body.data.userInfo.refresh_token).toBe(signIn.body.data.userInfo.refreshToken);
    for (const requiredLogin of ['0', '1']) {
      const res = await client.get(`/api/index/index?requiredLogin=${requiredLogin}`, { user: token });
      expect(res.status).toBe(200);
      expect(res.body.code).toBe(1);
      const { userInfo, site } = res.body.data;
      expect(userInfo.token).toBe(token);
      for (const key of ['id', 'username', 'nickname', 'email', 'mobile', 'avatar', 'gender', 'birthday', 'money', 'score', 'join_time', 'motto', 'last_login_time', 'last_login_ip', 'refresh_token']) {
        expect(userInfo).toHaveProperty(key);
      }
      expect(userInfo.join_time).toBe(userInfo.jointime);
      for (const key of ['siteName', 'recordNumber', 'version', 'cdnUrl', 'upload']) expect(site).toHaveProperty(key);
    }
  });

  it('answers list rows with create_time / update_time / last_login_time beside our names', async () => {
    await createMember(t, { username: 'bob' });
    const session = await login(t);
    const admins = await as(t, session).get('/admin/auth.Admin/index');
    const admin = admins.body.data.list.find((row: { id: number }) => row.id === 1);
    expect(admin.create_time).toBe(admin.createtime);
    expect(admin.last_login_time).toBe(admin.lastlogintime);
    expect(admin.last_login_ip).toBe(admin.lastloginip);
    const members = await as(t, session).get('/admin/user.User/index');
    const bob = members.body.data.list[0];
    expect(bob.join_time).toBe(bob.jointime);
    expect(bob.update_time).toBe(bob.updatetime);
  });

  it("accepts a member's status as 'disable' / 'enable'", async () => {
    const id = await createMember(t, { username: 'carol' });
    const session = await login(t);
    const { row } = (await as(t, session).get(`/admin/user.User/edit?id=${id}`)).body.data;
    const save = (status: string) => as(t, session).post('/admin/user.User/edit', { id, username: row.username, nickname: row.nickname, group_id: row.group_id, status });
    const disabled = await save('disable');
    expect(disabled.status).toBe(200);
    expect(disabled.body.code).toBe(1);
    expect((await t.dataSource.getRepository(UserEntity).findOneByOrFail({ id })).status).toBe(0);
    expect((await save('enable')).body.code).toBe(1);
    expect((await t.dataSource.getRepository(UserEntity).findOneByOrFail({ id })).status).toBe(1);
  });

  it('answers POST with HTTP 200 everywhere (sign-out, a CRUD add)', async () => {
    const session = await login(t);
    expect((await client.post('/admin/index/logout', { refreshToken: session.refreshToken }, { admin: session.token })).status).toBe(200);
    const other = await login(t);
    const added = await as(t, other).post('/admin/wms.Brand/add', { name: 'Acme' });
    expect(added.body.code).toBe(1);
    expect(added.status).toBe(200);
  });

  it('serves a default avatar at the path the client shows for an account without one', async () => {
    const res = await http(t).get('/static/images/avatar.png');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect((res.body as Buffer).subarray(1, 4).toString()).toBe('PNG');
  });

  it("names the pages both products have by the framework's component files, so its client opens them", async () => {
    const { token } = await login(t);
    const { menus } = (await client.get('/admin/index/index', { admin: token })).body.data;
    const byName = new Map<string, { component: string; menu_type: string }>();
    const walk = (nodes: Array<{ name: string; component: string; menu_type: string; children?: unknown[] }>) => nodes.forEach((n) => (byName.set(n.name, n), walk((n.children ?? []) as never)));
    walk(menus);
    expect(Object.fromEntries(['dashboard', 'auth/admin', 'auth/group', 'auth/rule', 'auth/adminLog', 'routine/config', 'routine/attachment', 'routine/adminInfo'].map((name) => [name, byName.get(name)?.component]))).toEqual({
      dashboard: '/src/views/backend/dashboard.vue',
      'auth/admin': '/src/views/backend/auth/admin/index.vue',
      'auth/group': '/src/views/backend/auth/group/index.vue',
      'auth/rule': '/src/views/backend/auth/rule/index.vue',
      'auth/adminLog': '/src/views/backend/auth/adminLog/index.vue',
      'routine/config': '/src/views/backend/routine/config/index.vue',
      'routine/attachment': '/src/views/backend/routine/attachment/index.vue',
      'routine/adminInfo': '/src/views/backend/routine/adminInfo.vue',
    });
    // pages only this product has keep its own file names
    expect(byName.get('wms/product')?.component).toBe('/src/pages/admin/wms/product/index.tsx');
    // and the icons are the framework's own names, in a form its client draws
    expect(Object.fromEntries(['dashboard', 'auth/admin', 'routine/config', 'routine/attachment'].map((name) => [name, (byName.get(name) as unknown as { icon: string })?.icon]))).toEqual({
      dashboard: 'fa fa-dashboard',
      'auth/admin': 'el-icon-UserFilled',
      'routine/config': 'el-icon-Tools',
      'routine/attachment': 'fa fa-folder',
    });

    await createMember(t, { username: 'dora' });
    const signIn = await client.post('/api/user/checkIn', { tab: 'login', username: 'dora', password: MEMBER_PASSWORD, keep: false, captchaId: randomUUID(), captchaInfo: '' });
    const member = await client.get('/api/user/index', { user: signIn.body.data.userInfo.token });
    const memberMenus: Array<{ name: string; component: string; children?: unknown[] }> = member.body.data.menus;
    const memberByName = new Map<string, string>();
    const walkMember = (nodes: typeof memberMenus) => nodes.forEach((n) => (memberByName.set(n.name, n.component), walkMember((n.children ?? []) as never)));
    walkMember(memberMenus);
    expect(memberByName.get('account/overview')).toBe('/src/views/frontend/user/account/overview.vue');
    expect(memberByName.get('account/profile')).toBe('/src/views/frontend/user/account/profile.vue');
    expect(memberByName.get('account/changePassword')).toBe('/src/views/frontend/user/account/changePassword.vue');
  });

  it('answers group and rule rows with update_time / create_time beside our names', async () => {
    const session = await login(t);
    const group = (await as(t, session).get('/admin/auth.Group/index')).body.data.list[0];
    expect(group.create_time).toBe(group.createtime);
    expect(group.update_time).toBe(group.updatetime);
    const rule = (await as(t, session).get('/admin/auth.Rule/index')).body.data.list[0];
    expect(rule.create_time).toBe(rule.createtime);
    expect(rule.update_time).toBe(rule.updatetime);
  });
});
