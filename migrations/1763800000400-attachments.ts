import { MigrationInterface, QueryRunner, Table, TableIndex } from 'typeorm';
import { col } from './columns';

/**
 * Uploaded files: one row per stored file, de-duplicated by
 * sha1 + topic + storage (the index serves that lookup); `quote` counts the uploads that resolved to it.
 */
export class Attachments1763800000400 implements MigrationInterface {
  name = 'Attachments1763800000400';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'attachment',
        columns: [
          col.id(),
          col.varchar('topic', 20),
          col.ref('admin_id'),
          col.ref('user_id'),
          col.varchar('url', 255),
          col.int('width', { unsigned: true }),
          col.int('height', { unsigned: true }),
          col.varchar('name', 100),
          { name: 'size', type: 'bigint', unsigned: true, default: 0 },
          col.varchar('mimetype', 100),
          col.int('quote', { unsigned: true }),
          col.varchar('storage', 50),
          col.varchar('sha1', 40),
          col.time('createtime'),
          col.time('last_upload_time'),
        ],
        indices: [
          new TableIndex({ name: 'idx_attachment_sha1_topic_storage', columnNames: ['sha1', 'topic', 'storage'] }),
          new TableIndex({ name: 'idx_attachment_topic', columnNames: ['topic'] }),
          new TableIndex({ name: 'idx_attachment_url', columnNames: ['url'] }),
          new TableIndex({ name: 'idx_attachment_last_upload_time', columnNames: ['last_upload_time'] }),
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('attachment');
  }
}
