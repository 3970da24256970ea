import { MigrationInterface, QueryRunner } from 'typeorm';
import { createProductSearch, dropProductSearch } from './product-search';

/**
 * The product quickSearch through an index instead of a scan of every product: an FTS5 trigram table on
 * SQLite, a FULLTEXT index over a column of collation-weight grams on MySQL/MariaDB, both kept by triggers
 * (see product-search.ts).
 */
export class ProductSearchIndex1764000900000 implements MigrationInterface {
  name = 'ProductSearchIndex1764000900000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await createProductSearch(queryRunner);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await dropProductSearch(queryRunner);
  }
}
