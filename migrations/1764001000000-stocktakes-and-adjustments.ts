import { MigrationInterface, QueryRunner, Table, TableIndex } from 'typeorm';
import { col } from './columns';
import { LIST_BUTTONS, menuRuleNames, seedMenuRules, type ButtonTitles } from './menu-rules';

type RuleRow = { id: number | string; name: string; weigh: number | string };

/** The menus this migration adds to a database seeded before them (a fresh database gets them from the seed). */
const MENUS = [
  { name: 'wms/stocktake', title: '盘点单', title_en: 'Stock counts', icon: 'IconCheckSquare', buttons: ['index', 'add', 'edit', 'del', 'start', 'count', 'post', 'cancel', 'print'] },
  { name: 'wms/adjustment', title: '库存调整单', title_en: 'Stock adjustments', icon: 'IconEdit', buttons: ['index', 'add', 'edit', 'del', 'audit', 'print'] },
];
const BUTTONS: ButtonTitles = {
  ...LIST_BUTTONS,
  audit: ['审核', 'Audit'],
  start: ['开始盘点', 'Start'],
  count: ['录入盘点', 'Count'],
  post: ['过账', 'Post'],
  cancel: ['取消', 'Cancel'],
  print: ['打印', 'Print'],
};

/**
 * Stock counts (`stocktake`, its lines one per stock stream in scope with the book at start) and adjustment
 * orders (`adjustment_order`, lines with a signed quantity and a reason). On a database seeded before them it
 * also adds their menus and buttons under "Warehouse operations", granted to no group: the super
 * administrators (`*`) hold them, everyone else gets them on purpose.
 */
export class StocktakesAndAdjustments1764001000000 implements MigrationInterface {
  name = 'StocktakesAndAdjustments1764001000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'stocktake',
        columns: [
          col.id(),
          col.varchar('stocktake_no', 30),
          col.ref('warehouse_id'),
          col.ref('warehouse_area_id'),
          col.ref('warehouse_shelf_id'),
          col.ref('category_id'),
          col.tinyint('blind'),
          col.tinyint('status'),
          col.varchar('remark', 500),
          col.ref('admin_id'),
          col.time('start_time'),
          col.ref('start_admin_id'),
          col.time('post_time'),
          col.ref('post_admin_id'),
          ...col.timestamps(),
        ],
        indices: [
          new TableIndex({ name: 'uniq_stocktake_no', columnNames: ['stocktake_no'], isUnique: true }),
          new TableIndex({ name: 'idx_stocktake_status', columnNames: ['status', 'id'] }),
          new TableIndex({ name: 'idx_stocktake_warehouse', columnNames: ['warehouse_id'] }),
          new TableIndex({ name: 'idx_stocktake_createtime', columnNames: ['createtime'] }),
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'stocktake_line',
        columns: [
          col.id(),
          col.ref('stocktake_id'),
          col.ref('product_id'),
          col.ref('warehouse_shelf_id'),
          col.varchar('lot_no', 50),
          col.int('book_quantity'),
          col.int('book_version', { unsigned: true }),
          col.int('counted_quantity', { isNullable: true, default: null }),
          col.int('expected_quantity', { isNullable: true, default: null }),
          col.int('variance', { isNullable: true, default: null }),
          col.money('price'),
          col.tinyint('found'),
          col.ref('count_admin_id'),
          col.time('counttime'),
        ],
        indices: [
          new TableIndex({ name: 'uniq_stocktake_line_stream', columnNames: ['stocktake_id', 'product_id', 'warehouse_shelf_id', 'lot_no'], isUnique: true }),
          new TableIndex({ name: 'idx_stocktake_line_product', columnNames: ['product_id'] }),
          new TableIndex({ name: 'idx_stocktake_line_shelf', columnNames: ['warehouse_shelf_id'] }),
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'adjustment_order',
        columns: [
          col.id(),
          col.varchar('adjustment_no', 30),
          col.varchar('order_sn', 100),
          col.ref('admin_id'),
          col.tinyint('audit_status'),
          col.time('audittime'),
          col.ref('audit_admin_id'),
          col.varchar('remark', 500),
          ...col.timestamps(),
        ],
        indices: [
          new TableIndex({ name: 'uniq_adjustment_no', columnNames: ['adjustment_no'], isUnique: true }),
          new TableIndex({ name: 'idx_adjustment_audit', columnNames: ['audit_status', 'id'] }),
          new TableIndex({ name: 'idx_adjustment_createtime', columnNames: ['createtime'] }),
          new TableIndex({ name: 'idx_adjustment_order_sn', columnNames: ['order_sn'] }),
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'adjustment_order_line',
        columns: [
          col.id(),
          col.ref('adjustment_order_id'),
          col.ref('product_id'),
          col.ref('warehouse_shelf_id'),
          col.varchar('lot_no', 50),
          col.int('quantity'),
          col.varchar('reason', 20),
          col.money('price'),
          col.money('total_price'),
        ],
        indices: [
          new TableIndex({ name: 'idx_adjustment_line_order', columnNames: ['adjustment_order_id'] }),
          new TableIndex({ name: 'idx_adjustment_line_product', columnNames: ['product_id'] }),
          new TableIndex({ name: 'idx_adjustment_line_shelf', columnNames: ['warehouse_shelf_id'] }),
        ],
      }),
    );
    await this.addRules(queryRunner);
  }

  /** Nothing when the seed has not run yet; the pages weigh what "Relocation" weighs, beside it. */
  private async addRules(queryRunner: QueryRunner): Promise<void> {
    const [parent]: RuleRow[] = await queryRunner.query("SELECT id, name, weigh FROM admin_rule WHERE name = 'wmsOperation'");
    if (!parent) return;
    const [sibling]: RuleRow[] = await queryRunner.query("SELECT id, name, weigh FROM admin_rule WHERE name = 'wms/relocation'");
    await seedMenuRules(queryRunner, Number(parent.id), MENUS.map((menu) => ({ ...menu, weigh: Number(sibling?.weigh ?? 0) })), BUTTONS, { wholePages: true });
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const names = menuRuleNames(MENUS);
    await queryRunner.query(`DELETE FROM admin_rule WHERE name IN (${names.map(() => '?').join(',')})`, names);
    for (const table of ['adjustment_order_line', 'adjustment_order', 'stocktake_line', 'stocktake']) await queryRunner.dropTable(table);
  }
}
