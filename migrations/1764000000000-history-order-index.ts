import { MigrationInterface, QueryRunner, TableIndex } from 'typeorm';

/**
 * History rows by the order that made them: the check of orders against the ledger (in
 * `projections:rebuild`) reads the movements of a range of orders at a time through it.
 */
export class HistoryOrderIndex1764000000000 implements MigrationInterface {
  name = 'HistoryOrderIndex1764000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createIndex('inventory_history', new TableIndex({ name: 'idx_history_order', columnNames: ['order_type', 'order_id'] }));
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropIndex('inventory_history', 'idx_history_order');
  }
}
