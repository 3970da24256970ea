import { MigrationInterface, QueryRunner, TableIndex } from 'typeorm';

/**
 * The history page's usual filter is a warehouse and a form type. With (warehouse_id, id) alone the total of
 * such a list reads every history row of the warehouse; this index makes it a range of one index.
 */
export class HistoryWarehouseFormIndex1763800001000 implements MigrationInterface {
  name = 'HistoryWarehouseFormIndex1763800001000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createIndex('inventory_history', new TableIndex({ name: 'idx_history_warehouse_form', columnNames: ['warehouse_id', 'form_type', 'id'] }));
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropIndex('inventory_history', 'idx_history_warehouse_form');
  }
}
