import { MigrationInterface, QueryRunner, TableColumn } from 'typeorm';
import { col } from './columns';

/**
 * Shipping a picked order ships what was picked; what was not becomes a new outbound order whose
 * `backorder_of` names the original (0: not a backorder).
 */
export class OutboundBackorders1764005030000 implements MigrationInterface {
  name = 'OutboundBackorders1764005030000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.addColumn('outbound_order', new TableColumn(col.ref('backorder_of')));
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropColumn('outbound_order', 'backorder_of');
  }
}
