import { createHash } from 'node:crypto';
import request from 'supertest';
import { TestApp } from '../setup/create-test-app';
import { as, createAdmin, http, login, Session } from '../support/api';
import { Client, smallWarehouse, Warehouse } from '../support/warehouse';
import { adminSpec } from '../support/admin-spec';
import { eventually } from '../support/eventually';

type Row = Record<string, any>;

/**
 * `auth.ApiToken`: a token (`wms_` + 40 characters) answered once on add and kept as a hash,
 * authenticating as `Authorization: Bearer` or `batoken` with the permissions both its rules and its admin's
 * current rules grant; deleting, disabling or expiry refuse the next request; its writes are in the admin log
 * under its name; its last use is recorded at most once a minute.
 */
describe('API tokens', () => {
  let t: TestApp;
  let admin: Session;
  let c: Client;
  let w: Warehouse;
  const ruleIds = async (names: string[]): Promise<number[]> =>
    (await t.dataSource.query(`SELECT id FROM admin_rule WHERE name IN (${names.map(() => '?').join(',')}) ORDER BY id`, names)).map((r: Row) => Number(r.id));
  const bearer = (token: string) => ({
    get: (url: string) => http(t).get(url).set('Authorization', `Bearer ${token}`).set('think-lang', 'en'),
    post: (url: string, body: object = {}) => http(t).post(url).set('Authorization', `Bearer ${token}`).set('think-lang', 'en').send(body),
  });
  const STOCK_READ = ['wms', 'wms/stock', 'wms/stock/index'];
  const newToken = async (session: Session, body: object): Promise<{ row: Row; token: string }> => {
    const res = await as(t, session).post('/admin/auth.ApiToken/add', body);
    if (res.body.code !== 1) throw new Error(JSON.stringify(res.body));
    return res.body.data;
  };
  const inboundBody = () => ({ supplier_id: w.supplier.id, type: 10, lines: [{ product_id: w.products[0].id, warehouse_shelf_id: w.shelves[0].id, plan_quantity: 2, actual_quantity: 2, price: '1.00' }] });

  adminSpec({ warehouse: smallWarehouse, ready: (fixture) => ({ t, session: admin, c, w } = fixture) });

  it('needs a session: none answers 302, an admin without the rule 401, and a token is never let in', async () => {
    expect((await http(t).get('/admin/auth.ApiToken/index')).body.code).toBe(302);
    await createAdmin(t, 'clerk', ['wms', 'wms/stock', 'wms/stock/index']);
    const clerk = await login(t, 'clerk');
    expect((await as(t, clerk).get('/admin/auth.ApiToken/index')).body.code).toBe(401);
    const { token } = await newToken(admin, { name: 'all', rules: await ruleIds(['auth', 'auth/apiToken', 'auth/apiToken/index', 'auth/apiToken/add']) });
    expect((await bearer(token).get('/admin/auth.ApiToken/index')).body.code).toBe(401);
    expect((await bearer(token).post('/admin/auth.ApiToken/add', { name: 'more', rules: await ruleIds(['auth/apiToken/add']) })).body.code).toBe(401);
    expect((await bearer(token).get('/admin/routine.AdminInfo/index')).body.code).toBe(401);
    expect(Number((await t.dataSource.query('SELECT COUNT(*) AS n FROM api_token'))[0].n)).toBe(1);
  });

  it('answers the token once, keeps only its sha256, and never shows it again', async () => {
    const { row, token } = await newToken(admin, { name: 'Shop', rules: await ruleIds(STOCK_READ) });
    expect(token).toMatch(/^wms_[A-Za-z0-9]{40}$/);
    expect(row).toMatchObject({ name: 'Shop', admin_id: admin.id, status: 1, token_prefix: token.slice(0, 8), rules: await ruleIds(STOCK_READ) });
    expect(row).not.toHaveProperty('token_hash');
    const [stored] = await t.dataSource.query('SELECT * FROM api_token');
    expect(stored.token_hash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(stored)).not.toContain(token);
    const list = await c.get('/admin/auth.ApiToken/index');
    const edit = await c.get(`/admin/auth.ApiToken/edit?id=${row.id}`);
    for (const answer of [list, edit]) {
      expect(JSON.stringify(answer)).not.toContain(token.slice(8));
      expect(JSON.stringify(answer)).not.toContain(stored.token_hash);
    }
    // the admin log keeps the answer of nothing: the add is logged, the token is not in it
    const logged = await eventually(() => t.dataSource.query("SELECT data FROM admin_log WHERE url LIKE '%ApiToken/add%'"), (rows: Row[]) => rows.length > 0, 'the admin-log row of the add');
    expect(logged.map((r: Row) => String(r.data)).join('')).not.toContain(token.slice(8));
  });

  it('a stock-read token reads stock by Bearer and by batoken, and is refused every write', async () => {
    const { token } = await newToken(admin, { name: 'stock reader', rules: await ruleIds(STOCK_READ) });
    expect((await bearer(token).get('/admin/wms.Stock/index')).body.code).toBe(1);
    expect((await http(t).get('/admin/wms.Stock/index').set('batoken', token)).body.code).toBe(1);
    expect((await bearer(token).post('/admin/wms.Inbound/add', inboundBody())).body.code).toBe(401);
    expect((await bearer(token).get('/admin/wms.Inbound/index')).body.code).toBe(401);
    expect((await bearer(token).post('/admin/wms.Brand/add', { name: 'x' })).body.code).toBe(401);
    expect(Number((await t.dataSource.query('SELECT COUNT(*) AS n FROM inbound_order'))[0].n)).toBe(0);
    // an unknown or malformed token is no token at all
    expect((await bearer(`wms_${'x'.repeat(40)}`).get('/admin/wms.Stock/index')).body.code).toBe(302);
  });

  it("has the rules both it and its admin hold: a right taken from the admin's group, or the admin disabled, counts at the next request", async () => {
    const TOKENS = ['auth', 'auth/apiToken', 'auth/apiToken/index', 'auth/apiToken/add'];
    const { adminId, groupId } = await createAdmin(t, 'clerk', [...STOCK_READ, ...TOKENS, 'wms/inbound', 'wms/inbound/index', 'wms/inbound/add']);
    const clerk = await login(t, 'clerk');
    // a token may only carry rules its admin holds
    const beyond = await as(t, clerk).post('/admin/auth.ApiToken/add', { name: 'greedy', rules: await ruleIds(['wms/outbound/add']) });
    expect(beyond.body).toMatchObject({ code: 0, msg: expect.stringMatching(/does not hold the permission/) });
    // nor may a non-super admin make one for someone else
    expect((await as(t, clerk).post('/admin/auth.ApiToken/add', { name: 'x', admin_id: admin.id, rules: await ruleIds(STOCK_READ) })).body.code).toBe(0);
    const { token } = await newToken(clerk, { name: 'intake', rules: await ruleIds([...STOCK_READ, 'wms/inbound', 'wms/inbound/add']) });
    expect((await bearer(token).get('/admin/wms.Stock/index')).body.code).toBe(1);
    // inbound/index is the admin's but not the token's
    expect((await bearer(token).get('/admin/wms.Inbound/index')).body.code).toBe(401);
    expect((await bearer(token).post('/admin/wms.Inbound/add', inboundBody())).body.code).toBe(1);

    // the group loses inbound/add: the token loses it at once (the site version moves)
    const kept = await ruleIds([...STOCK_READ, ...TOKENS, 'wms/inbound', 'wms/inbound/index']);
    await as(t, admin).post('/admin/auth.Group/edit', { id: groupId, pid: 1, name: 'clerk group', rules: kept, status: 1 });
    const held = String((await t.dataSource.query('SELECT rules FROM admin_group WHERE id = ?', [groupId]))[0].rules).split(',');
    expect(held).not.toContain(String((await ruleIds(['wms/inbound/add']))[0]));
    expect((await bearer(token).post('/admin/wms.Inbound/add', inboundBody())).body.code).toBe(401);
    expect((await bearer(token).get('/admin/wms.Stock/index')).body.code).toBe(1);

    // the admin is disabled: the token is refused at the next request
    const disabled = await as(t, admin).post('/admin/auth.Admin/edit', { id: adminId, username: 'clerk', nickname: 'clerk', group_arr: [groupId], status: 0 });
    expect(disabled.body.code).toBe(1);
    expect((await bearer(token).get('/admin/wms.Stock/index')).body.code).toBe(302);
  });

  it('disabling and deleting refuse the next request; an expired token is refused with code 409', async () => {
    const rules = await ruleIds(STOCK_READ);
    const one = await newToken(admin, { name: 'one', rules });
    expect((await bearer(one.token).get('/admin/wms.Stock/index')).body.code).toBe(1);
    expect((await as(t, admin).post('/admin/auth.ApiToken/edit', { id: one.row.id, name: 'one', rules, status: 0 })).body.code).toBe(1);
    expect((await bearer(one.token).get('/admin/wms.Stock/index')).body.code).toBe(302);
    expect((await as(t, admin).post('/admin/auth.ApiToken/edit', { id: one.row.id, name: 'one', rules, status: 1 })).body.code).toBe(1);
    expect((await bearer(one.token).get('/admin/wms.Stock/index')).body.code).toBe(1);
    expect((await as(t, admin).del(`/admin/auth.ApiToken/del?ids[]=${one.row.id}`)).body.code).toBe(1);
    expect((await bearer(one.token).get('/admin/wms.Stock/index')).body.code).toBe(302);

    const two = await newToken(admin, { name: 'two', rules, expire_time: Math.floor(Date.now() / 1000) + 3600 });
    expect((await bearer(two.token).get('/admin/wms.Stock/index')).body.code).toBe(1);
    await t.dataSource.query('UPDATE api_token SET expire_time = ? WHERE id = ?', [Math.floor(Date.now() / 1000) - 1, two.row.id]);
    const expired = await bearer(two.token).get('/admin/wms.Stock/index');
    expect(expired.body).toMatchObject({ code: 409, msg: 'This API token has expired' });
    // an expiry in the past is refused when the token is made
    expect((await as(t, admin).post('/admin/auth.ApiToken/add', { name: 'old', rules, expire_time: 1000 })).body).toMatchObject({ code: 0, msg: 'The expiry time must be in the future' });
  });

  it("writes by a token are in the admin log with the token's name; its last use is recorded at most once a minute", async () => {
    const { row, token } = await newToken(admin, { name: 'Shopify intake', rules: await ruleIds(['wms', 'wms/inbound', 'wms/inbound/add', ...STOCK_READ]) });
    expect(row.last_used_time).toBeNull();
    const added = await bearer(token).post('/admin/wms.Inbound/add', inboundBody()).set('X-Forwarded-For', '203.0.113.9');
    expect(added.body.code).toBe(1);
    const logged = async () => t.dataSource.query("SELECT username, api_token FROM admin_log WHERE url LIKE '%wms.Inbound/add%'");
    await eventually(logged, (rows: Row[]) => rows.length > 0, 'the admin-log row of the add');
    expect(await logged()).toEqual([{ username: 'admin', api_token: 'Shopify intake' }]);
    const sessionAdd = await c.add('Inbound', inboundBody());
    expect(sessionAdd.id).toBeGreaterThan(0);
    await eventually(logged, (rows: Row[]) => rows.length >= 2, 'two admin-log rows of adds');
    expect((await logged()).map((r: Row) => r.api_token).sort()).toEqual(['', 'Shopify intake']);
    const listed = await c.get('/admin/auth.AdminLog/index?search[0][field]=api_token&search[0][val]=Shopify intake&search[0][operator]==');
    expect(listed.list).toHaveLength(1);

    const used = async () => (await t.dataSource.query('SELECT last_used_time, last_used_ip FROM api_token WHERE id = ?', [row.id]))[0];
    const first = await used();
    expect(Number(first.last_used_time)).toBeGreaterThan(0);
    expect(first.last_used_ip).toBeTruthy();
    // within the minute: not written again
    await t.dataSource.query('UPDATE api_token SET last_used_time = last_used_time - 30 WHERE id = ?', [row.id]);
    const before = Number((await used()).last_used_time);
    expect((await bearer(token).get('/admin/wms.Stock/index')).body.code).toBe(1);
    expect(Number((await used()).last_used_time)).toBe(before);
    // a minute later: written
    await t.dataSource.query('UPDATE api_token SET last_used_time = last_used_time - 31 WHERE id = ?', [row.id]);
    expect((await bearer(token).get('/admin/wms.Stock/index')).body.code).toBe(1);
    expect(Number((await used()).last_used_time)).toBeGreaterThan(before - 31);
  });

  it('a token of a super admin has exactly its own rules, never every rule', async () => {
    const { token } = await newToken(admin, { name: 'narrow', rules: await ruleIds(STOCK_READ) });
    expect((await bearer(token).get('/admin/wms.Stock/index')).body.code).toBe(1);
    expect((await bearer(token).get('/admin/auth.Admin/index')).body.code).toBe(401);
    expect((await request(t.app.getHttpServer()).get('/admin/auth.Admin/index').set('batoken', token)).body.code).toBe(401);
  });

  it('refuses bad input with a translated message and writes nothing', async () => {
    const rules = await ruleIds(STOCK_READ);
    for (const body of [{ rules }, { name: '', rules }, { name: 'x'.repeat(101), rules }, { name: 'x', rules: 'abc' }, { name: 'x', rules: [] }, { name: 'x', rules, status: 7 }, { name: 'x', rules, admin_id: 9999 }]) {
      const res = await as(t, admin).post('/admin/auth.ApiToken/add', body);
      expect(res.body.code).toBe(0);
      expect(res.body.msg).toBeTruthy();
    }
    expect(Number((await t.dataSource.query('SELECT COUNT(*) AS n FROM api_token'))[0].n)).toBe(0);
  });
});
