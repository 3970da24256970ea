import { MigrationInterface, QueryRunner, Table, TableColumnOptions, TableIndex } from 'typeorm';
import { col } from './columns';

/** Amounts in cents (money) or points (score), signed: a log row's change may be negative. */
const amount = (name: string): TableColumnOptions => ({ name, type: 'bigint', default: 0 });

/**
 * The member center (accounts): members, member groups and rules, the money and score logs; and the
 * platform's verification codes (e-mail / SMS) with the development SMS outbox.
 */
export class Members1763800000500 implements MigrationInterface {
  name = 'Members1763800000500';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'user',
        columns: [
          col.id(),
          col.ref('group_id'),
          col.varchar('username', 32),
          col.varchar('nickname', 50),
          // NULL when not bound, so the unique indexes allow any number of members without one.
          col.varchar('email', 100, { isNullable: true, default: null }),
          col.varchar('mobile', 20, { isNullable: true, default: null }),
          col.varchar('avatar', 255),
          col.tinyint('gender'),
          col.varchar('birthday', 10, { isNullable: true, default: null }),
          amount('money'),
          amount('score'),
          col.int('login_failure', { unsigned: true }),
          col.time('lastlogintime'),
          col.varchar('lastloginip', 50),
          col.time('jointime'),
          col.varchar('joinip', 50),
          col.varchar('password', 255),
          col.varchar('motto', 255),
          col.tinyint('status', 1),
          ...col.timestamps(),
        ],
        indices: [
          new TableIndex({ name: 'uniq_user_username', columnNames: ['username'], isUnique: true }),
          new TableIndex({ name: 'uniq_user_email', columnNames: ['email'], isUnique: true }),
          new TableIndex({ name: 'uniq_user_mobile', columnNames: ['mobile'], isUnique: true }),
          new TableIndex({ name: 'idx_user_group', columnNames: ['group_id'] }),
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'user_group',
        columns: [col.id(), col.varchar('name', 50), col.text('rules'), col.tinyint('status', 1), ...col.timestamps()],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'user_rule',
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
          col.tinyint('no_login_valid'),
          col.varchar('extend', 30, { default: "'none'" }),
          col.varchar('remark', 255),
          col.int('weigh'),
          col.tinyint('status', 1),
          ...col.timestamps(),
        ],
        indices: [
          new TableIndex({ name: 'uniq_user_rule_name', columnNames: ['name'], isUnique: true }),
          new TableIndex({ name: 'idx_user_rule_pid', columnNames: ['pid'] }),
        ],
      }),
    );
    for (const [table, column] of [
      ['user_money_log', 'money'],
      ['user_score_log', 'score'],
    ] as const) {
      await queryRunner.createTable(
        new Table({
          name: table,
          columns: [col.id(), col.ref('user_id'), amount(column), amount('before'), amount('after'), col.varchar('memo', 255), col.time('createtime')],
          indices: [
            new TableIndex({ name: `idx_${table}_user`, columnNames: ['user_id', 'id'] }),
            new TableIndex({ name: `idx_${table}_createtime`, columnNames: ['createtime'] }),
          ],
        }),
      );
    }
    await queryRunner.createTable(
      new Table({
        name: 'verification_code',
        columns: [
          // sha256 of event + target: one pending code per address and purpose
          { name: 'key', type: 'varchar', length: '64', isPrimary: true },
          col.varchar('event', 40),
          col.varchar('salt', 32),
          col.varchar('code_hash', 64),
          col.int('attempts', { unsigned: true }),
          col.time('createtime'),
          col.time('expiretime'),
        ],
        indices: [new TableIndex({ name: 'idx_verification_code_expiretime', columnNames: ['expiretime'] })],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'sms_message',
        columns: [col.id(), col.varchar('mobile', 20), col.varchar('template', 50), col.varchar('content', 500), col.time('createtime')],
        indices: [new TableIndex({ name: 'idx_sms_message_mobile', columnNames: ['mobile', 'id'] })],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of ['sms_message', 'verification_code', 'user_score_log', 'user_money_log', 'user_rule', 'user_group', 'user']) {
      await queryRunner.dropTable(table);
    }
  }
}
