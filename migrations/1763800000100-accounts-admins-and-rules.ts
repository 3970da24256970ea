import { MigrationInterface, QueryRunner, Table, TableIndex } from 'typeorm';
import { col } from './columns';

export class AccountsAdminsAndRules1763800000100 implements MigrationInterface {
  name = 'AccountsAdminsAndRules1763800000100';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'admin',
        columns: [
          col.id(),
          col.varchar('username', 20),
          col.varchar('nickname', 50),
          col.varchar('avatar', 255),
          col.varchar('email', 100),
          col.varchar('mobile', 20),
          col.int('login_failure', { unsigned: true }),
          col.time('lastlogintime'),
          col.varchar('lastloginip', 50),
          col.varchar('password', 255),
          col.varchar('motto', 255),
          col.tinyint('status', 1),
          ...col.timestamps(),
        ],
        indices: [new TableIndex({ name: 'uniq_admin_username', columnNames: ['username'], isUnique: true })],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'admin_group',
        columns: [col.id(), col.ref('pid'), col.varchar('name', 100), col.text('rules'), col.tinyint('status', 1), ...col.timestamps()],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'admin_group_access',
        columns: [col.ref('uid', { isPrimary: true, default: undefined }), col.ref('group_id', { isPrimary: true, default: undefined })],
        indices: [new TableIndex({ name: 'idx_admin_group_access_group', columnNames: ['group_id'] })],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'admin_rule',
        columns: [
          col.id(),
          col.ref('pid'),
          col.varchar('type', 20, { default: "'menu'" }),
          col.varchar('title', 50),
          col.varchar('title_en', 50),
          col.varchar('name', 50),
          col.varchar('path', 100),
          col.varchar('icon', 50),
          col.varchar('menu_type', 20, { isNullable: true, default: null }),
          col.varchar('url', 255),
          col.varchar('component', 100),
          col.tinyint('keepalive'),
          col.varchar('extend', 30, { default: "'none'" }),
          col.varchar('remark', 255),
          col.int('weigh'),
          col.tinyint('status', 1),
          ...col.timestamps(),
        ],
        indices: [
          new TableIndex({ name: 'uniq_admin_rule_name', columnNames: ['name'], isUnique: true }),
          new TableIndex({ name: 'idx_admin_rule_pid', columnNames: ['pid'] }),
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'token',
        columns: [
          { name: 'id', type: 'varchar', length: '64', isPrimary: true },
          col.varchar('type', 20),
          col.ref('account_id'),
          col.time('createtime'),
          col.time('expiretime'),
        ],
        indices: [
          new TableIndex({ name: 'idx_token_account', columnNames: ['account_id', 'type'] }),
          new TableIndex({ name: 'idx_token_expire', columnNames: ['expiretime'] }),
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'admin_log',
        columns: [
          col.id(),
          col.ref('admin_id'),
          col.varchar('username', 20),
          col.varchar('url', 1500),
          col.varchar('title', 100),
          col.text('data'),
          col.varchar('ip', 50),
          col.varchar('useragent', 255),
          col.time('createtime'),
        ],
        indices: [
          new TableIndex({ name: 'idx_admin_log_admin', columnNames: ['admin_id', 'id'] }),
          new TableIndex({ name: 'idx_admin_log_createtime', columnNames: ['createtime'] }),
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of ['admin_log', 'token', 'admin_rule', 'admin_group_access', 'admin_group', 'admin']) {
      await queryRunner.dropTable(table);
    }
  }
}
