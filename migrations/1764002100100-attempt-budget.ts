import { MigrationInterface, QueryRunner, Table, TableIndex } from 'typeorm';
import { col } from './columns';

/**
 * The budgets of failed sign-ins that slow down instead of locking (AttemptBudget): one row per account (from
 * any address) and per address (for any names), in the database so that every app process counts alike.
 */
export class AttemptBudget1764002100100 implements MigrationInterface {
  name = 'AttemptBudget1764002100100';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'attempt_budget',
        columns: [
          { name: 'subject', type: 'varchar', length: '150', isPrimary: true },
          { name: 'failures', type: 'int', unsigned: true, isNullable: false, default: 0 },
          col.time('lasttime', { isNullable: false, default: 0 }),
          col.time('blocked_until', { isNullable: false, default: 0 }),
        ],
        indices: [new TableIndex({ name: 'idx_attempt_budget_lasttime', columnNames: ['lasttime'] })],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('attempt_budget');
  }
}
