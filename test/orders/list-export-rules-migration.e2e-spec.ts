import { ListExportRules1764001600000 } from '../../migrations/1764001600000-list-export-rules';
import { TestApp } from '../setup/create-test-app';
import { createAdmin } from '../support/api';
import { publicSpec } from '../support/public-spec';
import { withMigrationsTakenBack } from '../support/migrations';

type Row = Record<string, any>;
const EXPORTS = ['inbound', 'outbound', 'relocation', 'stocktake', 'adjustment']
  .map((kind) => `wms/${kind}/export`)
  .concat(['auth/adminLog/export', 'user/user/export', 'user/moneyLog/export', 'user/scoreLog/export', 'security/dataRecycleLog/export', 'security/sensitiveDataLog/export']);

describe('migration: export rules of the order lists, the admin log and the members for databases seeded before them', () => {
  let t: TestApp;
  publicSpec({ reset: 'never', ready: (fixture) => ({ t } = fixture) });

  const rulesOf = async (groupId: number): Promise<string[]> => {
    const [group]: Row[] = await t.dataSource.query('SELECT rules FROM admin_group WHERE id = ?', [groupId]);
    const ids = String(group.rules).split(',');
    const rules: Row[] = await t.dataSource.query('SELECT id, name FROM admin_rule');
    return rules.filter((r) => ids.includes(String(r.id))).map((r) => r.name);
  };

  it('adds each export button under its menu as the seed does, granted to the groups that may see the list', async () => {
    await t.reset();
    const seeded: Row[] = await t.dataSource.query(`SELECT r.name, r.type, r.title, r.title_en, p.name AS parent FROM admin_rule r JOIN admin_rule p ON p.id = r.pid WHERE r.name IN (${EXPORTS.map(() => '?').join(',')}) ORDER BY r.name`, EXPORTS);
    expect(seeded).toHaveLength(EXPORTS.length);
    const { groupId: reader } = await createAdmin(t, 'reader', ['wmsOperation', 'wms/inbound', 'wms/inbound/index', 'user', 'user/user', 'user/user/index']);
    const { groupId: other } = await createAdmin(t, 'other', ['wmsOperation', 'wms/outbound', 'wms/outbound/add']);
    // a group that holds export buttons (granted by hand): down must take them out of it
    const { groupId: holder } = await createAdmin(t, 'holder', ['wmsOperation', 'wms/inbound', 'wms/inbound/export', 'user', 'user/user', 'user/user/export']);
    const rulesIdsOf = async (groupId: number): Promise<string[]> => String((await t.dataSource.query('SELECT rules FROM admin_group WHERE id = ?', [groupId]))[0].rules).split(',');
    const exportIds = new Set(((await t.dataSource.query(`SELECT id FROM admin_rule WHERE name IN (${EXPORTS.map(() => '?').join(',')})`, EXPORTS)) as Row[]).map((r) => String(r.id)));
    expect((await rulesIdsOf(holder)).filter((id) => exportIds.has(id))).toHaveLength(2);
    // an older database: no export rules yet
    await withMigrationsTakenBack(t.dataSource, ListExportRules1764001600000, async (runner) => {
      // down takes the rules away and out of every group
      expect(await t.dataSource.query(`SELECT name FROM admin_rule WHERE name IN (${EXPORTS.map(() => '?').join(',')})`, EXPORTS)).toEqual([]);
      const groups: Row[] = await t.dataSource.query('SELECT id, rules FROM admin_group');
      expect(groups.filter((g) => String(g.rules).split(',').some((id) => exportIds.has(id))).map((g) => g.id)).toEqual([]);
      // its other four rules stay, listed without gaps
      const left = await rulesIdsOf(holder);
      expect(left).toHaveLength(4);
      expect(left.every((id) => /^\d+$/.test(id))).toBe(true);
      // up() here and once more when the helper applies the migrations again: a second run changes nothing
      await new ListExportRules1764001600000().up(runner);
    });
    const migrated: Row[] = await t.dataSource.query(`SELECT r.name, r.type, r.title, r.title_en, p.name AS parent FROM admin_rule r JOIN admin_rule p ON p.id = r.pid WHERE r.name IN (${EXPORTS.map(() => '?').join(',')}) ORDER BY r.name`, EXPORTS);
    expect(migrated).toEqual(seeded);
    expect((await rulesOf(reader)).filter((n) => n.endsWith('/export')).sort()).toEqual(['user/user/export', 'wms/inbound/export']);
    expect((await rulesOf(other)).filter((n) => n.endsWith('/export'))).toEqual([]);
    const [auditor]: Row[] = await t.dataSource.query("SELECT id FROM admin_group WHERE name = '审计员'");
    expect((await rulesOf(Number(auditor.id))).filter((n) => n.endsWith('/export') && EXPORTS.includes(n)).sort()).toEqual(['wms/inbound/export', 'wms/outbound/export', 'wms/relocation/export']);
  });
});
