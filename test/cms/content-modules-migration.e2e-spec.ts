import { NoticesAdvertsPaidContentDepartments1764006900000 } from '../../migrations/1764006900000-notices-adverts-paid-content-departments';
import { TestApp } from '../setup/create-test-app';
import { as, login } from '../support/api';
import { publicSpec } from '../support/public-spec';
import { withMigrationsTakenBack } from '../support/migrations';

const PAGES = ['routine/notice', 'cms/advertPosition', 'cms/advert', 'cms/contentModel', 'cms/payLog', 'auth/department', 'auth/job'];

/**
 * A database seeded before notices, adverts, paid content and departments gets, from the migration, the same
 * admin pages and buttons (under the same folders) and the member center's notice page the seed writes.
 */
describe('migration of notices, adverts, paid content, departments and jobs', () => {
  let t: TestApp;

  publicSpec({ reset: 'never', ready: (fixture) => ({ t } = fixture) });

  const snapshot = async () => ({
    admin: (await t.dataSource.query(
      `SELECT r.name, r.type, r.title, r.title_en, r.component, r.menu_type, p.name AS parent FROM admin_rule r LEFT JOIN admin_rule p ON p.id = r.pid WHERE ${PAGES.map(() => '(r.name = ? OR r.name LIKE ?)').join(' OR ')} ORDER BY r.name`,
      PAGES.flatMap((page) => [page, `${page}/%`]),
    )) as unknown[],
    member: (await t.dataSource.query("SELECT r.name, r.type, r.title_en, r.component, p.name AS parent FROM user_rule r LEFT JOIN user_rule p ON p.id = r.pid WHERE r.name = 'account/notice'")) as unknown[],
  });

  it('takes its pages back and adds them again as the seed has them', async () => {
    await t.reset();
    const seeded = await snapshot();
    expect(seeded.admin).toHaveLength(PAGES.length + 28);
    expect(seeded.member).toEqual([{ name: 'account/notice', type: 'menu', title_en: 'Notices', component: '/src/pages/user/account/notice/index.tsx', parent: 'account' }]);

    await withMigrationsTakenBack(t.dataSource, NoticesAdvertsPaidContentDepartments1764006900000, async () => {
      expect((await snapshot()).admin).toEqual([]);
    });
    expect(await snapshot()).toEqual(seeded);

    const admin = as(t, await login(t));
    const menus = (await admin.get('/admin/index/index')).body.data.menus as Array<{ name: string; children?: Array<{ name: string }> }>;
    expect(menus.find((m) => m.name === 'cms')?.children?.map((c) => c.name)).toEqual(expect.arrayContaining(['cms/advert', 'cms/advertPosition', 'cms/contentModel', 'cms/payLog']));
    expect((await admin.get('/admin/auth.Department/index')).body.code).toBe(1);
    expect((await admin.get('/admin/routine.Notice/mine')).body.code).toBe(1);
  });
});
