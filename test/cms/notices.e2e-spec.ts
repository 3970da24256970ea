import { TestApp } from '../setup/create-test-app';
import { as, createAdmin, login, Session } from '../support/api';
import { adminSpec } from '../support/admin-spec';
import { anonymous, asMember, createMember, memberLogin, MemberSession } from '../support/member';

type Row = Record<string, any>;

/** Notices (routine.Notice): admin-authored announcements to admins and/or members, each reader's read state. */
describe('notices (routine.Notice, /api/notice)', () => {
  let t: TestApp;
  let session: Session;
  let member: MemberSession;

  adminSpec({ ready: (fixture) => ({ t, session } = fixture) });
  beforeEach(async () => {
    await createMember(t, { username: 'reader' });
    member = await memberLogin(t, 'reader');
  });

  const admin = () => as(t, session);
  const add = async (row: object): Promise<Row> => {
    const { body } = await admin().post('/admin/routine.Notice/add', row);
    expect(body).toMatchObject({ code: 1 });
    return body.data;
  };

  it('stores a sanitised body, the author, and lists notices in the back office', async () => {
    const notice = await add({ title: 'Stocktake on Friday', content: '<p>Count <b>all</b> shelves<script>alert(1)</script><img src=x onerror=alert(1)></p>', audience: 3, author: 99, admin_id: 42 });
    expect(notice).toMatchObject({ title: 'Stocktake on Friday', audience: 3, status: 1, admin_id: session.id });
    expect(notice.content).toContain('<b>all</b>');
    expect(notice.content).not.toMatch(/script|onerror/);
    const list = (await admin().get('/admin/routine.Notice/index?audience=3')).body.data;
    expect(list.list.map((r: Row) => [r.title, r.admin.username])).toEqual([['Stocktake on Friday', 'admin']]);
    expect(list.list[0]).not.toHaveProperty('content');
  });

  it('answers bad input with a translated message', async () => {
    expect((await admin().post('/admin/routine.Notice/add', { content: 'x' })).body).toMatchObject({ code: 0, msg: 'Please enter Title' });
    expect((await admin().post('/admin/routine.Notice/add', { title: 'x', audience: 7 })).body.code).toBe(0);
    expect((await admin().post('/admin/routine.Notice/add', { title: '<b>x</b>' })).body.code).toBe(0);
    const zh = await admin().post('/admin/routine.Notice/add', {}).set('think-lang', 'zh-cn');
    expect(zh.body.code).toBe(0);
    expect(zh.body.msg).toMatch(/[\u4e00-\u9fa5]/);
    expect((await admin().post('/admin/routine.Notice/read', { ids: 'x' })).body.code).toBe(0);
    expect((await asMember(t, member).post('/api/notice/read', { ids: Array.from({ length: 1001 }, (_, i) => i + 1) })).body.code).toBe(0);
  });

  it('shows each reader what its audience may see, published and enabled, with its own read state', async () => {
    const both = await add({ title: 'Both', audience: 3 });
    const admins = await add({ title: 'Admins only', audience: 1 });
    const members = await add({ title: 'Members only', audience: 2 });
    await add({ title: 'Disabled', audience: 3, status: 0 });
    await add({ title: 'Tomorrow', audience: 3, publish_time: Math.floor(Date.now() / 1000) + 86400 });

    const mine = (await admin().get('/admin/routine.Notice/mine')).body.data;
    expect(mine.list.map((r: Row) => r.title).sort()).toEqual(['Admins only', 'Both']);
    expect(mine).toMatchObject({ total: 2, unread: 2 });
    const theirs = (await asMember(t, member).get('/api/notice/index')).body.data;
    expect(theirs.list.map((r: Row) => r.title).sort()).toEqual(['Both', 'Members only']);
    expect(theirs.list.every((r: Row) => r.read === false)).toBe(true);

    // an admin reads one; a member cannot mark what it may not see
    expect((await admin().post('/admin/routine.Notice/read', { ids: [both.id, members.id] })).body).toMatchObject({ code: 1, data: { count: 1 } });
    expect((await admin().post('/admin/routine.Notice/read', { ids: [both.id] })).body.data.count).toBe(0);
    const after = (await admin().get('/admin/routine.Notice/mine')).body.data;
    expect(after.unread).toBe(1);
    expect(after.list.find((r: Row) => r.id === both.id).read).toBe(true);
    // the member's state is its own
    expect((await asMember(t, member).get('/api/notice/index')).body.data.unread).toBe(2);
    expect((await asMember(t, member).post('/api/notice/read', { ids: [admins.id, members.id] })).body.data.count).toBe(1);
    const read = (await asMember(t, member).get('/api/notice/index')).body.data;
    expect(read.unread).toBe(1);
    expect(read.list.find((r: Row) => r.id === members.id).read).toBe(true);
    // concurrent reads of one notice leave one row
    await Promise.all(Array.from({ length: 6 }, () => asMember(t, member).post('/api/notice/read', { ids: [both.id] })));
    expect(Number((await t.dataSource.query("SELECT COUNT(*) AS n FROM notice_read WHERE reader_type = 'user' AND notice_id = ?", [both.id]))[0].n)).toBe(1);
    // deleting a notice deletes its read state
    expect((await admin().del(`/admin/routine.Notice/del?ids[]=${both.id}`)).body.code).toBe(1);
    expect(Number((await t.dataSource.query('SELECT COUNT(*) AS n FROM notice_read WHERE notice_id = ?', [both.id]))[0].n)).toBe(0);
  });

  it('needs a signed-in reader; the CRUD needs its permission, the own list only a sign-in', async () => {
    expect((await anonymous(t).get('/api/notice/index')).body.code).toBe(302);
    expect((await anonymous(t).post('/api/notice/read', { ids: [1] })).body.code).toBe(302);
    await createAdmin(t, 'clerk', ['dashboard']);
    const clerk = as(t, await login(t, 'clerk'));
    expect((await clerk.get('/admin/routine.Notice/index')).body.code).toBe(401);
    expect((await clerk.post('/admin/routine.Notice/add', { title: 'x' })).body.code).toBe(401);
    await add({ title: 'Hello staff', audience: 1 });
    expect((await clerk.get('/admin/routine.Notice/mine')).body.data.list.map((r: Row) => r.title)).toEqual(['Hello staff']);
    expect((await as(t, 'not-a-token').get('/admin/routine.Notice/mine')).body.code).not.toBe(1);
  });
});
