import { AdminGroupEntity } from '../../src/modules/accounts/persistence/admin-group.entity';
import { AdminRuleEntity } from '../../src/modules/accounts/persistence/admin-rule.entity';
import { TestApp } from '../setup/create-test-app';
import { as, createAdmin, login, Session } from '../support/api';
import { adminSpec } from '../support/admin-spec';
import { eventually } from '../support/eventually';

/** Rule names of the seeded "Level 1 administrators" group's kind: warehouse pages plus admin management. */
const MANAGER_RULES = ['auth', 'auth/admin', 'auth/admin/index', 'auth/admin/add', 'auth/admin/edit', 'auth/admin/del', 'auth/group', 'auth/group/index', 'auth/group/add', 'auth/group/edit', 'auth/group/del', 'dashboard', 'dashboard/index', 'wmsBase', 'wms/brand', 'wms/brand/index'];

describe('managing admins and groups (auth.Admin, auth.Group)', () => {
  let t: TestApp;
  let root: Session;
  adminSpec({ ready: (fixture) => ({ t, session: root } = fixture) });

  const ruleIds = async (names: string[]) => (await t.dataSource.getRepository(AdminRuleEntity).find()).filter((r) => names.includes(r.name)).map((r) => r.id);

  it('adds an admin with groups, lists it with group names, edits and deletes it', async () => {
    const add = await as(t, root).post('/admin/auth.Admin/add', { username: 'clerk1', nickname: 'Clerk', password: 'Clerk-Pass-1', group_arr: [2], email: 'c@example.com', id: 99, createtime: 1 });
    expect(add.body).toMatchObject({ code: 1, msg: 'Added successfully', data: { username: 'clerk1', group_arr: [2], group_name_arr: ['Level 1 administrators'] } });
    expect(add.body.data.id).not.toBe(99);
    expect(add.body.data.password).toBeUndefined();
    const list = await as(t, root).get('/admin/auth.Admin/index?quickSearch=clerk');
    expect(list.body.data).toMatchObject({ total: 1, list: [{ username: 'clerk1', group_name_arr: ['Level 1 administrators'] }] });
    expect(JSON.stringify(list.body)).not.toMatch(/scrypt/);
    const id = add.body.data.id;
    const edit = await as(t, root).post('/admin/auth.Admin/edit', { id, username: 'clerk1', nickname: 'Clerk Two', group_arr: [3], password: '' });
    expect(edit.body).toMatchObject({ code: 1, data: { nickname: 'Clerk Two', group_arr: [3] } });
    // An empty password keeps the old one.
    expect((await login(t, 'clerk1', 'Clerk-Pass-1')).token).toBeTruthy();
    const del = await as(t, root).del(`/admin/auth.Admin/del?ids[]=${id}`);
    expect(del.body).toMatchObject({ code: 1, data: { count: 1 } });
  });

  it('answers the menu rule remark with the list', async () => {
    await t.dataSource.getRepository(AdminRuleEntity).update({ name: 'auth/admin' }, { remark: 'Admins of this site' });
    expect((await as(t, root).get('/admin/auth.Admin/index')).body.data.remark).toBe('Admins of this site');
  });

  it('validates: account rule, password rule, unique username and e-mail, groups required', async () => {
    const bad = (body: object) => as(t, root).post('/admin/auth.Admin/add', { username: 'okname', nickname: 'n', password: 'Okay-Pass-1', group_arr: [2], ...body });
    expect((await bad({ username: '1abc' })).body).toMatchObject({ code: 0, msg: 'Username must be 3 to 15 characters, start with a letter and contain only letters, digits and underscores' });
    expect((await bad({ password: 'a&b123' })).body.code).toBe(0);
    expect((await bad({ group_arr: [] })).body).toMatchObject({ code: 0, msg: 'Please enter Groups' });
    expect((await bad({ username: 'admin' })).body).toMatchObject({ code: 0, msg: 'The username is already taken' });
    expect((await bad({ email: 'not-mail' })).body).toMatchObject({ code: 0, msg: 'E-mail is not a valid e-mail address' });
  });

  it('never lets an admin disable or delete itself', async () => {
    expect((await as(t, root).post('/admin/auth.Admin/edit', { id: 1, username: 'admin', nickname: 'Admin', group_arr: [1], status: 0 })).body).toMatchObject({ code: 0, msg: 'You cannot disable yourself' });
    expect((await as(t, root).del('/admin/auth.Admin/del?ids[]=1')).body).toMatchObject({ code: 0, msg: 'You cannot delete yourself' });
  });

  describe('an operator who is not a super admin', () => {
    let manager: Session;
    let managerGroup: number;
    beforeEach(async () => {
      managerGroup = (await createAdmin(t, 'manager', MANAGER_RULES)).groupId;
      manager = await login(t, 'manager');
    });

    it('assigns only groups it dominates', async () => {
      const lesser = await as(t, root).post('/admin/auth.Group/add', { pid: managerGroup, name: 'Lesser', rules: await ruleIds(['dashboard', 'dashboard/index']) });
      expect(lesser.body.code).toBe(1);
      const ok = await as(t, manager).post('/admin/auth.Admin/add', { username: 'junior', nickname: 'J', password: 'Junior-Pass-1', group_arr: [lesser.body.data.id] });
      expect(ok.body.code).toBe(1);
      const superGroup = await as(t, manager).post('/admin/auth.Admin/add', { username: 'sneaky', nickname: 'S', password: 'Sneaky-Pass-1', group_arr: [1] });
      expect(superGroup.body).toMatchObject({ code: 0, msg: 'You have no permission to add an administrator to this group!' });
      const ownGroup = await as(t, manager).post('/admin/auth.Admin/add', { username: 'peer', nickname: 'P', password: 'Peer-Pass-1', group_arr: [managerGroup] });
      expect(ownGroup.body.code).toBe(0);
    });

    it('sees only itself and the admins of groups it dominates, and cannot edit the super admin', async () => {
      const list = await as(t, manager).get('/admin/auth.Admin/index');
      expect(list.body.data.list.map((a: { username: string }) => a.username)).toEqual(['manager']);
      expect((await as(t, manager).get('/admin/auth.Admin/edit?id=1')).body.code).toBe(401);
      expect((await as(t, manager).post('/admin/auth.Admin/edit', { id: 1, username: 'admin', nickname: 'x', group_arr: [1] })).body.code).toBe(401);
    });

    it('cannot edit or delete its own group, nor create a group with all its rights', async () => {
      expect((await as(t, manager).post('/admin/auth.Group/edit', { id: managerGroup, pid: 1, name: 'Mine', rules: [] })).body).toMatchObject({ code: 0, msg: 'You cannot edit a group you belong to' });
      expect((await as(t, manager).del(`/admin/auth.Group/del?ids[]=${managerGroup}`)).body).toMatchObject({ code: 0, msg: 'You cannot delete a group you belong to' });
      const all = await as(t, manager).post('/admin/auth.Group/add', { pid: managerGroup, name: 'Copy', rules: await ruleIds(MANAGER_RULES) });
      expect(all.body).toMatchObject({ code: 0, msg: 'You cannot create a group with exactly your own permissions' });
      const foreign = await as(t, manager).post('/admin/auth.Group/add', { pid: managerGroup, name: 'Foreign', rules: await ruleIds(['auth/rule/del']) });
      expect(foreign.body.code).toBe(401);
    });

    it('lists its own groups and the ones it dominates, with a readable rules text', async () => {
      await as(t, root).post('/admin/auth.Group/add', { pid: managerGroup, name: 'Lesser', rules: await ruleIds(['dashboard', 'dashboard/index']) });
      const list = await as(t, manager).get('/admin/auth.Group/index');
      expect(list.body.data.group).toEqual([managerGroup]);
      const names = JSON.stringify(list.body.data.list);
      expect(names).toContain('Lesser');
      expect(names).not.toContain('Super administrators');
      expect(list.body.data.list[0].children[0].rules).toBe('Dashboard and 2 in all');
    });
  });

  it('stores * when a super admin grants every rule, and answers the edit form without parent rules', async () => {
    const all = (await t.dataSource.getRepository(AdminRuleEntity).find()).map((r) => r.id);
    const group = await as(t, root).post('/admin/auth.Group/add', { pid: 1, name: 'Everything', rules: all });
    expect((await t.dataSource.getRepository(AdminGroupEntity).findOneByOrFail({ id: group.body.data.id })).rules).toBe('*');
    const some = await as(t, root).post('/admin/auth.Group/add', { pid: 1, name: 'Some', rules: await ruleIds(['auth', 'auth/admin', 'auth/admin/index']) });
    expect((await as(t, root).get(`/admin/auth.Group/edit?id=${some.body.data.id}`)).body.data.row.rules).toEqual(await ruleIds(['auth/admin/index']));
  });

  it('refuses to delete a group whose children would be orphaned', async () => {
    const parent = await as(t, root).post('/admin/auth.Group/add', { pid: 1, name: 'Parent', rules: [] });
    await as(t, root).post('/admin/auth.Group/add', { pid: parent.body.data.id, name: 'Child', rules: [] });
    expect((await as(t, root).del(`/admin/auth.Group/del?ids[]=${parent.body.data.id}`)).body).toMatchObject({ code: 0, msg: 'Delete the child groups first: Child' });
  });
});

