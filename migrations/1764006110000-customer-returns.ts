import { MigrationInterface, QueryRunner, Table, TableIndex } from 'typeorm';
import { col } from './columns';
import { ButtonTitles, LIST_BUTTONS, menuRuleNames, revokeRules, seedMenuRules } from './menu-rules';

const PAGES = [{ name: 'wms/return', title: '客户退货单', title_en: 'Customer returns', icon: 'IconUndo', buttons: ['index', 'add', 'edit', 'del', 'audit', 'print', 'export', 'returnable'], weigh: 0 }] as const;

const BUTTONS: ButtonTitles = {
  ...LIST_BUTTONS,
  audit: ['审核', 'Audit'],
  print: ['打印', 'Print'],
  export: ['导出', 'Export'],
  returnable: ['可退数量', 'Returnable quantities'],
};

/**
 * Customer returns (`return_order`, number `TH<yyyymmdd>-<nnnn>`) against a shipped outbound order
 * (`outbound_id`, its customer copied): lines of a product and lot with a quantity, a disposition (1 restock
 * onto a storage shelf, 2 hold onto a hold shelf, 3 scrap) and a reason. Auditing posts form type 150 into
 * each line's shelf; scrapped lines are then taken out again by an audited adjustment (`scrap_adjustment_id`,
 * reason `return_scrap`). The page and its buttons go to the super administrators (the seed for a fresh database).
 */
export class CustomerReturns1764006110000 implements MigrationInterface {
  name = 'CustomerReturns1764006110000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'return_order',
        columns: [
          col.id(),
          col.varchar('return_no', 30),
          col.varchar('order_sn', 100),
          col.ref('outbound_id'),
          col.ref('customer_id'),
          col.ref('scrap_adjustment_id'),
          col.ref('admin_id'),
          col.tinyint('audit_status'),
          col.time('audittime'),
          col.ref('audit_admin_id'),
          col.varchar('remark', 500),
          ...col.timestamps(),
        ],
        indices: [
          new TableIndex({ name: 'uniq_return_no', columnNames: ['return_no'], isUnique: true }),
          new TableIndex({ name: 'idx_return_outbound', columnNames: ['outbound_id', 'audit_status'] }),
          new TableIndex({ name: 'idx_return_audit', columnNames: ['audit_status', 'id'] }),
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'return_order_line',
        columns: [
          col.id(),
          col.ref('return_order_id'),
          col.ref('product_id'),
          col.ref('warehouse_shelf_id'),
          col.varchar('lot_no', 32),
          col.int('quantity'),
          col.tinyint('disposition', 1),
          col.varchar('reason', 255),
          col.money('price'),
          col.money('total_price'),
        ],
        indices: [new TableIndex({ name: 'idx_return_line_order', columnNames: ['return_order_id'] })],
      }),
    );
    const [operation]: Array<{ id: number | string }> = await queryRunner.query('SELECT id FROM admin_rule WHERE name = ?', ['wmsOperation']);
    if (operation) await seedMenuRules(queryRunner, Number(operation.id), PAGES, BUTTONS);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await revokeRules(queryRunner, menuRuleNames(PAGES));
    await queryRunner.dropTable('return_order_line');
    await queryRunner.dropTable('return_order');
  }
}
