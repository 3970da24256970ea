import { addSafetyMenus } from '../../migrations/1764000400000-safety-tools';
import { AdjustmentRecycleRule1764000400100 } from '../../migrations/1764000400100-adjustment-recycle-rule';
import { ListExportRules1764001600000 } from '../../migrations/1764001600000-list-export-rules';
import { FrameworkPageComponents1764005900000 } from '../../migrations/1764005900000-framework-page-components';
import { insertDefaultRules } from '../../src/modules/security/domain/default-rules';
import { TestApp } from '../setup/create-test-app';
import { as, login } from '../support/api';
import { publicSpec } from '../support/public-spec';

type Row = Record<string, any>;

/** The menus and rules as a fresh seed writes them: every safety rule name with its parent's name and titles. */
async function safetyMenus(t: TestApp): Promise<Row[]> {
  return t.dataSource.query(
    "SELECT r.name, r.type, r.title, r.title_en, r.component, p.name AS parent FROM admin_rule r LEFT JOIN admin_rule p ON p.id = r.pid WHERE r.name = 'security' OR r.name LIKE 'security/%' OR r.name LIKE 'routine/backup%' ORDER BY r.name",
  );
}

const rulesOf = async (t: TestApp) => ({
  recycle: ((await t.dataSource.query('SELECT data_table, status FROM security_data_recycle ORDER BY data_table')) as Row[]).map((r) => `${r.data_table}:${r.status}`),
  sensitive: ((await t.dataSource.query('SELECT data_table, data_fields FROM security_sensitive_data ORDER BY data_table')) as Row[]).map((r) => `${r.data_table}:${r.data_fields}`),
});

describe('migration: the safety tools for databases seeded before them', () => {
  let t: TestApp;
  publicSpec({ reset: 'never', ready: (fixture) => ({ t } = fixture) });

  it('adds the menus and the default rules once, as a fresh seed has them', async () => {
    await t.reset();
    const seeded = await safetyMenus(t);
    expect(seeded.map((r) => r.name)).toEqual(expect.arrayContaining(['security', 'security/dataRecycleLog/restore', 'security/sensitiveDataLog/rollback', 'routine/backup/download']));
    const seededRules = await rulesOf(t);

    // an older database: no safety menus, no rules
    await t.dataSource.query("DELETE FROM admin_rule WHERE name = 'security' OR name LIKE 'security/%' OR name LIKE 'routine/backup%'");
    await t.dataSource.query('DELETE FROM security_data_recycle');
    await t.dataSource.query('DELETE FROM security_sensitive_data');
    const runner = t.dataSource.createQueryRunner();
    try {
      for (let i = 0; i < 2; i++) {
        await addSafetyMenus(runner);
        await insertDefaultRules(runner);
        await new AdjustmentRecycleRule1764000400100().up(runner);
        await new ListExportRules1764001600000().up(runner); // the logs' export buttons came later
        await new FrameworkPageComponents1764005900000().up(runner); // and the framework's component names
      }
    } finally {
      await runner.release();
    }
    expect(await safetyMenus(t)).toEqual(seeded);
    expect(await rulesOf(t)).toEqual(seededRules);
    // the super administrator sees the pages at once
    const menus = (await as(t, await login(t)).get('/admin/index/index')).body.data.menus;
    const names = JSON.stringify(menus);
    expect(names).toContain('security/dataRecycleLog');
    expect(names).toContain('routine/backup');
  });

  it('adds the adjustment rule to rules written before adjustments existed, once', async () => {
    await t.reset();
    await t.dataSource.query("DELETE FROM security_data_recycle WHERE data_table = 'adjustment_order'");
    const runner = t.dataSource.createQueryRunner();
    try {
      await new AdjustmentRecycleRule1764000400100().up(runner);
      await new AdjustmentRecycleRule1764000400100().up(runner);
    } finally {
      await runner.release();
    }
    expect((await rulesOf(t)).recycle.filter((r) => r.startsWith('adjustment_order'))).toEqual(['adjustment_order:1']);
  });
});
