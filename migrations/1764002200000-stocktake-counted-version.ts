import { MigrationInterface, QueryRunner, TableColumn } from 'typeorm';

/**
 * A count line keeps the version its stock stream had when the line was last counted: the post takes the
 * variance against the book at that version (book at start + the stream's movements up to it, read from the
 * ledger), so goods moved after a line was counted are never taken for a gain or a loss. Lines counted before
 * this column existed have none (NULL): their variance is taken, as before, against the stream at the post.
 */
export class StocktakeCountedVersion1764002200000 implements MigrationInterface {
  name = 'StocktakeCountedVersion1764002200000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.addColumn('stocktake_line', new TableColumn({ name: 'counted_version', type: 'int', unsigned: true, isNullable: true }));
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropColumn('stocktake_line', 'counted_version');
  }
}
