import { SiteConfigService } from '../../src/modules/platform';
import { QueryCounter } from '../../src/shared/database/query-counter';
import { TestApp } from '../setup/create-test-app';
import { as, createAdmin, login } from '../support/api';
import { publicSpec } from '../support/public-spec';

/**
 * What each admin request used to read again (its account and rights, the site time zone, the list's remark)
 * is cached per process against the site version, which the token check reads along: a list costs the token
 * check, its page and its count (none when the page tells its total) — and any change to settings, rules,
 * groups or the account is seen by the very next request, whoever made it (an API call or SQL).
 */
describe('per-request caches of settings and rights', () => {
  let t: TestApp;
  publicSpec({ ready: (fixture) => ({ t } = fixture) });

  const settle = async () => {
    // the admin log of a write is saved after its answer: wait until no statement runs
    let last: number;
    do {
      last = QueryCounter.count;
      await new Promise((resolve) => setTimeout(resolve, 60));
    } while (QueryCounter.count !== last);
  };
  const measure = async <T>(work: () => Promise<T>) => {
    await settle();
    return QueryCounter.measure(work);
  };

  it('answers a list in three statements once warm (token with the site version, page, count), two when the page tells its total', async () => {
    const admin = as(t, await login(t));
    expect((await admin.post('/admin/wms.Unit/add', { name: 'crate' })).body.code).toBe(1);
    await settle();
    const fullPage = '/admin/wms.Unit/index?limit=1'; // one unit in a page of one: the rows may go on, so they are counted
    const cold = await measure(() => admin.get(fullPage));
    expect(cold.result.body.code).toBe(1);
    const warm = await measure(() => admin.get(fullPage));
    expect(warm.result.body.data.total).toBe(1);
    expect(warm.queries).toBe(3);
    expect(cold.queries).toBeGreaterThan(warm.queries); // account, time zone and remark were read once
    const shortPage = await measure(() => admin.get('/admin/wms.Unit/index'));
    expect(shortPage.result.body.data.total).toBe(1);
    expect(shortPage.queries).toBe(2);
    // the same for an admin who is not a super admin (its rule names are cached too)
    await createAdmin(t, 'clerk', ['wms/unit', 'wms/unit/index']);
    const clerk = as(t, await login(t, 'clerk'));
    await clerk.get(fullPage);
    const clerkWarm = await measure(() => clerk.get(fullPage));
    expect(clerkWarm.result.body.code).toBe(1);
    expect(clerkWarm.queries).toBe(3);
  });

  it('shows a changed remark on the next request, changed through the API or by SQL', async () => {
    const admin = as(t, await login(t));
    expect((await admin.get('/admin/wms.Unit/index')).body.data.remark).toBe('');
    await t.dataSource.query("UPDATE admin_rule SET remark = 'Units are counted in whole pieces' WHERE name = 'wms/unit'");
    expect((await admin.get('/admin/wms.Unit/index')).body.data.remark).toBe('Units are counted in whole pieces');
    const [rule] = await t.dataSource.query("SELECT id FROM admin_rule WHERE name = 'wms/unit'");
    const edited = await admin.get(`/admin/auth.rule/edit?id=${rule.id}`);
    expect(edited.body.code).toBe(1);
    const saved = await admin.post('/admin/auth.rule/edit', { ...edited.body.data.row, remark: 'Boxes and pieces' });
    expect(saved.body.code).toBe(1);
    expect((await admin.get('/admin/wms.Unit/index')).body.data.remark).toBe('Boxes and pieces');
  });

  it('takes rights away on the next request: a rule removed from the group, the account disabled, the token revoked', async () => {
    const { adminId, groupId } = await createAdmin(t, 'clerk', ['wms/unit', 'wms/unit/index', 'wms/brand', 'wms/brand/index']);
    const session = await login(t, 'clerk');
    const clerk = as(t, session);
    expect((await clerk.get('/admin/wms.Brand/index')).body.code).toBe(1);
    const keep = (await t.dataSource.query("SELECT id FROM admin_rule WHERE name IN ('wms/unit', 'wms/unit/index')")).map((r: { id: number }) => r.id).join(',');
    await t.dataSource.query('UPDATE admin_group SET rules = ? WHERE id = ?', [keep, groupId]);
    expect((await clerk.get('/admin/wms.Brand/index')).body.code).toBe(401); // no permission
    expect((await clerk.get('/admin/wms.Unit/index')).body.code).toBe(1);

    await t.dataSource.query('UPDATE admin SET status = 0 WHERE id = ?', [adminId]);
    expect((await clerk.get('/admin/wms.Unit/index')).body.code).not.toBe(1);
    await t.dataSource.query('UPDATE admin SET status = 1 WHERE id = ?', [adminId]);
    expect((await clerk.get('/admin/wms.Unit/index')).body.code).toBe(1);

    // a sign-in of someone else (it updates login times on admin rows) leaves the cache alone
    await login(t);
    const again = await measure(() => clerk.get('/admin/wms.Unit/index'));
    expect(again.queries).toBe(2); // the token with the site version and a page that tells its total: no account read again

    expect((await clerk.post('/admin/index/logout', { refreshToken: session.refreshToken })).body.code).toBe(1);
    expect((await clerk.get('/admin/wms.Unit/index')).body.code).not.toBe(1);
  });

  it('reads the time zone again after the setting changed (outside a request: one statement for the version)', async () => {
    const config = t.app.get(SiteConfigService);
    expect(await config.timeZone()).toBe('Asia/Shanghai');
    const cached = await QueryCounter.measure(() => config.timeZone());
    expect(cached.queries).toBe(1);
    await t.dataSource.query("UPDATE config SET value = 'Europe/Berlin' WHERE name = 'time_zone'");
    expect(await config.timeZone()).toBe('Europe/Berlin');
    await t.dataSource.query("UPDATE config SET value = 'Asia/Shanghai' WHERE name = 'time_zone'");
    expect(await config.timeZone()).toBe('Asia/Shanghai');
  });
});
