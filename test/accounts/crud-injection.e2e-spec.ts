import { TestApp } from '../setup/create-test-app';
import { as, Session } from '../support/api';
import { adminSpec } from '../support/admin-spec';

/** SQL smuggled through the generic list parameters of a real endpoint: refused or treated as data. */
describe('list parameters cannot carry SQL', () => {
  let t: TestApp;
  let root: Session;
  adminSpec({ reset: 'once', ready: (fixture) => ({ t, session: root } = fixture) });

  const attempts = [
    '/admin/auth.Admin/index?order=id%20desc,(select%201)',
    '/admin/auth.Admin/index?order=username;DROP%20TABLE%20admin,asc',
    '/admin/auth.Admin/index?order=id,desc;DELETE%20FROM%20admin',
    '/admin/auth.Admin/index?search[0][field]=username)%20OR%201=1%20--&search[0][operator]==&search[0][val]=x',
    '/admin/auth.Admin/index?search[0][field]=password&search[0][operator]=LIKE&search[0][val]=scrypt',
    '/admin/auth.Admin/index?search[0][field]=id&search[0][operator]=;DROP%20TABLE%20admin&search[0][val]=1',
    "/admin/auth.Admin/index?quickSearch=')%20OR%201=1;DROP%20TABLE%20admin;--",
    '/admin/auth.AdminLog/index?search[0][field]=id&search[0][operator]=IN&search[0][val]=1)%20OR%20(1=1',
  ];

  it.each(attempts)('%s', async (url) => {
    const res = await as(t, root).get(url);
    expect(res.status).toBe(200);
    const text = JSON.stringify(res.body);
    expect(text).not.toMatch(/SQLITE|ER_|syntax|SELECT|sql/i);
    if (res.body.code === 1) expect(res.body.data.list.every((row: { password?: string }) => row.password === undefined)).toBe(true);
    if (res.body.code === 1 && /quickSearch/.test(url)) expect(res.body.data.total).toBe(0);
    const [{ n }] = await t.dataSource.query('SELECT COUNT(*) AS n FROM admin');
    expect(Number(n)).toBe(1);
  });

  it('names the refused field in the caller language', async () => {
    const res = await as(t, root).get('/admin/auth.Admin/index?search[0][field]=password&search[0][operator]=LIKE&search[0][val]=x');
    expect(res.body.code).toBe(0);
    expect(res.body.msg).toContain('password');
  });
});
