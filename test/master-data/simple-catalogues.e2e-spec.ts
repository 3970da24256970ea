import { unixNow } from '../../src/shared/http/envelope';
import { TestApp } from '../setup/create-test-app';
import { createAdmin, login, Session } from '../support/api';
import { api, Api, search } from './master-data-fixtures';
import { adminSpec } from '../support/admin-spec';

/**
 * The flat catalogues on the generic CRUD: brand and unit (deleted for real), carrier, customer and supplier
 * (soft-deleted). One table of cases, the same checks for each.
 */
const PARTNER = {
  contact_person: 'Li Lei',
  mobile: '13800138000',
  email: 'ops@example.com',
  wechat: 'lilei',
  level: '2',
  city: '310000,310100',
  address: '1 Century Avenue',
  remark: 'weekdays only',
};

interface Case {
  controller: string;
  node: string;
  table: string;
  soft: boolean;
  /** A valid body besides `name`, with what it is stored as. */
  body: Record<string, unknown>;
  stored: Record<string, unknown>;
}

const CASES: Case[] = [
  { controller: 'Brand', node: 'wms/brand', table: 'brand', soft: false, body: { image: '/storage/logo.png', introduce: 'Hand tools' }, stored: { image: '/storage/logo.png', introduce: 'Hand tools' } },
  { controller: 'Unit', node: 'wms/unit', table: 'unit', soft: false, body: { description: 'A box of 12', status: '0' }, stored: { description: 'A box of 12', status: 0 } },
  { controller: 'Carrier', node: 'wms/carrier', table: 'carrier', soft: true, body: PARTNER, stored: { ...PARTNER, level: 2 } },
  { controller: 'Customer', node: 'wms/customer', table: 'customer', soft: true, body: PARTNER, stored: { ...PARTNER, level: 2 } },
  { controller: 'Supplier', node: 'wms/supplier', table: 'supplier', soft: true, body: PARTNER, stored: { ...PARTNER, level: 2 } },
];

