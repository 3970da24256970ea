import { MigrationInterface, QueryRunner, Table } from 'typeorm';
import { col } from './columns';

/** One row per throttled key (a member or address commenting): when it last passed. */
export class RateGate1764000000100 implements MigrationInterface {
  name = 'RateGate1764000000100';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(new Table({ name: 'rate_gate', columns: [{ name: 'gate', type: 'varchar', length: '120', isPrimary: true }, col.time('passed_at', { isNullable: false, default: 0 })] }));
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('rate_gate');
  }
}
