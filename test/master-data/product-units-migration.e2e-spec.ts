import { ProductUnits1764006500000 } from '../../migrations/1764006500000-product-units';
import { createTestApp, TestApp } from '../setup/create-test-app';
import { withMigrationsTakenBack } from '../support/migrations';

type Row = Record<string, any>;
const RULES = ['wms/productUnit', 'wms/productUnit/index', 'wms/productUnit/add', 'wms/productUnit/edit', 'wms/productUnit/del'];

describe('migration: product units', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const rules = (): Promise<Row[]> =>
    t.dataSource.query(`SELECT r.name, r.type, r.title, r.title_en, r.component, p.name AS parent FROM admin_rule r JOIN admin_rule p ON p.id = r.pid WHERE r.name IN (${RULES.map(() => '?').join(',')}) ORDER BY r.name`, RULES);

  it('given a seeded database with history, when the migration goes down and up again, then its table, columns and rules are as the seed writes them, and old history rows name the product unit with factor 1', async () => {
    await t.reset();
    const seeded = await rules();
    expect(seeded.map((r) => r.name)).toEqual([...RULES].sort());
    expect(seeded.find((r) => r.name === 'wms/productUnit')).toMatchObject({ type: 'menu', parent: 'wmsBase', component: '/src/pages/admin/wms/productUnit/index.tsx', title_en: 'Product units' });
    await withMigrationsTakenBack(t.dataSource, ProductUnits1764006500000, async (runner) => {
      expect(await rules()).toEqual([]);
      expect(await runner.hasTable('product_unit')).toBe(false);
      expect(await runner.hasColumn('inbound_order_line', 'unit_id')).toBe(false);
      expect(await runner.hasColumn('inventory_history', 'factor')).toBe(false);
      // a history row written before units
      await runner.query(
        "INSERT INTO inventory_history (event_id, order_no, order_type, order_id, admin_id, operator, form_type, quantity, price, total_price, balance, product_id, product_name, product_no, unit, spec, warehouse_id, warehouse_area_id, warehouse_shelf_id, shelf_location, lot_no, expiry_date, createtime) VALUES (1, 'RK1', 'inbound', 1, 1, 'Admin', 10, 5, '1.00', '5.00', 5, 1, 'Tea', 'T1', 'pcs', '', 1, 1, 1, 'Main / A / S1', '', '', 1)",
      );
    });
    const runner = t.dataSource.createQueryRunner();
    try {
      for (const [table, column] of [['inbound_order_line', 'unit_quantity'], ['outbound_order_line', 'factor'], ['relocation_order_line', 'unit_name'], ['adjustment_order_line', 'unit_id'], ['return_order_line', 'factor'], ['stocktake_line', 'unit_quantity']]) {
        expect([table, await runner.hasColumn(table, column)]).toEqual([table, true]);
      }
      // what later migrations added to the tables it takes back is there again (serial numbers)
      expect(await runner.hasColumn('return_order_line', 'serials')).toBe(true);
    } finally {
      await runner.release();
    }
    const [history] = await t.dataSource.query('SELECT unit, unit_name, factor FROM inventory_history');
    expect({ ...history, factor: Number(history.factor) }).toEqual({ unit: 'pcs', unit_name: 'pcs', factor: 1 });
    await t.dataSource.query('DELETE FROM inventory_history');
    expect(await rules()).toEqual(seeded);
  });
});
