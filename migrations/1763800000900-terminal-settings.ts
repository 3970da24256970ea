import { MigrationInterface, QueryRunner, Table, TableIndex } from 'typeorm';
import { col } from './columns';

/**
 * The web terminal's settings (package manager, install service port), changed through
 * `ajax/changeTerminalConfig`. A missing row means the default (pnpm, 8000), so nothing is seeded.
 */
export class TerminalSettings1763800000900 implements MigrationInterface {
  name = 'TerminalSettings1763800000900';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'terminal_setting',
        columns: [col.id(), col.varchar('name', 50), col.varchar('value', 255), col.time('updatetime')],
        indices: [new TableIndex({ name: 'uniq_terminal_setting_name', columnNames: ['name'], isUnique: true })],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('terminal_setting');
  }
}
