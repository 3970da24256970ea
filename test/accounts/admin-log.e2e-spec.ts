import { AdminLogEntity } from '../../src/modules/accounts/persistence/admin-log.entity';
import { TEST_ADMIN_PASSWORD, TestApp } from '../setup/create-test-app';
import { as, http, login } from '../support/api';
import { publicSpec } from '../support/public-spec';
import { eventually } from '../support/eventually';

describe('admin log', () => {
  let t: TestApp;
  publicSpec({ ready: (fixture) => ({ t } = fixture) });

  /** The log is written once the answer is sent; wait for the row rather than for a fixed time. */
  const logRows = (count: number): Promise<AdminLogEntity[]> =>
    eventually(() => t.dataSource.getRepository(AdminLogEntity).find({ order: { id: 'ASC' } }), (rows) => rows.length >= count, `${count} admin log rows`);

  it('records sign-in attempts, failed ones too, with secrets masked at any depth; a successful one carries the admin id', async () => {
    await http(t).post('/admin/index/login').send({ username: 'admin', password: 'Wrong-Pass-1', nested: { token: 'abc', list: [{ salt: 'x' }] } });
    const session = await login(t);
    const rows = await logRows(2);
    expect(rows[0]).toMatchObject({ admin_id: 0, username: 'admin', title: '登录', url: '/admin/index/login' });
    expect(session.id).toBeGreaterThan(0);
    expect(rows[1]).toMatchObject({ admin_id: session.id, username: 'admin', title: '登录' });
    expect(JSON.parse(rows[0].data!)).toEqual({ username: 'admin', password: '***', nested: { token: '***', list: [{ salt: '***' }] } });
    expect(rows[1].data).not.toContain(TEST_ADMIN_PASSWORD);
  });

  it('never stores a token that came in the query string (downloads and event streams carry it there)', async () => {
    const session = await login(t);
    await logRows(1);
    await http(t).post(`/admin/wms.Unit/add?batoken=${session.token}&lang=en`).send({ name: 'box' });
    const rows = await logRows(2);
    expect(rows[1].url).toBe('/admin/wms.Unit/add?batoken=***&lang=en');
    expect(JSON.stringify(rows)).not.toContain(session.token);
  });

  it('records a refused POST of a signed-in admin with the rule titles, and skips logout and reads', async () => {
    const session = await login(t);
    await logRows(1);
    await as(t, session).post('/admin/index/logout', { refreshToken: session.refreshToken });
    await as(t, session).get('/admin/index/index');
    const stranger = await http(t).post('/admin/auth.Admin/add').send({ username: 'x', password: 'secret-1' });
    expect(stranger.body.code).toBe(302);
    const rows = await logRows(2);
    expect(rows).toHaveLength(2);
    expect(rows[1]).toMatchObject({ admin_id: 0, username: 'Unknown', title: '管理员管理-添加', url: '/admin/auth.Admin/add' });
    expect(JSON.parse(rows[1].data!).password).toBe('***');
  });

  it('lists the titles in the reader language: English rule titles for an English reader, as written for Chinese', async () => {
    const session = await login(t);
    await logRows(1);
    await as(t, session).post('/admin/wms.Unit/add', { name: 'box' });
    await logRows(2);
    const inEnglish = (await as(t, session).get('/admin/auth.AdminLog/index?order=id,asc')).body.data.list;
    expect(inEnglish.map((row: { title: string }) => row.title)).toEqual(['Login', 'Units-Add']);
    const inChinese = (await as(t, session).get('/admin/auth.AdminLog/index?order=id,asc').set('think-lang', 'zh-cn')).body.data.list;
    expect(inChinese.map((row: { title: string }) => row.title)).toEqual(['登录', '计量单位-添加']);
  });
});