describe.each(CASES)('wms.$controller (generic catalogue)', ({ controller, node, table, soft, body, stored }) => {
  let t: TestApp;
  let root: Session;
  let client: Api;
  const url = (action: string) => `/admin/wms.${controller}/${action}`;

  adminSpec({ ready: (fixture) => ({ t, session: root } = fixture) });
  beforeEach(async () => {
    client = api(t, root);
  });

  it('adds a row from its writable fields only: ids, timestamps and unknown keys are ignored', async () => {
    const before = unixNow();
    const res = await client.post(url('add'), { name: '  Acme  ', ...body, id: 999, createtime: 1, updatetime: 1, deletetime: 5, bogus: 'x' });
    expect(res.body).toMatchObject({ code: 1, msg: 'Added successfully', data: { name: 'Acme', ...stored } });
    const row = res.body.data;
    expect(row.id).not.toBe(999);
    expect(row.weigh).toBe(row.id);
    expect(row.createtime).toBeGreaterThanOrEqual(before);
    expect(row.bogus).toBeUndefined();
    if (soft) expect(row.deletetime).toBeNull();
    expect((await client.get(`${url('edit')}?id=${row.id}`)).body).toMatchObject({ code: 1, data: { row: { id: row.id, name: 'Acme', ...stored } } });
  });

  it('requires a name, checks lengths, and says so in the caller\'s language', async () => {
    expect((await client.post(url('add'), {})).body).toMatchObject({ code: 0, msg: 'Parameter error' });
    expect((await client.post(url('add'), { ...body })).body).toMatchObject({ code: 0, msg: 'Please enter Name' });
    expect((await client.post(url('add'), { name: '   ' })).body).toMatchObject({ code: 0, msg: 'Please enter Name' });
    const max = controller === 'Unit' ? 50 : 100;
    expect((await client.post(url('add'), { name: 'x'.repeat(max + 1) })).body).toMatchObject({ code: 0, msg: `Name must be at most ${max} characters` });
    const zh = await client.post(url('add'), { name: '' }).set('think-lang', 'zh-cn');
    expect(zh.body).toMatchObject({ code: 0, msg: '请输入名称' });
    expect(await t.dataSource.query(`SELECT id FROM ${table}`)).toHaveLength(0);
  });

  it('edits only the fields the body carries, and refuses to blank the name', async () => {
    const row = await client.add(controller, { name: 'Acme', ...body });
    const res = await client.post(url('edit'), { id: row.id, remark: 'changed', weigh: '7', total_stock_num: 5, createtime: 1 });
    expect(res.body).toMatchObject({ code: 1, msg: 'Update successful', data: { id: row.id, name: 'Acme', weigh: 7, createtime: row.createtime, ...stored, ...(table === 'brand' ? {} : { remark: 'changed' }) } });
    expect((await client.post(url('edit'), { id: row.id, name: '' })).body).toMatchObject({ code: 0, msg: 'Please enter Name' });
    expect((await client.post(url('edit'), { id: 12345, name: 'x' })).body).toMatchObject({ code: 0, msg: 'Record not found' });
  });

  it('lists with search, order, pagination, quickSearch and select', async () => {
    for (const name of ['Alpha', 'Beta', 'Gamma', 'Delta']) await client.add(controller, { name, ...body });
    const all = await client.list(controller);
    expect(all).toMatchObject({ total: 4, remark: '' });
    // Newest first by default (weigh desc, id desc; weigh = id).
    expect(all.list.map((r: { name: string }) => r.name)).toEqual(['Delta', 'Gamma', 'Beta', 'Alpha']);
    const liked = await client.list(controller, `${search(['name', 'LIKE', 'ta'])}&order=name,asc`);
    expect(liked.list.map((r: { name: string }) => r.name)).toEqual(['Beta', 'Delta']);
    const page = await client.list(controller, 'order=name,asc&page=2&limit=3');
    expect(page).toMatchObject({ total: 4, list: [{ name: 'Gamma' }] });
    expect((await client.list(controller, 'quickSearch=amm')).list.map((r: { name: string }) => r.name)).toEqual(['Gamma']);
    const alpha = all.list[3];
    expect((await client.list(controller, `quickSearch=${alpha.id}&${search(['name', 'eq', 'Alpha'])}`)).total).toBe(1);
    const select = await client.list(controller, 'select=true&quickSearch=a&limit=2');
    expect(select.total).toBe(4);
    expect(select.list).toHaveLength(2);
    expect((await client.get(`${url('index')}?${search(['bogus', 'eq', '1'])}`)).body).toMatchObject({ code: 0, msg: 'Unsupported search field: bogus' });
    expect((await client.get(`${url('index')}?order=deletetime,desc`)).body.code).toBe(0);
  });

  it('reads quick_search (the spelling of BuildAdmin select lists) as quickSearch when quickSearch is absent', async () => {
    for (const name of ['Alpha', 'Beta', 'Gamma', 'Delta']) await client.add(controller, { name, ...body });
    const names = async (query: string) => (await client.list(controller, query)).list.map((r: { name: string }) => r.name);
    expect(await names('quickSearch=ta')).toEqual(['Delta', 'Beta']);
    expect(await names('quick_search=ta')).toEqual(['Delta', 'Beta']);
    expect(await names('select=true&quick_search=amm')).toEqual(['Gamma']);
    expect((await client.list(controller, 'select=true&quick_search=a&limit=2')).total).toBe((await client.list(controller, 'select=true&quickSearch=a&limit=2')).total);
    expect(await names('quickSearch=amm&quick_search=ta')).toEqual(['Gamma']);
  });

  it('swaps the weights of two rows (sortable)', async () => {
    const a = await client.add(controller, { name: 'A', ...body });
    const b = await client.add(controller, { name: 'B', ...body });
    expect((await client.post(url('sortable'), { id: a.id, targetId: b.id })).body.code).toBe(1);
    expect((await client.list(controller)).list.map((r: { name: string }) => r.name)).toEqual(['A', 'B']);
  });

  it(soft ? 'soft-deletes: the row disappears from lists and forms but stays stored' : 'deletes the row for real', async () => {
    const keep = await client.add(controller, { name: 'Keep', ...body });
    const gone = await client.add(controller, { name: 'Gone', ...body });
    expect((await client.delete(controller, [gone.id, 9999])).body).toMatchObject({ code: 1, msg: 'Deleted successfully', data: { count: 1 } });
    expect((await client.list(controller)).list.map((r: { id: number }) => r.id)).toEqual([keep.id]);
    expect((await client.list(controller, `${search(['name', 'eq', 'Gone'])}`)).total).toBe(0);
    expect((await client.get(`${url('edit')}?id=${gone.id}`)).body).toMatchObject({ code: 0, msg: 'Record not found' });
    expect((await client.post(url('edit'), { id: gone.id, name: 'Back' })).body).toMatchObject({ code: 0, msg: 'Record not found' });
    expect((await client.delete(controller, [gone.id])).body).toMatchObject({ code: 0, msg: 'No rows were deleted' });
    const stored = await t.dataSource.query(`SELECT ${soft ? 'deletetime' : 'id'} FROM ${table} WHERE id = ?`, [gone.id]);
    if (soft) expect(Number(stored[0].deletetime)).toBeGreaterThan(0);
    else expect(stored).toHaveLength(0);
  });

  it('answers code 401 to an admin without the node, and lets one with it through', async () => {
    const row = await client.add(controller, { name: 'Acme', ...body });
    await createAdmin(t, 'viewer', ['wmsBase', node, `${node}/index`]);
    const viewer = api(t, await login(t, 'viewer'));
    expect((await viewer.get(url('index'))).body).toMatchObject({ code: 1, data: { total: 1 } });
    expect((await viewer.post(url('add'), { name: 'Nope' })).body).toMatchObject({ code: 401, msg: 'You have no permission!' });
    expect((await viewer.post(url('edit'), { id: row.id, name: 'Nope' })).body.code).toBe(401);
    expect((await viewer.get(`${url('edit')}?id=${row.id}`)).body.code).toBe(401);
    expect((await viewer.delete(controller, [row.id])).body.code).toBe(401);
    expect((await viewer.post(url('sortable'), { id: row.id, targetId: row.id })).body.code).toBe(401);
    expect((await client.list(controller)).list).toMatchObject([{ name: 'Acme' }]);
  });
});

