import { TestApp } from '../setup/create-test-app';
import { as, createAdmin, login, Session } from '../support/api';
import { adminSpec } from '../support/admin-spec';

type Row = Record<string, any>;

/** Departments (auth.Department, a tree) and jobs (auth.Job) of admins; auth.Admin carries and filters by both. */
describe('departments and jobs (auth.Department, auth.Job)', () => {
  let t: TestApp;
  let session: Session;

  adminSpec({ ready: (fixture) => ({ t, session } = fixture) });

  const admin = () => as(t, session);
  const add = async (controller: string, row: object): Promise<Row> => {
    const { body } = await admin().post(`/admin/auth.${controller}/add`, row);
    if (body.code !== 1) throw new Error(JSON.stringify(body));
    return body.data;
  };
  const newAdmin = (row: object) => admin().post('/admin/auth.Admin/add', { nickname: 'N', password: 'Secret-Pass-1', group_arr: [1], ...row });

  it('keeps departments as a tree and refuses a cycle, a missing parent, and deleting a used department', async () => {
    const hq = await add('Department', { name: 'Head office' });
    const ops = await add('Department', { name: 'Operations', pid: hq.id });
    const night = await add('Department', { name: 'Night shift', pid: ops.id });
    const tree = (await admin().get('/admin/auth.Department/index')).body.data;
    expect(tree.list.map((n: Row) => [n.name, n.children.map((c: Row) => [c.name, c.children.map((g: Row) => g.name)])])).toEqual([['Head office', [['Operations', ['Night shift']]]]]);
    const options = (await admin().get('/admin/auth.Department/index?select=1')).body.data.options;
    expect(options.map((o: Row) => o.depth)).toEqual([0, 1, 2]);

    expect((await admin().post('/admin/auth.Department/edit', { id: hq.id, pid: night.id })).body).toMatchObject({ code: 0, msg: 'A department cannot be placed under itself or one of its sub-departments' });
    expect((await admin().post('/admin/auth.Department/add', { name: 'Lost', pid: 999 })).body).toMatchObject({ code: 0, msg: 'The selected department does not exist' });
    expect((await admin().post('/admin/auth.Department/add', { weigh: 1 })).body).toMatchObject({ code: 0, msg: 'Please enter Name' });
    const zh = await admin().post('/admin/auth.Department/add', { weigh: 1 }).set('think-lang', 'zh-cn');
    expect(zh.body.msg).toMatch(/[\u4e00-\u9fa5]/);
    expect((await admin().del(`/admin/auth.Department/del?ids[]=${ops.id}`)).body).toMatchObject({ code: 0, msg: 'Department "Operations" still has sub-departments and cannot be deleted' });
    expect((await newAdmin({ username: 'nightowl', department_id: night.id })).body.code).toBe(1);
    expect((await admin().del(`/admin/auth.Department/del?ids[]=${night.id}`)).body).toMatchObject({ code: 0, msg: 'Department "Night shift" still has administrators and cannot be deleted' });
  });

  it('keeps job names unique and a held job', async () => {
    const picker = await add('Job', { name: 'Picker' });
    expect((await admin().post('/admin/auth.Job/add', { name: 'Picker' })).body).toMatchObject({ code: 0, msg: 'The job "Picker" already exists' });
    expect((await newAdmin({ username: 'pia', job_id: picker.id })).body.code).toBe(1);
    expect((await admin().del(`/admin/auth.Job/del?ids[]=${picker.id}`)).body).toMatchObject({ code: 0, msg: 'Job "Picker" is held by administrators and cannot be deleted' });
  });

  it('gives admins a department and a job, shows their names, and filters the admin list by both', async () => {
    const ops = await add('Department', { name: 'Operations' });
    const sales = await add('Department', { name: 'Sales' });
    const picker = await add('Job', { name: 'Picker' });
    const lead = await add('Job', { name: 'Team lead' });
    const created = (await newAdmin({ username: 'alice', department_id: ops.id, job_id: picker.id })).body;
    expect(created.data).toMatchObject({ username: 'alice', department_id: ops.id, job_id: picker.id, department: { name: 'Operations' }, job: { name: 'Picker' } });
    const bob = (await newAdmin({ username: 'bobby', department_id: ops.id, job_id: lead.id })).body.data;
    await newAdmin({ username: 'carol', department_id: sales.id, job_id: lead.id });
    const names = async (query: string) => (await admin().get(`/admin/auth.Admin/index?${query}`)).body.data.list.map((r: Row) => r.username).sort();
    expect(await names(`department_id=${ops.id}`)).toEqual(['alice', 'bobby']);
    expect(await names(`job_id=${lead.id}`)).toEqual(['bobby', 'carol']);
    expect(await names(`department_id=${ops.id}&job_id=${lead.id}`)).toEqual(['bobby']);
    expect(await names(`search[0][field]=department.name&search[0][val]=Sales&search[0][operator]=eq`)).toEqual(['carol']);

    // an edit moves bob; unknown ids are refused with a translated message
    const edited = await admin().post('/admin/auth.Admin/edit', { id: bob.id, username: 'bobby', nickname: 'Bob', group_arr: [1], department_id: sales.id });
    expect(edited.body.data).toMatchObject({ department_id: sales.id, job_id: lead.id });
    expect((await newAdmin({ username: 'dave', department_id: 999 })).body).toMatchObject({ code: 0, msg: 'The selected department does not exist' });
    expect((await newAdmin({ username: 'dave', job_id: 999 })).body).toMatchObject({ code: 0, msg: 'The selected job does not exist' });
    expect((await newAdmin({ username: 'dave', job_id: 'x' })).body.code).toBe(0);
    const zh = await newAdmin({ username: 'dave', job_id: 999 }).set('think-lang', 'zh-cn');
    expect(zh.body).toMatchObject({ code: 0, msg: '所选职位不存在' });
  });

  it('keeps the pages to admins holding the rules', async () => {
    await createAdmin(t, 'hrclerk', ['auth/department/index', 'auth/job/index']);
    const hr = as(t, await login(t, 'hrclerk'));
    expect((await hr.get('/admin/auth.Department/index')).body.code).toBe(1);
    expect((await hr.get('/admin/auth.Job/index')).body.code).toBe(1);
    expect((await hr.post('/admin/auth.Job/add', { name: 'x' })).body.code).toBe(401);
    expect((await hr.post('/admin/auth.Department/add', { name: 'x' })).body.code).toBe(401);
  });
});
