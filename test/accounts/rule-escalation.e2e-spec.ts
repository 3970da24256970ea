import { AdminGroupEntity } from '../../src/modules/accounts/persistence/admin-group.entity';
import { AdminRuleEntity } from '../../src/modules/accounts/persistence/admin-rule.entity';
import { UserGroupEntity } from '../../src/modules/accounts/member/persistence/user-group.entity';
import { UserRuleEntity } from '../../src/modules/accounts/member/persistence/user-rule.entity';
import { TestApp } from '../setup/create-test-app';
import { as, createAdmin, login, Session } from '../support/api';
import { asMember, createMember, memberLogin } from '../support/member';
import { adminSpec } from '../support/admin-spec';

/**
 * Permission grants are rule ids, and the guard reads the names of the rules an admin's groups hold. So a
 * rule's name is the permission it carries: an admin who could rename rules, or touch rules it does not
 * hold, could move permissions to itself. These specs are the attacks that used to work.
 */
const RULE_EDITOR = ['auth', 'auth/rule', 'auth/rule/index', 'auth/rule/add', 'auth/rule/edit', 'auth/rule/del', 'auth/rule/sortable', 'dashboard', 'dashboard/index', 'wmsBase', 'wms/brand', 'wms/brand/index'];

describe('rule edits cannot move permissions (auth.Rule, auth.Group, user.Rule)', () => {
  let t: TestApp;
  let root: Session;
  let editor: Session;
  let editorGroup: number;
  adminSpec({ ready: (fixture) => ({ t, session: root } = fixture) });
  beforeEach(async () => {
    editorGroup = (await createAdmin(t, 'editor', RULE_EDITOR)).groupId;
    editor = await login(t, 'editor');
  });

  const rule = (name: string) => t.dataSource.getRepository(AdminRuleEntity).findOneByOrFail({ name });
  const form = (r: AdminRuleEntity, changes: object = {}) => ({ id: r.id, pid: r.pid, type: r.type, title: r.title, title_en: r.title_en, name: r.name, menu_type: r.menu_type, ...changes });
  const canListAdmins = async () => (await as(t, await login(t, 'editor')).get('/admin/auth.Admin/index')).body.code;

  it('starts without the rights the attacks are after', async () => {
    expect(await canListAdmins()).toBe(401);
    expect((await as(t, editor).get('/admin/auth.Admin/index')).body.code).toBe(401);
  });

  it('one request: renaming a held rule to another case of a node it lacks is refused', async () => {
    const held = await rule('wms/brand/index');
    const res = await as(t, editor).post('/admin/auth.Rule/edit', form(held, { name: 'AUTH/ADMIN/INDEX' }));
    expect(await canListAdmins()).toBe(401);
    expect(res.body).toMatchObject({ code: 0, msg: 'Only a super administrator may change the name of a rule' });
    expect((await rule('wms/brand/index')).id).toBe(held.id);
  });

  it('two requests: moving the lacking rule aside, then taking its name, is refused at both steps', async () => {
    const target = await rule('auth/admin/index');
    const aside = await as(t, editor).post('/admin/auth.Rule/edit', form(target, { name: 'aside' }));
    const held = await rule('wms/brand/index');
    const take = await as(t, editor).post('/admin/auth.Rule/edit', form(held, { name: 'auth/admin/index' }));
    expect(await canListAdmins()).toBe(401);
    expect(aside.body.code).toBe(401);
    expect(take.body.code).toBe(0);
    expect((await rule('auth/admin/index')).id).toBe(target.id);
  });

  it('the same two steps sent at once (a race on MariaDB) gain nothing either', async () => {
    const [target, held] = [await rule('auth/admin/index'), await rule('wms/brand/index')];
    await Promise.all([as(t, editor).post('/admin/auth.Rule/edit', form(target, { name: 'aside' })), as(t, editor).post('/admin/auth.Rule/edit', form(held, { name: 'auth/admin/index' }))]);
    expect(await canListAdmins()).toBe(401);
    expect([(await rule('auth/admin/index')).id, (await rule('wms/brand/index')).id]).toEqual([target.id, held.id]);
  });

  it('keeps the rules it lacks invisible and untouchable: edit form, edit, delete, sortable, index, select', async () => {
    const foreign = await rule('auth/admin/del');
    const held = await rule('wms/brand');
    expect((await as(t, editor).get(`/admin/auth.Rule/edit?id=${foreign.id}`)).body.code).toBe(401);
    expect((await as(t, editor).post('/admin/auth.Rule/edit', form(foreign, { title: 'mine now', status: 0 }))).body.code).toBe(401);
    expect((await as(t, editor).del(`/admin/auth.Rule/del?ids[]=${foreign.id}`)).body.code).toBe(401);
    expect((await as(t, editor).post('/admin/auth.Rule/sortable', { id: held.id, targetId: foreign.id })).body.code).toBe(401);
    const listed = JSON.stringify((await as(t, editor).get('/admin/auth.Rule/index')).body.data.list);
    expect(listed).not.toContain('"auth/admin/del"');
    const options = (await as(t, editor).get('/admin/auth.Rule/index?select=1')).body.data.options as Array<{ id: number }>;
    expect(options.map((o) => o.id)).not.toContain((await rule('auth/admin')).id);
    const after = await rule('auth/admin/del');
    expect({ title: after.title, status: after.status }).toEqual({ title: foreign.title, status: foreign.status });
  });

  it('edits what it may of a rule it holds, but never its name, and never hangs it below a rule it lacks', async () => {
    const held = await rule('wms/brand/index');
    const retitled = await as(t, editor).post('/admin/auth.Rule/edit', form(held, { title: '品牌列表', title_en: 'Brand list' }));
    expect(retitled.body).toMatchObject({ code: 1, data: { name: 'wms/brand/index', title: '品牌列表' } });
    const moved = await as(t, editor).post('/admin/auth.Rule/edit', form(held, { pid: (await rule('auth/admin')).id }));
    expect(moved.body).toMatchObject({ code: 0, msg: 'The parent rule is not valid' });
    // the super admin may rename
    expect((await as(t, root).post('/admin/auth.Rule/edit', form(held, { name: 'wms/brand/list' }))).body.code).toBe(1);
  });

  it('creates rules only below rules it holds, and the new rule is nobody else’s', async () => {
    const below = await as(t, editor).post('/admin/auth.Rule/add', { type: 'button', pid: (await rule('auth/admin')).id, title: 'x', name: 'auth/admin/export' });
    expect(below.body).toMatchObject({ code: 0, msg: 'The parent rule is not valid' });
    const mine = await as(t, editor).post('/admin/auth.Rule/add', { type: 'button', pid: (await rule('wms/brand')).id, title: 'x', name: 'wms/brand/archive' });
    expect(mine.body.code).toBe(1);
    // held by no group but the super admin's: the editor does not gain it by creating it
    expect(JSON.stringify((await as(t, await login(t, 'editor')).get('/admin/auth.Rule/index')).body.data.list)).not.toContain('wms/brand/archive');
    // a name that differs only in case from an existing one is taken (the guard compares lower case)
    expect((await as(t, root).post('/admin/auth.Rule/add', { type: 'button', pid: 0, title: 'x', name: 'AUTH/ADMIN/DEL' })).body).toMatchObject({ code: 0, msg: 'A rule with this name already exists' });
  });

  it('deletes only rules it holds, and a deleted rule’s id leaves every group', async () => {
    const export_ = await as(t, root).post('/admin/auth.Rule/add', { type: 'button', pid: (await rule('wms/brand')).id, title: 'x', name: 'wms/brand/archive' });
    const id = export_.body.data.id as number;
    const groups = t.dataSource.getRepository(AdminGroupEntity);
    await groups.update({ id: editorGroup }, { rules: `${(await groups.findOneByOrFail({ id: editorGroup })).rules},${id}` });
    editor = await login(t, 'editor');
    expect((await as(t, editor).del(`/admin/auth.Rule/del?ids[]=${id}&ids[]=${(await rule('auth/admin/del')).id}`)).body.code).toBe(401);
    expect((await as(t, editor).del(`/admin/auth.Rule/del?ids[]=${id}`)).body).toMatchObject({ code: 1, data: { count: 1 } });
    expect((await groups.findOneByOrFail({ id: editorGroup })).rules!.split(',')).not.toContain(String(id));
  });

  it('gives groups only rules it holds: group add and edit', async () => {
    const { groupId } = await createAdmin(t, 'grouper', ['auth', 'auth/group', 'auth/group/index', 'auth/group/add', 'auth/group/edit', 'dashboard', 'dashboard/index']);
    const grouper = as(t, await login(t, 'grouper'));
    const mine = (await Promise.all(['dashboard', 'dashboard/index'].map(rule))).map((r) => r.id);
    const lesser = await grouper.post('/admin/auth.Group/add', { pid: groupId, name: 'Lesser', rules: mine });
    expect(lesser.body.code).toBe(1);
    const foreign = (await rule('auth/admin/index')).id;
    expect((await grouper.post('/admin/auth.Group/add', { pid: groupId, name: 'More', rules: [...mine, foreign] })).body.code).toBe(401);
    expect((await grouper.post('/admin/auth.Group/edit', { id: lesser.body.data.id, pid: groupId, name: 'Lesser', rules: [...mine, foreign] })).body.code).toBe(401);
    expect((await grouper.post('/admin/auth.Group/edit', { id: 1, pid: 0, name: 'x', rules: mine })).body.code).toBe(401);
    expect((await grouper.post('/admin/auth.Group/add', { pid: 1, name: 'Under super', rules: mine })).body).toMatchObject({ code: 0, msg: 'The parent rule is not valid' });
  });

  describe('what a rule opens (menu type, URL, component)', () => {
    const SUPER_ONLY = 'Only a super administrator may change what a rule opens: its menu type, URL or component';
    const NOT_WEB = 'The URL of a menu must be an http:// or https:// address (javascript:, data: and other kinds are not allowed)';
    const opens = async (name: string) => {
      const r = await rule(name);
      return { menu_type: r.menu_type, url: r.url, component: r.component, title: r.title };
    };

    it('only a super admin changes it; the editor still edits the rest, and what it leaves out stays', async () => {
      const held = await rule('wms/brand');
      const before = await opens('wms/brand');
      expect(before.component).toBe('/src/pages/admin/wms/brand/index.tsx');
      for (const change of [
        { component: '/src/pages/admin/auth/admin/index.tsx' },
        { menu_type: 'iframe', url: 'https://phish.example/login' },
        { menu_type: 'link', url: 'https://phish.example/login' },
        { url: 'https://phish.example/login' },
        { type: 'button' },
      ]) {
        const res = await as(t, editor).post('/admin/auth.Rule/edit', form(held, change));
        expect({ change, body: res.body }).toMatchObject({ change, body: { code: 0, msg: SUPER_ONLY } });
      }
      const zh = await as(t, editor).post('/admin/auth.Rule/edit', form(held, { component: '/src/pages/admin/auth/admin/index.tsx' })).set('think-lang', 'zh-cn');
      expect(zh.body).toMatchObject({ code: 0, msg: '只有超级管理员可以修改规则打开的内容：菜单类型、链接地址或组件路径' });
      expect(await opens('wms/brand')).toEqual(before);
      // the same values sent back, or left out, are no change
      expect((await as(t, editor).post('/admin/auth.Rule/edit', form(held, { title: '品牌', component: before.component, url: '' }))).body.code).toBe(1);
      expect((await as(t, editor).post('/admin/auth.Rule/edit', form(held, { title: '品牌管理' }))).body.code).toBe(1);
      expect(await opens('wms/brand')).toEqual({ ...before, title: '品牌管理' });
      // a new page of the editor's opens nothing of its choosing either
      const page = await as(t, editor).post('/admin/auth.Rule/add', { type: 'menu', pid: held.id, title: 'x', name: 'wms/brand/report', component: '/src/pages/admin/auth/admin/index.tsx' });
      expect(page.body).toMatchObject({ code: 0, msg: SUPER_ONLY });
      expect((await as(t, editor).post('/admin/auth.Rule/add', { type: 'button', pid: held.id, title: 'x', name: 'wms/brand/report' })).body.code).toBe(1);
      // the super admin may
      expect((await as(t, root).post('/admin/auth.Rule/edit', form(held, { menu_type: 'link', url: 'https://brands.example.com/' }))).body).toMatchObject({ code: 1, data: { menu_type: 'link', url: 'https://brands.example.com/' } });
    });

    it('takes http(s) addresses only, for every menu type: javascript:, data:, vbscript: and the rest are refused', async () => {
      const add = (changes: object) => as(t, root).post('/admin/auth.Rule/add', { type: 'menu', pid: 0, title: 'x', name: `x/${Math.random().toString(36).slice(2)}`, ...changes });
      for (const url of ['javascript:alert(document.cookie)', 'JavaScript:alert(1)', ' javascript:alert(1)', 'data:text/html,<script>alert(1)</script>', 'vbscript:msgbox(1)', 'file:///etc/passwd', '//evil.example/x', '/admin/auth/admin', 'https://user:pass@evil.example/']) {
        for (const menu_type of ['link', 'iframe', 'tab']) {
          const res = await add({ menu_type, url });
          expect({ url, menu_type, body: res.body }).toMatchObject({ url, menu_type, body: { code: 0, msg: NOT_WEB } });
        }
      }
      expect((await add({ menu_type: 'link', url: 'http://docs.example.com/a?b=1#c' })).body.code).toBe(1);
      const zh = await add({ menu_type: 'link', url: 'javascript:alert(1)' }).set('think-lang', 'zh-cn');
      expect(zh.body.msg).toBe('菜单的地址必须是 http:// 或 https:// 地址（不允许 javascript:、data: 等其他类型）');
      // and on an edit
      const held = await rule('wms/brand');
      expect((await as(t, root).post('/admin/auth.Rule/edit', form(held, { menu_type: 'link', url: 'data:text/html,x' }))).body).toMatchObject({ code: 0, msg: NOT_WEB });
      expect((await rule('wms/brand')).url).toBe('');
    });

    it('frames any https address while the iframe host list is empty, and only the listed hosts once it is not', async () => {
      const add = (url: string) => as(t, root).post('/admin/auth.Rule/add', { type: 'menu', pid: 0, title: 'x', name: `x/${Math.random().toString(36).slice(2)}`, menu_type: 'iframe', url });
      expect((await add('http://grafana.example.com/d/1')).body).toMatchObject({ code: 0, msg: 'An iframe menu must use an https:// address (or a host on the iframe host list of the site settings)' });
      expect((await add('https://grafana.example.com/d/1')).body.code).toBe(1);
      expect((await as(t, root).post('/admin/routine.Config/edit', { iframe_hosts: 'grafana.example.com\n*.corp.example' })).body.code).toBe(1);
      expect((await add('https://elsewhere.example.net/')).body).toMatchObject({ code: 0, msg: 'elsewhere.example.net is not on the iframe host list of the site settings' });
      expect((await add('https://corp.example/')).body.code).toBe(0);
      expect((await add('http://grafana.example.com/d/2')).body.code).toBe(1);
      expect((await add('https://reports.corp.example/x')).body.code).toBe(1);
      // a link is not an iframe: any http(s) host
      expect((await as(t, root).post('/admin/auth.Rule/add', { type: 'menu', pid: 0, title: 'x', name: 'x/link', menu_type: 'link', url: 'https://elsewhere.example.net/' })).body.code).toBe(1);
    });

    it('checks member rules the same way', async () => {
      await createAdmin(t, 'memberrules2', ['user', 'user/rule', 'user/rule/index', 'user/rule/add', 'user/rule/edit']);
      const clerk = as(t, await login(t, 'memberrules2'));
      const overview = await t.dataSource.getRepository(UserRuleEntity).findOneByOrFail({ name: 'account/overview' });
      const memberForm = { id: overview.id, pid: overview.pid, type: overview.type, title: overview.title, name: overview.name };
      expect((await clerk.post('/admin/user.Rule/edit', { ...memberForm, component: '/src/pages/user/account/balance.tsx' })).body).toMatchObject({ code: 0, msg: SUPER_ONLY });
      expect((await clerk.post('/admin/user.Rule/edit', { ...memberForm, title: '概览' })).body.code).toBe(1);
      expect((await t.dataSource.getRepository(UserRuleEntity).findOneByOrFail({ id: overview.id })).component).toBe(overview.component);
      const nav = { type: 'nav_user_menu', pid: 0, title: 'Help', menu_type: 'link' };
      expect((await as(t, root).post('/admin/user.Rule/add', { ...nav, name: 'help', url: 'javascript:alert(1)' })).body).toMatchObject({ code: 0, msg: NOT_WEB });
      expect((await as(t, root).post('/admin/user.Rule/add', { ...nav, name: 'help', url: 'https://help.example.com/' })).body.code).toBe(1);
    });
  });

  describe('member rules', () => {
    const MEMBER_RULE_EDITOR = ['user', 'user/rule', 'user/rule/index', 'user/rule/add', 'user/rule/edit', 'user/rule/del'];
    const memberRule = (name: string) => t.dataSource.getRepository(UserRuleEntity).findOneByOrFail({ name });
    const memberForm = (r: UserRuleEntity, changes: object = {}) => ({ id: r.id, pid: r.pid, type: r.type, title: r.title, name: r.name, menu_type: r.menu_type, ...changes });

    it('an admin who edits member rules cannot move a member permission to another group by renaming', async () => {
      await createAdmin(t, 'memberrules', MEMBER_RULE_EDITOR);
      const clerk = as(t, await login(t, 'memberrules'));
      // A limited member group holding the overview only; its member must not reach the balance log.
      const overview = await memberRule('account/overview');
      const balance = await memberRule('account/balance');
      const account = await memberRule('account');
      const group = await t.dataSource.getRepository(UserGroupEntity).insert({ name: 'Limited', rules: `${account.id},${overview.id}`, status: 1 });
      await createMember(t, { username: 'limited', groupId: group.identifiers[0].id });
      const member = await memberLogin(t, 'limited');
      expect((await asMember(t, member).get('/api/account/balance')).body.code).toBe(401);

      const aside = await clerk.post('/admin/user.Rule/edit', memberForm(balance, { name: 'account/balanceOld' }));
      const take = await clerk.post('/admin/user.Rule/edit', memberForm(overview, { name: 'account/balance' }));
      expect((await asMember(t, member).get('/api/account/balance')).body.code).toBe(401);
      expect(aside.body).toMatchObject({ code: 0, msg: 'Only a super administrator may change the name of a rule' });
      expect(take.body.code).toBe(0);
      // other fields stay editable, and the super admin may still rename
      expect((await clerk.post('/admin/user.Rule/edit', memberForm(overview, { title: '概览' }))).body.code).toBe(1);
      expect((await as(t, root).post('/admin/user.Rule/edit', memberForm(overview, { name: 'account/summary' }))).body.code).toBe(1);
      expect((await as(t, root).post('/admin/user.Rule/add', { type: 'route', pid: 0, title: 'x', name: 'ACCOUNT/BALANCE' })).body).toMatchObject({ code: 0, msg: 'A rule with this name already exists' });
    });

    it('a deleted member rule’s id leaves every member group', async () => {
      const added = await as(t, root).post('/admin/user.Rule/add', { type: 'route', pid: 0, title: 'x', name: 'extra/page' });
      const id = added.body.data.id as number;
      const groups = t.dataSource.getRepository(UserGroupEntity);
      const { identifiers } = await groups.insert({ name: 'With extra', rules: `${(await memberRule('account')).id},${id}`, status: 1 });
      expect((await as(t, root).del(`/admin/user.Rule/del?ids[]=${id}`)).body.code).toBe(1);
      expect((await groups.findOneByOrFail({ id: identifiers[0].id })).rules).toBe(String((await memberRule('account')).id));
    });
  });
});