describe('partner and unit field rules', () => {
  let t: TestApp;
  let client: Api;
  adminSpec({
    reset: 'once',
    ready: (fixture) => {
      ({ t } = fixture);
      client = api(fixture.t, fixture.session);
    },
  });

  it.each(['Carrier', 'Customer', 'Supplier'])('wms.%s checks mobile and e-mail formats, empty allowed', async (controller) => {
    const add = (extra: object) => client.post(`/admin/wms.${controller}/add`, { name: 'P', ...extra });
    expect((await add({ mobile: '12345' })).body).toMatchObject({ code: 0, msg: 'Mobile is not a valid mobile number' });
    expect((await add({ email: 'not-mail' })).body).toMatchObject({ code: 0, msg: 'E-mail is not a valid e-mail address' });
    expect((await add({ level: -1 })).body).toMatchObject({ code: 0, msg: 'Level must not be less than 0' });
    expect((await add({ level: 'high' })).body).toMatchObject({ code: 0, msg: 'Level must be a whole number' });
    expect((await add({ mobile: '', email: '', level: '' })).body).toMatchObject({ code: 1, data: { mobile: '', email: '', level: 0 } });
    expect((await add({ mobile: 13900139000 })).body).toMatchObject({ code: 1, data: { mobile: '13900139000' } });
  });

  it('wms.Unit accepts status 0/1 as numbers or numeric strings and answers numbers; filters by the status parameter', async () => {
    expect((await client.post('/admin/wms.Unit/add', { name: 'Bad', status: 5 })).body).toMatchObject({ code: 0, msg: 'Status has an invalid value' });
    expect((await client.post('/admin/wms.Unit/add', { name: 'Bad', status: 'on' })).body).toMatchObject({ code: 0, msg: 'Status has an invalid value' });
    const off = await client.add('Unit', { name: 'Off', status: '0' });
    const on = await client.add('Unit', { name: 'On' });
    expect([off.status, on.status]).toEqual([0, 1]);
    expect((await client.list('Unit', 'status=0')).list.map((r: { name: string }) => r.name)).toEqual(['Off']);
    expect((await client.post('/admin/wms.Unit/edit', { id: on.id, status: 0 })).body).toMatchObject({ code: 1, data: { name: 'On', status: 0 } });
  });
});

describe('lists filtered in memory read quick_search too', () => {
  let root: Session;
  let t: TestApp;

  adminSpec({ ready: (fixture) => ({ t, session: root } = fixture) });

  it.each(['/admin/auth.Rule/index', '/admin/auth.Group/index'])('%s answers the same rows for quick_search as for quickSearch', async (path) => {
    const client = api(t, root);
    const keyword = encodeURIComponent(path.includes('Rule') ? 'admin' : '超级'); // the seeded super group is 超级管理组
    const all = (await client.get(path)).body.data;
    const camel = (await client.get(`${path}?quickSearch=${keyword}`)).body.data;
    const snake = (await client.get(`${path}?quick_search=${keyword}`)).body.data;
    expect(camel.list.length).toBeGreaterThan(0);
    expect(JSON.stringify(camel)).not.toEqual(JSON.stringify(all));
    expect(snake).toEqual(camel);
  });
});
