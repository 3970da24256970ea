import { MigrationInterface, QueryRunner, Table, TableColumn, TableIndex } from 'typeorm';
import { addColumns, col, dropColumns } from './columns';
import { ButtonTitles, LIST_BUTTONS, menuRuleNames, revokeRules, seedMenuRules } from './menu-rules';

const PAGES = [{ name: 'wms/productUnit', title: '商品包装单位', title_en: 'Product units', icon: 'IconCodeSandbox', buttons: ['index', 'add', 'edit', 'del'], weigh: 0 }] as const;

const BUTTONS: ButtonTitles = { ...LIST_BUTTONS };

/** The lines that may be entered in a product's unit: what the unit was when the line was written. */
const LINE_TABLES = ['inbound_order_line', 'outbound_order_line', 'relocation_order_line', 'adjustment_order_line', 'return_order_line', 'stocktake_line'] as const;

const unitColumns = () => [col.ref('unit_id'), col.int('unit_quantity'), col.varchar('unit_name', 50), col.int('factor', { default: 1 })];

/**
 * Units of measure (`product_unit`): a product's pallets, cases or inner packs, each a whole number (≥ 2) of
 * the product's own unit, optionally with a bar code of its own (unique among products' and units' bar
 * codes; the application checks across the two tables). Order, count lines keep the unit they were entered
 * in (its id, name and factor then, and the quantity in it); the history keeps each event's unit name and
 * factor (rows written before: the product's own unit, factor 1). The page and its buttons go to the super
 * administrators (the seed for a fresh database).
 */
export class ProductUnits1764006500000 implements MigrationInterface {
  name = 'ProductUnits1764006500000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'product_unit',
        columns: [col.id(), col.ref('product_id'), col.varchar('name', 50), col.int('factor', { default: 1 }), col.varchar('bar_code', 50, { isNullable: true, default: null }), ...col.timestamps()],
        indices: [
          new TableIndex({ name: 'uniq_product_unit_name', columnNames: ['product_id', 'name'], isUnique: true }),
          new TableIndex({ name: 'uniq_product_unit_bar_code', columnNames: ['bar_code'], isUnique: true }),
        ],
      }),
    );
    for (const table of LINE_TABLES) await addColumns(queryRunner, table, unitColumns());
    await addColumns(queryRunner, 'inventory_history', [col.varchar('unit_name', 50), col.int('factor', { default: 1 })]);
    // a projection (never the ledger): the rows of events written before units name the product's own unit
    await queryRunner.query('UPDATE inventory_history SET unit_name = unit, factor = 1');
    const [base]: Array<{ id: number | string }> = await queryRunner.query('SELECT id FROM admin_rule WHERE name = ?', ['wmsBase']);
    if (base) await seedMenuRules(queryRunner, Number(base.id), PAGES, BUTTONS);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await revokeRules(queryRunner, menuRuleNames(PAGES));
    await dropColumns(queryRunner, 'inventory_history', ['factor', 'unit_name']);
    for (const table of [...LINE_TABLES].reverse()) await dropColumns(queryRunner, table, ['factor', 'unit_name', 'unit_quantity', 'unit_id']);
    await queryRunner.dropTable('product_unit');
  }
}
