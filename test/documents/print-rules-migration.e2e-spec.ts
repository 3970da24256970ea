import { PrintLabelsScanRules1764000500000 } from '../../migrations/1764000500000-print-labels-scan-rules';
import { TestApp } from '../setup/create-test-app';
import { as, createAdmin, login } from '../support/api';
import { publicSpec } from '../support/public-spec';

type Row = Record<string, any>;
const NEW_RULES = ['wms/inbound/print', 'wms/outbound/print', 'wms/relocation/print', 'wms/product/labels', 'wms/shelf/labels', 'wms/scan/resolve'];

/** Rule names each group holds among the new ones. */
async function grants(t: TestApp): Promise<Record<string, string[]>> {
  const rules: Row[] = await t.dataSource.query('SELECT id, name FROM admin_rule');
  const names = new Map(rules.map((r) => [String(r.id), r.name as string]));
  const groups: Row[] = await t.dataSource.query('SELECT name, rules FROM admin_group ORDER BY id');
  return Object.fromEntries(
    groups.map((g) => [
      g.name,
      String(g.rules)
        .split(',')
        .map((id) => (id === '*' ? '*' : names.get(id)))
        .filter((name): name is string => !!name && (name === '*' || NEW_RULES.includes(name)))
        .sort(),
    ]),
  );
}

describe('migration: print, labels and scan rules for databases seeded before them', () => {
  let t: TestApp;
  publicSpec({ reset: 'never', ready: (fixture) => ({ t } = fixture) });

  it('adds the rules once and grants them as a fresh seed does; custom groups by what they can already do', async () => {
    await t.reset();
    const seeded = await grants(t);
    expect(seeded['一级管理员']).toEqual([...NEW_RULES].sort());
    expect(seeded['三级管理员']).toEqual(['wms/inbound/print', 'wms/outbound/print', 'wms/product/labels', 'wms/relocation/print', 'wms/shelf/labels']);
    expect(seeded['审计员']).toEqual(['wms/inbound/print', 'wms/outbound/print', 'wms/relocation/print']);

    // an older database: the rules do not exist yet
    const old: Row[] = await t.dataSource.query(`SELECT id FROM admin_rule WHERE name IN (${NEW_RULES.map(() => '?').join(',')})`, NEW_RULES);
    const oldIds = new Set(old.map((r) => String(r.id)));
    for (const group of (await t.dataSource.query('SELECT id, rules FROM admin_group')) as Row[]) {
      await t.dataSource.query('UPDATE admin_group SET rules = ? WHERE id = ?', [String(group.rules).split(',').filter((id) => !oldIds.has(id)).join(','), group.id]);
    }
    await t.dataSource.query(`DELETE FROM admin_rule WHERE name IN (${NEW_RULES.map(() => '?').join(',')})`, NEW_RULES);
    // nor the catalogue lists the Auditor group's pickers read (granted later, by migration 1764001200000)
    const pickers: Row[] = await t.dataSource.query("SELECT id FROM admin_rule WHERE name IN ('wms/product/index', 'wms/warehouse/index', 'wms/shelf/index')");
    const pickerIds = new Set(pickers.map((r) => String(r.id)));
    const [auditors]: Row[] = await t.dataSource.query("SELECT id, rules FROM admin_group WHERE name = '审计员'");
    await t.dataSource.query('UPDATE admin_group SET rules = ? WHERE id = ?', [String(auditors.rules).split(',').filter((id) => !pickerIds.has(id)).join(','), auditors.id]);
    await createAdmin(t, 'clerk', ['wmsOperation', 'wms/outbound', 'wms/outbound/index', 'wms/outbound/add']);
    await createAdmin(t, 'shelfwatcher', ['wmsBase', 'wms/shelf', 'wms/shelf/index']);

    const runner = t.dataSource.createQueryRunner();
    try {
      await new PrintLabelsScanRules1764000500000().up(runner);
      await new PrintLabelsScanRules1764000500000().up(runner); // a second run changes nothing
    } finally {
      await runner.release();
    }
    const after = await grants(t);
    for (const name of ['超级管理组', '一级管理员', '二级管理员', '三级管理员', '审计员']) expect({ name, rules: after[name] }).toEqual({ name, rules: seeded[name] });
    expect(after['clerk group']).toEqual(['wms/outbound/print', 'wms/scan/resolve']);
    expect(after['shelfwatcher group']).toEqual(['wms/shelf/labels']);
    const rules: Row[] = await t.dataSource.query(`SELECT r.name, p.name AS parent FROM admin_rule r JOIN admin_rule p ON p.id = r.pid WHERE r.name IN (${NEW_RULES.map(() => '?').join(',')}) ORDER BY r.name`, NEW_RULES);
    expect(rules.map((r) => [r.name, r.parent])).toEqual([
      ['wms/inbound/print', 'wms/inbound'],
      ['wms/outbound/print', 'wms/outbound'],
      ['wms/product/labels', 'wms/product'],
      ['wms/relocation/print', 'wms/relocation'],
      ['wms/scan/resolve', 'wmsOperation'],
      ['wms/shelf/labels', 'wms/shelf'],
    ]);
    const clerk = await login(t, 'clerk');
    expect((await as(t, clerk).get('/admin/wms.Scan/resolve?code=NONE')).body).toMatchObject({ code: 0, msg: 'Unknown code: NONE' });
  });
});
