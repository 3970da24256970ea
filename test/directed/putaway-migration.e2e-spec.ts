import { PutawayReplenishmentReorder1764006200000 } from '../../migrations/1764006200000-putaway-replenishment-reorder';
import { createTestApp, TestApp } from '../setup/create-test-app';
import { withMigrationsTakenBack } from '../support/migrations';

type Row = Record<string, any>;
const RULES = [
  'wms/putawayRule',
  'wms/putawayRule/index',
  'wms/putawayRule/add',
  'wms/putawayRule/edit',
  'wms/putawayRule/del',
  'wms/putaway/suggest',
  'wms/pickFace',
  'wms/pickFace/index',
  'wms/pickFace/add',
  'wms/pickFace/edit',
  'wms/pickFace/del',
  'wms/replenishment/run',
  'wms/reorderRule',
  'wms/reorderRule/index',
  'wms/reorderRule/add',
  'wms/reorderRule/edit',
  'wms/reorderRule/del',
  'wms/reorder/index',
  'wms/reorder/draft',
];

describe('migration: putaway, replenishment and reorder', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const rules = (): Promise<Row[]> =>
    t.dataSource.query(`SELECT r.name, r.type, r.title, r.title_en, r.component, p.name AS parent FROM admin_rule r JOIN admin_rule p ON p.id = r.pid WHERE r.name IN (${RULES.map(() => '?').join(',')}) ORDER BY r.name`, RULES);
  const setting = async () => (await t.dataSource.query("SELECT name, `group`, type, value FROM config WHERE name = 'auto_replenish'")) as Row[];

  it('down removes its columns, tables, setting and rules; up puts back what the seed writes (granted to the super administrators only)', async () => {
    await t.reset();
    const seeded = await rules();
    expect(seeded).toHaveLength(RULES.length);
    const seededSetting = await setting();
    expect(seededSetting).toEqual([{ name: 'auto_replenish', group: 'basics', type: 'number', value: '1' }]);
    const groups: Row[] = await t.dataSource.query('SELECT name, rules FROM admin_group ORDER BY id');
    const ids = new Set((await t.dataSource.query(`SELECT id FROM admin_rule WHERE name IN (${RULES.map(() => '?').join(',')})`, RULES)).map((r: Row) => String(r.id)));
    // only the super administrators ('*') hold them
    for (const g of groups.filter((g) => g.rules !== '*')) expect(String(g.rules ?? '').split(',').filter((id) => ids.has(id))).toEqual([]);

    await withMigrationsTakenBack(t.dataSource, PutawayReplenishmentReorder1764006200000, async (runner) => {
      expect(await rules()).toEqual([]);
      expect(await setting()).toEqual([]);
      expect(await runner.hasColumn('warehouse_shelf', 'capacity')).toBe(false);
      expect(await runner.hasColumn('inbound_order', 'warehouse_id')).toBe(false);
      for (const table of ['putaway_rule', 'pick_face', 'reorder_rule']) expect(await runner.hasTable(table)).toBe(false);
    });
    expect(await rules()).toEqual(seeded);
    expect(await setting()).toEqual(seededSetting);
    expect(await t.dataSource.query('SELECT capacity, mixing FROM warehouse_shelf LIMIT 1')).toBeDefined();
  });
});
