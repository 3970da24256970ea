import { ShelfKinds1764005000000 } from '../../migrations/1764005000000-shelf-kinds';
import { createTestApp, TestApp } from '../setup/create-test-app';
import { withMigrationsTakenBack } from '../support/migrations';

type Row = Record<string, any>;
const RULES = ['wms/outbound/reserve', 'wms/outbound/unreserve', 'wms/wave', 'wms/wave/index', 'wms/wave/add', 'wms/wave/edit', 'wms/wave/del', 'wms/wave/release', 'wms/wave/cancel', 'wms/task', 'wms/task/index', 'wms/task/claim', 'wms/task/unclaim', 'wms/task/next', 'wms/task/confirm'];

describe('migrations: shelf kinds, reservations, waves and tasks, backorders', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const rules = (): Promise<Row[]> =>
    t.dataSource.query(`SELECT r.name, r.type, r.title, r.title_en, r.component, p.name AS parent FROM admin_rule r JOIN admin_rule p ON p.id = r.pid WHERE r.name IN (${RULES.map(() => '?').join(',')}) ORDER BY r.name`, RULES);
  const grantsByGroup = async (): Promise<Record<string, string[]>> => {
    const all: Row[] = await t.dataSource.query('SELECT id, name FROM admin_rule');
    const names = new Map(all.map((r) => [String(r.id), String(r.name)]));
    const groups: Row[] = await t.dataSource.query('SELECT name, rules FROM admin_group ORDER BY id');
    return Object.fromEntries(groups.map((g) => [g.name, String(g.rules ?? '').split(',').map((id) => names.get(id) ?? id).filter((n) => RULES.includes(n) || n === '*').sort()]));
  };
  const columns = async (table: string): Promise<string[]> => Object.keys((await t.dataSource.query(`SELECT * FROM ${table} LIMIT 1`))[0] ?? {});

  it('down removes their columns, tables and rules; up puts back what the seed writes, granted as the seed grants', async () => {
    await t.reset();
    await t.dataSource.query("INSERT INTO warehouse_shelf (warehouse_id, warehouse_area_id, serial_no, name, status, weigh, remark, kind) VALUES (0, 0, 'M1', 'M1', 1, 0, '', 2)");
    const seeded = await rules();
    expect(seeded).toHaveLength(RULES.length);
    const seededGrants = await grantsByGroup();
    expect(seededGrants['一级管理员']).toEqual(['wms/outbound/reserve', 'wms/outbound/unreserve']);

    await withMigrationsTakenBack(t.dataSource, ShelfKinds1764005000000, async (runner) => {
      expect(await rules()).toEqual([]);
      expect(await columns('warehouse_shelf')).not.toContain('kind');
      expect(await runner.hasTable('task')).toBe(false);
      expect(await runner.hasTable('stock_reservation')).toBe(false);
      expect(await runner.hasColumn('outbound_order', 'fulfilment_status')).toBe(false);
    });
    expect(await rules()).toEqual(seeded);
    expect(await grantsByGroup()).toEqual(seededGrants);
    // shelves that existed before kinds are storage shelves
    expect((await t.dataSource.query("SELECT kind FROM warehouse_shelf WHERE serial_no = 'M1'"))[0]).toEqual({ kind: 0 });
    expect(await columns('warehouse_shelf')).toContain('kind');
  });
});
