import { LotBlocks1764006100000 } from '../../migrations/1764006100000-lot-blocks';
import { CustomerReturns1764006110000 } from '../../migrations/1764006110000-customer-returns';
import { createTestApp, TestApp } from '../setup/create-test-app';

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
const MIGRATIONS = [new LotBlocks1764006100000(), new CustomerReturns1764006110000()];

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
    const runner = t.dataSource.createQueryRunner();
    try {
      for (const migration of [...MIGRATIONS].reverse()) await migration.down(runner);
      expect(await rules()).toEqual([]);
      for (const table of ['lot_block', 'return_order', 'return_order_line']) expect(await runner.hasTable(table)).toBe(false);
      for (const migration of MIGRATIONS) await migration.up(runner);
      for (const table of ['lot_block', 'return_order', 'return_order_line']) expect(await runner.hasTable(table)).toBe(true);
    } finally {
      await runner.release();
    }
    expect(await rules()).toEqual(seeded);
  });
});
