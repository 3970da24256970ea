import { MigrationInterface, QueryRunner, Table, TableIndex } from 'typeorm';
import { col } from './columns';

const index = (table: string, columns: string[], isUnique = false) =>
  new TableIndex({ name: `${isUnique ? 'uniq' : 'idx'}_${table}_${columns.join('_')}`, columnNames: columns, isUnique });

/**
 * Content management (channels, content, comments, tags, friendly links, the search log) and the message
 * templates of e-mail and SMS. Content bodies are MEDIUMTEXT on MySQL (TEXT stops at 64 KB there); SQLite's
 * TEXT has no such limit.
 */
export class CmsAndMessageTemplates1764000300000 implements MigrationInterface {
  name = 'CmsAndMessageTemplates1764000300000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const longText = queryRunner.connection.options.type === 'mysql' ? 'mediumtext' : 'text';
    await queryRunner.createTable(
      new Table({
        name: 'cms_channel',
        columns: [
          col.id(),
          col.ref('pid'),
          col.varchar('name', 100),
          col.varchar('image', 255),
          col.varchar('keywords', 255),
          col.varchar('description', 255),
          col.tinyint('status', 1),
          col.int('weigh'),
          ...col.timestamps(),
        ],
        indices: [index('cms_channel', ['pid'])],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'cms_content',
        columns: [
          col.id(),
          col.ref('user_id'),
          col.ref('admin_id'),
          col.ref('channel_id'),
          col.varchar('channel_ids', 255),
          col.varchar('title', 200),
          col.varchar('title_style', 30),
          col.varchar('flag', 50),
          col.text('images'),
          { name: 'content', type: longText, isNullable: true },
          col.varchar('seotitle', 200),
          col.varchar('keywords', 255),
          col.varchar('description', 500),
          col.varchar('tags', 255),
          col.varchar('url', 255),
          col.tinyint('target', 1),
          col.int('views', { unsigned: true }),
          col.int('comments', { unsigned: true }),
          col.int('likes', { unsigned: true }),
          col.int('dislikes', { unsigned: true }),
          col.int('weigh'),
          col.money('price'),
          col.tinyint('currency', 1),
          col.tinyint('allow_visit_groups', 1),
          col.tinyint('allow_comment_groups', 1),
          col.tinyint('status', 0),
          col.varchar('memo', 255),
          col.time('publish_time'),
          col.time('update_time'),
          col.time('create_time'),
        ],
        indices: [index('cms_content', ['status', 'publish_time']), index('cms_content', ['channel_id']), index('cms_content', ['user_id', 'id'])],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'cms_comment',
        columns: [
          col.id(),
          col.ref('content_id'),
          col.ref('user_id'),
          col.varchar('nickname', 50),
          { name: 'content', type: 'text', isNullable: false },
          col.tinyint('status', 0),
          col.varchar('memo', 255),
          col.varchar('ip', 50),
          ...col.timestamps(),
        ],
        indices: [index('cms_comment', ['content_id', 'status']), index('cms_comment', ['user_id', 'id']), index('cms_comment', ['ip', 'createtime'])],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'cms_tags',
        columns: [col.id(), col.varchar('name', 50), col.int('weigh'), col.tinyint('status', 1), ...col.timestamps()],
        indices: [index('cms_tags', ['name'], true)],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'cms_friendly_link',
        columns: [col.id(), col.varchar('title', 100), col.varchar('link', 255), col.varchar('logo', 255), col.tinyint('target', 1), col.int('weigh'), col.tinyint('status', 1), ...col.timestamps()],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'cms_search_log',
        columns: [col.id(), col.varchar('keywords', 100), col.int('count', { unsigned: true }), ...col.timestamps()],
        indices: [index('cms_search_log', ['keywords'], true), index('cms_search_log', ['count'])],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'message_template',
        columns: [
          col.id(),
          col.varchar('event', 40),
          col.varchar('channel', 10),
          col.varchar('lang', 10),
          col.varchar('title', 200),
          { name: 'content', type: 'text', isNullable: false },
          col.varchar('template_code', 64),
          col.tinyint('status', 1),
          ...col.timestamps(),
        ],
        indices: [index('message_template', ['event', 'channel', 'lang'], true)],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of ['message_template', 'cms_search_log', 'cms_friendly_link', 'cms_tags', 'cms_comment', 'cms_content', 'cms_channel']) {
      await queryRunner.dropTable(table);
    }
  }
}