describe('menu rules, admin log and profile (auth.Rule, auth.AdminLog, routine.AdminInfo)', () => {
  let t: TestApp;
  let root: Session;
  adminSpec({ ready: (fixture) => ({ t, session: root } = fixture) });

  it('lists rules as a tree with titles in the caller language, and select answers menus only', async () => {
    const list = await as(t, root).get('/admin/auth.Rule/index');
    expect(list.body.data.list[0]).toMatchObject({ name: 'dashboard', title: 'Dashboard', children: [{ type: 'button', name: 'dashboard/index' }] });
    const select = await as(t, root).get('/admin/auth.Rule/index?select=1');
    expect(select.body.data.options.length).toBeGreaterThan(10);
    expect(JSON.stringify(select.body.data.options)).not.toContain('"View"');
  });

  it('adds, re-parents safely, refuses orphaning and duplicate names', async () => {
    const dir = await as(t, root).post('/admin/auth.Rule/add', { type: 'menu_dir', title: '报表', title_en: 'Reports', name: 'reports' });
    expect(dir.body).toMatchObject({ code: 1, data: { name: 'reports', path: 'reports' } });
    const page = await as(t, root).post('/admin/auth.Rule/add', { type: 'menu', pid: dir.body.data.id, title: '月报', name: 'reports/monthly', component: '/src/pages/admin/reports/monthly/index.tsx' });
    expect(page.body.data).toMatchObject({ menu_type: 'tab', pid: dir.body.data.id });
    expect((await as(t, root).post('/admin/auth.Rule/add', { type: 'menu', title: 'x', name: 'reports' })).body).toMatchObject({ code: 0, msg: 'A rule with this name already exists' });
    // member-only rule types are not admin rule types
    expect((await as(t, root).post('/admin/auth.Rule/add', { type: 'nav', title: 'x', name: 'reports/nav' })).body).toMatchObject({ code: 0, msg: 'Type has an invalid value' });
    expect((await as(t, root).post('/admin/auth.Rule/edit', { id: dir.body.data.id, type: 'menu_dir', title: '报表', name: 'reports', pid: page.body.data.id })).body).toMatchObject({ code: 0, msg: 'The parent rule is not valid' });
    expect((await as(t, root).del(`/admin/auth.Rule/del?ids[]=${dir.body.data.id}`)).body).toMatchObject({ code: 0, msg: 'Delete the child rules first: 月报' });
    expect((await as(t, root).del(`/admin/auth.Rule/del?ids[]=${dir.body.data.id}&ids[]=${page.body.data.id}`)).body).toMatchObject({ code: 1, data: { count: 2 } });
  });

  it('shows non-super admins only their own log entries', async () => {
    const { adminId } = await createAdmin(t, 'reader', ['auth', 'auth/adminLog', 'auth/adminLog/index']);
    const reader = await login(t, 'reader');
    await as(t, root).post('/admin/auth.Rule/add', { type: 'menu_dir', title: 'x', name: 'x' });
    await eventually(() => t.dataSource.query('SELECT COUNT(*) AS n FROM admin_log'), (rows: Array<{ n: number | string }>) => Number(rows[0].n) >= 3, 'three admin-log rows');
    const mine = await as(t, reader).get('/admin/auth.AdminLog/index');
    expect(mine.body.data.list.every((row: { admin_id: number }) => row.admin_id === adminId || row.admin_id === 0)).toBe(true);
    const everything = await as(t, root).get('/admin/auth.AdminLog/index?search[0][field]=title&search[0][operator]=LIKE&search[0][val]=添加');
    expect(everything.body.data.total).toBe(1);
  });

  it('lets an admin edit its own profile and password, which signs out its other sessions', async () => {
    const other = await login(t);
    expect((await as(t, root).get('/admin/routine.AdminInfo/index')).body.data.info).toMatchObject({ id: 1, username: 'admin' });
    const avatar = await as(t, root).post('/admin/routine.AdminInfo/edit', { avatar: '/storage/a.png' });
    expect(avatar.body).toMatchObject({ code: 1, msg: 'Avatar modified successfully!', data: { avatar: '/storage/a.png' } });
    const edit = await as(t, root).post('/admin/routine.AdminInfo/edit', { nickname: 'Boss', email: 'boss@example.com', password: 'New-Pass-22', username: 'hacked', status: 0 });
    expect(edit.body).toMatchObject({ code: 1, data: { nickname: 'Boss', username: 'admin' } });
    expect((await as(t, root).get('/admin/index/index')).body.code).toBe(1);
    expect((await as(t, other).get('/admin/index/index')).body.code).toBe(302);
    expect((await login(t, 'admin', 'New-Pass-22')).token).toBeTruthy();
  });
});
