import { AdminGroupAccessEntity, AdminGroupEntity } from '../../src/modules/accounts/persistence/admin-group.entity';
import { TestApp } from '../setup/create-test-app';
import { as, createAdmin, http, login, Session } from '../support/api';
import { adminSpec } from '../support/admin-spec';

/**
 * Names the installation seeds in Chinese (admin groups, the member group, the site name) read in English
 * by an English reader, until someone renames them; edit forms keep the stored text.
 */
describe('seeded names in the reader language', () => {
  let t: TestApp;
  let admin: Session;
  adminSpec({ ready: (fixture) => ({ t, session: admin } = fixture) });

  const zh = (url: string) => as(t, admin).get(url).set('think-lang', 'zh-cn');
  const names = (rows: Array<{ name: string; children?: unknown[] }>): string[] => rows.flatMap((row) => [row.name, ...names((row.children ?? []) as never)]);

  it('admin groups: English names for an English reader, Chinese for a Chinese one, the stored one in the form', async () => {
    const english = names((await as(t, admin).get('/admin/auth.Group/index')).body.data.list);
    expect(english).toEqual(expect.arrayContaining(['Super administrators', 'Level 1 administrators', 'Auditors']));
    expect(english.join()).not.toMatch(/[\u4e00-\u9fff]/);
    expect(names((await zh('/admin/auth.Group/index')).body.data.list)).toEqual(expect.arrayContaining(['超级管理组', '审计员']));
    const options = (await as(t, admin).get('/admin/auth.Group/index?select=true')).body.data.options.map((o: { name: string }) => o.name);
    expect(options.some((name: string) => name.endsWith('Level 1 administrators'))).toBe(true);
    const superGroup = await t.dataSource.getRepository(AdminGroupEntity).findOneByOrFail({ name: '超级管理组' });
    expect((await as(t, admin).get(`/admin/auth.Group/edit?id=${superGroup.id}`)).body.data.row.name).toBe('超级管理组');
    const me = (await as(t, admin).get('/admin/auth.Admin/index')).body.data.list.find((row: { id: number }) => row.id === 1);
    expect(me.group_name_arr).toEqual(['Super administrators']);
  });

  it('greets an admin by its role: an auditor is an auditor in either language, a super admin has its group too', async () => {
    const { adminId, groupId } = await createAdmin(t, 'inspector', []);
    const auditors = await t.dataSource.getRepository(AdminGroupEntity).findOneByOrFail({ name: '审计员' });
    await t.dataSource.getRepository(AdminGroupAccessEntity).update({ uid: adminId, group_id: groupId }, { group_id: auditors.id });
    const inspector = await login(t, 'inspector');
    expect((await as(t, inspector).get('/admin/index/index')).body.data.adminInfo).toMatchObject({ super: false, groups: ['Auditors'] });
    expect((await as(t, inspector).get('/admin/index/index').set('think-lang', 'zh-cn')).body.data.adminInfo.groups).toEqual(['审计员']);
    expect((await as(t, admin).get('/admin/index/index')).body.data.adminInfo).toMatchObject({ super: true, groups: ['Super administrators'] });
  });

  it('a renamed group is shown as typed, in every language', async () => {
    await t.dataSource.getRepository(AdminGroupEntity).update({ name: '审计员' }, { name: '内审组' });
    expect(names((await as(t, admin).get('/admin/auth.Group/index')).body.data.list)).toContain('内审组');
  });

  it('the member group and the site name', async () => {
    expect((await as(t, admin).get('/admin/user.Group/index')).body.data.list.map((row: { name: string }) => row.name)).toEqual(['Default group']);
    expect((await zh('/admin/user.Group/index')).body.data.list.map((row: { name: string }) => row.name)).toEqual(['默认分组']);
    expect((await as(t, admin).get('/admin/index/index')).body.data.siteConfig.siteName).toBe('Warehouse Management System');
    expect((await zh('/admin/index/index')).body.data.siteConfig.siteName).toBe('仓库管理系统');
    expect((await http(t).get('/api/index/index').set('think-lang', 'en')).body.data.site.siteName).toBe('Warehouse Management System');
    await t.dataSource.query("UPDATE config SET value = 'Depot 7' WHERE name = 'site_name'");
    expect((await as(t, admin).get('/admin/index/index')).body.data.siteConfig.siteName).toBe('Depot 7');
  });
});
