import { StocktakesAndAdjustments1764001000000 } from '../../migrations/1764001000000-stocktakes-and-adjustments';
import { TestApp } from '../setup/create-test-app';
import { as, login } from '../support/api';
import { publicSpec } from '../support/public-spec';

type Row = Record<string, any>;

describe('migration: count and adjustment menus for databases seeded before them', () => {
  let t: TestApp;
  publicSpec({ reset: 'never', ready: (fixture) => ({ t } = fixture) });

  it('adds the menus and buttons once, as the seed does, granted to no group; the super admin sees them', async () => {
    await t.reset();
    // the seed as the migration knew it: the lists' export buttons came later (migration 1764001600000)
    const seeded: Row[] = await t.dataSource.query("SELECT r.name, r.type, r.component, p.name AS parent FROM admin_rule r JOIN admin_rule p ON p.id = r.pid WHERE (r.name LIKE 'wms/stocktake%' OR r.name LIKE 'wms/adjustment%') AND r.name NOT LIKE '%/export' ORDER BY r.name");
    const groupsBefore: Row[] = await t.dataSource.query('SELECT id, rules FROM admin_group ORDER BY id');
    // an older database: no such rules yet
    await t.dataSource.query("DELETE FROM admin_rule WHERE name LIKE 'wms/stocktake%' OR name LIKE 'wms/adjustment%'");
    const runner = t.dataSource.createQueryRunner();
    try {
      const migration = new StocktakesAndAdjustments1764001000000() as unknown as { addRules(runner: unknown): Promise<void> };
      await migration.addRules(runner);
      await migration.addRules(runner); // a second run changes nothing
    } finally {
      await runner.release();
    }
    const migrated: Row[] = await t.dataSource.query("SELECT r.name, r.type, r.component, p.name AS parent FROM admin_rule r JOIN admin_rule p ON p.id = r.pid WHERE (r.name LIKE 'wms/stocktake%' OR r.name LIKE 'wms/adjustment%') AND r.name NOT LIKE '%/export' ORDER BY r.name");
    expect(migrated).toEqual(seeded);
    expect(migrated).toHaveLength(2 + 9 + 6);
    expect(await t.dataSource.query('SELECT id, rules FROM admin_group ORDER BY id')).toEqual(groupsBefore);
    const menus = JSON.stringify((await as(t, await login(t)).get('/admin/index/index')).body.data.menus);
    expect(menus).toContain('wms/stocktake');
    expect(menus).toContain('wms/adjustment');
  });
});
