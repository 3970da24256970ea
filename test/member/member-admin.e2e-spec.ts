import { TestApp } from '../setup/create-test-app';
import { as, createAdmin, http, login, Session } from '../support/api';
import { asMember, createMember, memberLogin } from '../support/member';
import { adminSpec } from '../support/admin-spec';

/** The back office's member pages: user.User, user.Group, user.Rule, user.MoneyLog and user.ScoreLog. */
describe('member administration', () => {
  let t: TestApp;
  let admin: Session;
  adminSpec({ ready: (fixture) => ({ t, session: admin } = fixture) });

  const api = () => as(t, admin);
  const defaultGroup = async () => Number((await t.dataSource.query('SELECT MIN(id) AS id FROM user_group'))[0].id);

  it('needs an admin with the member rules', async () => {
    expect((await http(t).get('/admin/user.User/index')).body).toMatchObject({ code: 302, data: { routePath: '/admin/login' } });
    await createAdmin(t, 'clerk', ['user', 'user/user', 'user/user/index', 'user/moneyLog', 'user/moneyLog/index']);
    const clerk = as(t, await login(t, 'clerk'));
    expect((await clerk.get('/admin/user.User/index')).body.code).toBe(1);
    expect((await clerk.post('/admin/user.User/add', {})).body).toMatchObject({ code: 401 });
    expect((await clerk.get('/admin/user.Group/index')).body.code).toBe(401);
    expect((await clerk.get('/admin/user.MoneyLog/index')).body.code).toBe(1);
    expect((await clerk.post('/admin/user.MoneyLog/add', { user_id: 1, money: '1', memo: 'x' })).body.code).toBe(401);
    expect((await clerk.get('/admin/user.ScoreLog/index')).body.code).toBe(401);
  });

  it('adds, lists, edits and deletes members; balance and score are read-only here', async () => {
    const groupId = await defaultGroup();
    const added = await api().post('/admin/user.User/add', {
      username: 'dave',
      nickname: 'Dave',
      group_id: groupId,
      email: 'Dave@Example.com',
      mobile: '13700000001',
      password: 'Dave-Pass-1',
      gender: 1,
      birthday: '2000-01-02',
      money: '999.00',
      score: 50,
      status: 1,
    });
    expect(added.body).toMatchObject({ code: 1, data: { username: 'dave', email: 'dave@example.com', money: '0.00', score: 0, group: { name: 'Default group' } } });
    expect(added.body.data).not.toHaveProperty('password');
    const id = added.body.data.id;

    const list = await api().get('/admin/user.User/index?quickSearch=dave');
    expect(list.body).toMatchObject({ code: 1, data: { total: 1, list: [{ id, username: 'dave', money: '0.00', group: { name: 'Default group' } }] } });
    expect((await api().get(`/admin/user.User/edit?id=${id}`)).body.data.row).toMatchObject({ id, gender: 1, birthday: '2000-01-02' });

    // duplicates
    await createMember(t, { username: 'erin', email: 'erin@example.com', mobile: '13700000002' });
    const dup = (body: object) => api().post('/admin/user.User/add', { username: 'newone', nickname: 'n', group_id: groupId, password: 'Some-Pass-1', ...body });
    expect((await dup({ username: 'erin' })).body).toMatchObject({ code: 0, msg: 'The username is already taken' });
    expect((await dup({ email: 'ERIN@example.com' })).body).toMatchObject({ code: 0, msg: 'The e-mail address is already taken' });
    expect((await dup({ mobile: '13700000002' })).body).toMatchObject({ code: 0, msg: 'The mobile number is already taken' });
    expect((await dup({ group_id: 999 })).body).toMatchObject({ code: 0, msg: 'The member group does not exist' });
    expect((await dup({ password: '' })).body).toMatchObject({ code: 0, msg: 'Please enter Password' });
    // two members without e-mail or mobile are fine
    expect((await dup({})).body.code).toBe(1);
    expect((await dup({ username: 'newtwo', email: '', mobile: '' })).body.code).toBe(1);

    // edit: password optional; money ignored; a new password signs the member out
    const session = await memberLogin(t, 'dave', 'Dave-Pass-1');
    const edited = await api().post('/admin/user.User/edit', { id, username: 'dave', nickname: 'Dave R.', group_id: groupId, email: 'dave@example.com', password: '', money: '5.00' });
    expect(edited.body).toMatchObject({ code: 1, data: { nickname: 'Dave R.', money: '0.00', mobile: '13700000001' } });
    expect((await asMember(t, session).get('/api/user/index')).body.code).toBe(1);
    expect((await api().post('/admin/user.User/edit', { id, username: 'dave', nickname: 'Dave R.', group_id: groupId, password: 'Dave-Pass-2' })).body.code).toBe(1);
    expect((await asMember(t, session).get('/api/user/index')).body.code).toBe(302);
    await memberLogin(t, 'dave', 'Dave-Pass-2');

    // delete: the member goes, the logs stay
    await api().post('/admin/user.MoneyLog/add', { user_id: id, money: '3.00', memo: 'gift' });
    expect((await api().del(`/admin/user.User/del?ids[]=${id}`)).body).toMatchObject({ code: 1, data: { count: 1 } });
    expect((await api().get('/admin/user.MoneyLog/index')).body.data.total).toBe(1);
    expect((await api().get('/admin/user.User/del')).body).toMatchObject({ code: 0 });
  });

  it('manages member groups with their rules', async () => {
    const rules = (await api().get('/admin/user.Rule/index')).body.data.list;
    const account = rules[0];
    const profile = account.children.find((c: { name: string }) => c.name === 'account/profile');
    const added = await api().post('/admin/user.Group/add', { name: 'VIP', rules: [account.id, profile.id], status: 1 });
    expect(added.body).toMatchObject({ code: 1, data: { name: 'VIP', rules: [profile.id] } });
    const list = await api().get('/admin/user.Group/index');
    expect(list.body.data.list.map((g: { name: string; rules: string }) => [g.name, g.rules])).toEqual([
      ['VIP', 'My account and 2 in all'],
      ['Default group', 'All permissions'],
    ]);
    expect((await api().get('/admin/user.Group/index?select=true')).body.data.list).toHaveLength(2);
    type Node = { id: number; children?: Node[] };
    const allIds = (function walk(nodes: Node[]): number[] {
      return nodes.flatMap((n) => [n.id, ...walk(n.children ?? [])]);
    })(rules);
    expect((await api().post('/admin/user.Group/edit', { id: added.body.data.id, name: 'VIP+', rules: allIds })).body.data.name).toBe('VIP+');
    const [row] = await t.dataSource.query('SELECT rules FROM user_group WHERE id = ?', [added.body.data.id]);
    expect(row.rules).toBe('*');

    await createMember(t, { username: 'gina', groupId: added.body.data.id });
    expect((await api().del(`/admin/user.Group/del?ids[]=${added.body.data.id}`)).body).toMatchObject({ code: 0, msg: 'Members still belong to the group VIP+' });
    const spare = await api().post('/admin/user.Group/add', { name: 'Spare', rules: [] });
    expect((await api().del(`/admin/user.Group/del?ids[]=${spare.body.data.id}`)).body).toMatchObject({ code: 1, data: { count: 1 } });
  });

  it('manages member rules of every type as a tree', async () => {
    const types = ['route', 'menu_dir', 'menu', 'nav_user_menu', 'nav', 'button'];
    const dir = await api().post('/admin/user.Rule/add', { type: 'menu_dir', title: '订单', title_en: 'Orders', name: 'orders', icon: 'IconList' });
    expect(dir.body).toMatchObject({ code: 1, data: { type: 'menu_dir', name: 'orders', menu_type: null } });
    for (const type of types.filter((x) => x !== 'menu_dir')) {
      const res = await api().post('/admin/user.Rule/add', { type, pid: dir.body.data.id, title: type, name: `orders/${type}`, component: '/src/pages/user/orders/index.tsx' });
      expect({ type, code: res.body.code }).toEqual({ type, code: 1 });
    }
    expect((await api().post('/admin/user.Rule/add', { type: 'widget', title: 'x', name: 'x' })).body).toMatchObject({ code: 0, msg: 'Type has an invalid value' });
    expect((await api().post('/admin/user.Rule/add', { type: 'menu', title: 'x', name: 'orders' })).body).toMatchObject({ code: 0, msg: 'A rule with this name already exists' });
    const button = (await api().get('/admin/user.Rule/index?quickSearch=orders/button')).body.data.list[0];
    expect((await api().post('/admin/user.Rule/add', { type: 'menu', title: 'x', name: 'under-button', pid: button.id })).body).toMatchObject({ code: 0, msg: 'The parent rule is not valid' });

    const tree = (await api().get('/admin/user.Rule/index')).body.data.list;
    const orders = tree.find((n: { name: string }) => n.name === 'orders');
    expect(orders.children.map((c: { type: string }) => c.type).sort()).toEqual(['button', 'menu', 'nav', 'nav_user_menu', 'route']);
    const options = (await api().get('/admin/user.Rule/index?select=true')).body.data.options;
    expect(options.some((o: { id: number }) => o.id === button.id)).toBe(false);
    expect((await api().del(`/admin/user.Rule/del?ids[]=${orders.id}`)).body.code).toBe(0);
    const [a, b] = orders.children;
    expect((await api().post('/admin/user.Rule/sortable', { id: a.id, targetId: b.id })).body.code).toBe(1);
    const ids = [orders.id, ...orders.children.map((c: { id: number }) => c.id)];
    expect((await api().del(`/admin/user.Rule/del?${ids.map((id) => `ids[]=${id}`).join('&')}`)).body).toMatchObject({ code: 1, data: { count: 6 } });

    // a new menu of a `*` group shows up in the member center
    await api().post('/admin/user.Rule/add', { type: 'menu', title: '收藏', title_en: 'Favourites', name: 'account/favourites', pid: tree[0].id, component: '/src/pages/user/account/favourites/index.tsx' });
    await createMember(t, { username: 'hank' });
    const menus = (await asMember(t, await memberLogin(t, 'hank')).get('/api/user/index')).body.data.menus;
    expect(menus[0].children.map((c: { name: string }) => c.name)).toContain('account/favourites');
  });

  it('changes balances and scores only through log rows; refuses going below zero; never deletes a log', async () => {
    const id = await createMember(t, { username: 'ivan' });
    expect((await api().get(`/admin/user.MoneyLog/add?userId=${id}`)).body).toMatchObject({ code: 1, data: { user: { id, username: 'ivan', money: '0.00', score: 0 } } });
    expect((await api().get('/admin/user.MoneyLog/add?userId=999')).body).toMatchObject({ code: 0, msg: 'Member not found' });

    const add = (money: unknown, memo = 'memo') => api().post('/admin/user.MoneyLog/add', { user_id: id, money, memo });
    expect((await add('12.5')).body).toMatchObject({ code: 1, data: { user_id: id, money: '12.50', before: '0.00', after: '12.50', memo: 'memo', user: { username: 'ivan' } } });
    expect((await add(-2.25)).body.data).toMatchObject({ money: '-2.25', before: '12.50', after: '10.25' });
    expect((await add('-10.26')).body).toMatchObject({ code: 0, msg: 'Insufficient balance: the member has 10.25 left' });
    expect((await add('1.234')).body).toMatchObject({ code: 0, msg: 'Amount must be an amount with at most two decimals' });
    expect((await add('0')).body).toMatchObject({ code: 0, msg: 'Please enter a change other than zero' });
    expect((await add('5', '')).body).toMatchObject({ code: 0, msg: 'Please enter Remark' });
    expect((await api().post('/admin/user.MoneyLog/add', { user_id: 999, money: '1', memo: 'x' })).body).toMatchObject({ code: 0, msg: 'Member not found' });
    const list = await api().get(`/admin/user.MoneyLog/index?user_id=${id}`);
    expect(list.body).toMatchObject({ code: 1, data: { total: 2, list: [{ money: '-2.25' }, { money: '12.50' }] } });
    expect((await api().get(`/admin/user.User/edit?id=${id}`)).body.data.row.money).toBe('10.25');

    const score = (value: unknown) => api().post('/admin/user.ScoreLog/add', { user_id: id, score: value, memo: 'points' });
    expect((await score(40)).body.data).toMatchObject({ score: 40, before: 0, after: 40 });
    expect((await score('-41')).body).toMatchObject({ code: 0, msg: 'Insufficient score: the member has 40 points left' });
    expect((await score(1.5)).body.code).toBe(0);
    expect((await api().get('/admin/user.ScoreLog/index')).body.data.list[0]).toMatchObject({ score: 40, user: { username: 'ivan', nickname: 'ivan' } });

    // there is no way to delete or edit a log
    for (const path of ['/admin/user.MoneyLog/del?ids[]=1', '/admin/user.ScoreLog/del?ids[]=1']) expect((await api().del(path)).status).toBe(404);
    expect((await api().post('/admin/user.MoneyLog/edit', { id: 1, money: '100' })).status).toBe(404);
    expect(Number((await t.dataSource.query('SELECT COUNT(*) AS n FROM user_money_log'))[0].n)).toBe(2);
  });
});
