import { LotBlocks1764006100000 } from '../../migrations/1764006100000-lot-blocks';
import { createTestApp, TestApp } from '../setup/create-test-app';
import { withMigrationsTakenBack } from '../support/migrations';

type Row = Record<string, any>;
const RULES = [
  'wms/lot',
  'wms/lot/index',
  'wms/lot/export',
  'wms/lot/block',
  'wms/lot/unblock',
  'wms/lot/trace',
  'wms/lot/trace/export',
  'wms/return',
  'wms/return/index',
  'wms/return/add',
  'wms/return/edit',
  'wms/return/del',
  'wms/return/audit',
  'wms/return/print',
  'wms/return/export',
  'wms/return/returnable',
];

describe('migrations: lot blocks, customer returns', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const rules = (): Promise<Row[]> =>
    t.dataSource.query(`SELECT r.name, r.type, r.title, r.title_en, r.component, p.name AS parent FROM admin_rule r JOIN admin_rule p ON p.id = r.pid WHERE r.name IN (${RULES.map(() => '?').join(',')}) ORDER BY r.name`, RULES);

  it('given a seeded database, when the migrations go down and up again, then their tables and rules are as the seed writes them', async () => {
    await t.reset();
    const seeded = await rules();
    expect(seeded.map((r) => r.name)).toEqual([...RULES].sort());
    await withMigrationsTakenBack(t.dataSource, LotBlocks1764006100000, async (runner) => {
      expect(await rules()).toEqual([]);
      for (const table of ['lot_block', 'return_order', 'return_order_line']) expect(await runner.hasTable(table)).toBe(false);
    });
    const runner = t.dataSource.createQueryRunner();
    try {
      for (const table of ['lot_block', 'return_order', 'return_order_line']) expect(await runner.hasTable(table)).toBe(true);
      // what later migrations added to these tables is back too (serial numbers)
      expect((await runner.getTable('return_order_line'))!.findColumnByName('serials')).toBeDefined();
    } finally {
      await runner.release();
    }
    expect(await rules()).toEqual(seeded);
  });
});
