import { MigrationInterface, QueryRunner, TableColumn } from 'typeorm';
import { col } from './columns';

/**
 * A shelf says where goods are in the flow: 0 storage (the default: every shelf there is keeps holding
 * stock that can be reserved and picked), 1 receiving (a dock), 2 staging (picked goods wait there for
 * packing and shipping), 3 hold (quarantine, damaged, QC). Only storage shelves offer stock to reservations.
 */
export class ShelfKinds1764005000000 implements MigrationInterface {
  name = 'ShelfKinds1764005000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.addColumn('warehouse_shelf', new TableColumn(col.tinyint('kind')));
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropColumn('warehouse_shelf', 'kind');
  }
}
