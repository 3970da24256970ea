import { MigrationInterface, QueryRunner, Table, TableIndex } from 'typeorm';
import { col } from './columns';

/**
 * Failed sign-ins per account AND source address: ten failures lock that account for that address only,
 * so an attacker elsewhere cannot lock the owner out. `account` is `#<id>` for an existing account and
 * `?<name as typed>` for an unknown one (which locks the same way, so a lock tells nobody a name exists).
 */
export class LoginFailures1764000100000 implements MigrationInterface {
  name = 'LoginFailures1764000100000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'login_failure',
        columns: [
          col.id(),
          col.varchar('scope', 10),
          col.varchar('account', 120),
          col.varchar('ip', 50),
          col.int('failures', { unsigned: true }),
          col.time('lasttime', { isNullable: false, default: 0 }),
        ],
        indices: [
          new TableIndex({ name: 'uniq_login_failure_source', columnNames: ['scope', 'account', 'ip'], isUnique: true }),
          new TableIndex({ name: 'idx_login_failure_lasttime', columnNames: ['lasttime'] }),
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('login_failure');
  }
}
