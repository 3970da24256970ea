import { Packages1764006000000 } from '../../migrations/1764006000000-packages';
import { createTestApp, TestApp } from '../setup/create-test-app';
import { withMigrationsTakenBack } from '../support/migrations';

type Row = Record<string, any>;
const RULES = ['wms/package', 'wms/package/index', 'wms/package/orders', 'wms/package/order', 'wms/package/add', 'wms/package/pack', 'wms/package/unpack', 'wms/package/close', 'wms/package/label', 'wms/wave/print'];

describe('migration: packages, the SSCC company prefix setting, the pack station and pick sheet rules', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const rules = (): Promise<Row[]> =>
    t.dataSource.query(`SELECT r.name, r.type, r.title, r.title_en, r.component, r.path, p.name AS parent FROM admin_rule r JOIN admin_rule p ON p.id = r.pid WHERE r.name IN (${RULES.map(() => '?').join(',')}) ORDER BY r.name`, RULES);
  const setting = (): Promise<Row[]> => t.dataSource.query("SELECT name, `group`, title, tip, type, value, content, rule, allow_del, secret FROM config WHERE name = 'gs1_company_prefix'");

  it('down removes the tables, the setting and the rules; up puts back what the seed writes', async () => {
    await t.reset();
    const seeded = await rules();
    expect(seeded.map((r) => r.name)).toEqual([...RULES].sort());
    const seededSetting = await setting();
    expect(seededSetting).toEqual([expect.objectContaining({ group: 'basics', type: 'string', value: '0614141', title: 'platform.config.title.gs1_company_prefix' })]);

    await withMigrationsTakenBack(t.dataSource, Packages1764006000000, async (runner) => {
      expect(await rules()).toEqual([]);
      expect(await setting()).toEqual([]);
      expect(await runner.hasTable('package')).toBe(false);
      expect(await runner.hasTable('package_line')).toBe(false);
    });
    expect(await t.dataSource.query('SELECT COUNT(*) AS n FROM package_line')).toEqual([{ n: expect.anything() }]);
    expect(await rules()).toEqual(seeded);
    expect(await setting()).toEqual(seededSetting);
  });
});
