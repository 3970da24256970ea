import { MigrationInterface, QueryRunner, Table, TableIndex } from 'typeorm';
import { col } from './columns';
import { ButtonTitles, LIST_BUTTONS, menuRuleNames, revokeRules, seedMenuRules } from './menu-rules';

const PAGES = [{ name: 'wms/lot', title: '批次与召回', title_en: 'Lots and recalls', icon: 'IconSafe', buttons: ['index', 'export', 'block', 'unblock', 'trace', 'trace/export'], weigh: 0 }] as const;

const BUTTONS: ButtonTitles = {
  ...LIST_BUTTONS,
  export: ['导出', 'Export'],
  block: ['冻结批次', 'Block lot'],
  unblock: ['解冻批次', 'Unblock lot'],
  trace: ['批次追溯', 'Lot trace'],
  'trace/export': ['导出批次追溯', 'Export a lot trace'],
};

/**
 * Blocked lots (a recall, a quality hold): one row per (product, lot) while it is blocked, with the reason,
 * who blocked it and when; unblocking deletes the row (the admin log keeps both requests). Not a projection:
 * the ledger knows nothing of blocks, so `projections:rebuild` leaves this table alone. The lots page and its
 * buttons go to the super administrators (a fresh database gets them from the seed).
 */
export class LotBlocks1764006100000 implements MigrationInterface {
  name = 'LotBlocks1764006100000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'lot_block',
        columns: [col.id(), col.ref('product_id'), col.varchar('lot_no', 32), col.varchar('reason', 255), col.ref('admin_id'), ...col.timestamps()],
        indices: [new TableIndex({ name: 'uniq_lot_block', columnNames: ['product_id', 'lot_no'], isUnique: true })],
      }),
    );
    const [operation]: Array<{ id: number | string }> = await queryRunner.query('SELECT id FROM admin_rule WHERE name = ?', ['wmsOperation']);
    if (operation) await seedMenuRules(queryRunner, Number(operation.id), PAGES, BUTTONS);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await revokeRules(queryRunner, menuRuleNames(PAGES));
    await queryRunner.dropTable('lot_block');
  }
}
