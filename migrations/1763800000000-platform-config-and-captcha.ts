import { MigrationInterface, QueryRunner, Table, TableIndex } from 'typeorm';
import { col } from './columns';

/** The platform's tables: site configuration and pending click captchas. */
export class PlatformConfigAndCaptcha1763800000000 implements MigrationInterface {
  name = 'PlatformConfigAndCaptcha1763800000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'config',
        columns: [
          col.id(),
          col.varchar('name', 30),
          col.varchar('group', 30),
          col.varchar('title', 100),
          col.varchar('tip', 100),
          col.varchar('type', 30),
          col.text('value'),
          col.text('content'),
          col.varchar('rule', 100),
          col.varchar('extend', 255),
          col.tinyint('allow_del'),
          col.int('weigh'),
          col.tinyint('secret'),
        ],
        indices: [
          new TableIndex({ name: 'uniq_config_name', columnNames: ['name'], isUnique: true }),
          new TableIndex({ name: 'idx_config_group', columnNames: ['group'] }),
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'captcha',
        columns: [
          { name: 'key', type: 'varchar', length: '64', isPrimary: true },
          col.text('data', { isNullable: false }),
          col.time('createtime'),
          col.time('expiretime'),
        ],
        indices: [new TableIndex({ name: 'idx_captcha_expiretime', columnNames: ['expiretime'] })],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('captcha');
    await queryRunner.dropTable('config');
  }
}
