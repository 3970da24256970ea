import { InsertQueryBuilder, ObjectLiteral } from 'typeorm';
import { AdminLogEntity } from '../../src/modules/accounts/persistence/admin-log.entity';
import { TestApp } from '../setup/create-test-app';
import { http, login, Session } from '../support/api';
import { adminSpec } from '../support/admin-spec';

/**
 * Input nested deeper than 32 levels (JSON, form bodies, query strings) is refused with HTTP 400 before any
 * handler runs; and the admin log records every POST, even when its body or its write fails.
 */
const TOO_DEEP = { code: 0, msg: 'The request is nested too deeply!', data: null };

const nestedObject = (levels: number) => `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;
const nestedArray = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;

describe('deeply nested input and the admin log', () => {
  let t: TestApp;
  let root: Session;
  adminSpec({ ready: (fixture) => ({ t, session: root } = fixture) });

  const brands = async () => Number((await t.dataSource.query('SELECT COUNT(*) AS n FROM brand'))[0].n);
  const rawPost = (url: string, body: string, type = 'application/json') => http(t).post(url).set('batoken', root.token).set('think-lang', 'en').set('content-type', type).send(body);
  /** The log is written once the answer is sent: wait for the row. */
  const logRows = async (count: number) => {
    for (let i = 0; i < 150; i++) {
      const rows = await t.dataSource.getRepository(AdminLogEntity).find({ order: { id: 'ASC' } });
      if (rows.length >= count) return rows;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error(`expected ${count} admin log rows`);
  };

  it('refuses a JSON body nested 3,000 levels with 400, and nothing is saved', async () => {
    const res = await rawPost('/admin/wms.Brand/add', `{"name":"deep","extra":${nestedObject(3000)}}`);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject(TOO_DEEP);
    expect(await brands()).toBe(0);
    const zh = await http(t).post('/admin/wms.Brand/add').set('batoken', root.token).set('think-lang', 'zh-cn').set('content-type', 'application/json').send(nestedArray(100));
    expect(zh.body.msg).toBe('请求数据的嵌套层级过深！');
  });

  it('answers a 50,000-level array with 400 on every kind of route, never 500', async () => {
    for (const url of ['/admin/wms.Brand/add', '/admin/index/login', '/admin/auth.Admin/edit', '/api/user/checkIn', '/admin/routine.Config/edit', '/admin/nothing.Here/add']) {
      const res = await rawPost(url, nestedArray(50000));
      expect({ url, status: res.status, body: res.body }).toEqual({ url, status: 400, body: { ...TOO_DEEP, time: expect.any(Number) } });
    }
  });

  it('refuses form bodies and query strings nested too deeply the same way', async () => {
    const form = await rawPost('/admin/wms.Brand/add', `name=x&a${'[b]'.repeat(40)}=1`, 'application/x-www-form-urlencoded');
    expect(form.status).toBe(400);
    expect(form.body).toMatchObject(TOO_DEEP);
    const query = await http(t).get(`/admin/wms.Brand/index?a${'[b]'.repeat(40)}=1`).set('batoken', root.token).set('think-lang', 'en');
    expect(query.status).toBe(400);
    expect(query.body).toMatchObject(TOO_DEEP);
    expect(await brands()).toBe(0);
  });

  it('accepts what nests within the limit, strings full of brackets included', async () => {
    const res = await rawPost('/admin/wms.Brand/add', `{"name":"[[[{{{ \\\"","extra":${nestedObject(30)}}`);
    expect(res.body).toMatchObject({ code: 1, data: { name: '[[[{{{ "' } });
    const list = await http(t).get(`/admin/wms.Brand/index?search[0][field]=name&search[0][val]=x&search[0][operator]=LIKE`).set('batoken', root.token);
    expect(list.body.code).toBe(1);
  });

  it('records an entry whose body is too long for the column (CJK text counts three bytes a character)', async () => {
    const remark = '仓'.repeat(30000);
    await http(t).post('/admin/wms.Brand/add').set('batoken', root.token).send({ name: 'long', remark_extra: remark });
    const rows = await logRows(2);
    const entry = rows[1];
    expect(entry).toMatchObject({ url: '/admin/wms.Brand/add', admin_id: root.id });
    expect(Buffer.byteLength(entry.data!, 'utf8')).toBeLessThanOrEqual(60000);
    expect(entry.data!.startsWith('{"name":"long"')).toBe(true);
  });

  it('records the entry, with the reason in place of the body, when writing it fails', async () => {
    await logRows(1); // the sign-in's entry, written after its answer
    const original = InsertQueryBuilder.prototype.execute;
    let failed = false;
    const insert = jest.spyOn(InsertQueryBuilder.prototype, 'execute').mockImplementation(function (this: InsertQueryBuilder<ObjectLiteral>) {
      if (this.expressionMap.mainAlias?.target === AdminLogEntity && !failed) {
        failed = true;
        return Promise.reject(new Error('Data too long for column'));
      }
      return original.call(this);
    });
    try {
      await http(t).post('/admin/wms.Brand/add').set('batoken', root.token).send({ name: 'kept' });
      const rows = await logRows(2);
      expect(failed).toBe(true);
      expect(rows[1]).toMatchObject({ url: '/admin/wms.Brand/add', admin_id: root.id, title: expect.stringContaining('添加') });
      expect(JSON.parse(rows[1].data!)).toEqual({ unrecorded: 'the request body could not be recorded', error: 'Error: Data too long for column' });
    } finally {
      insert.mockRestore();
    }
  });
});
