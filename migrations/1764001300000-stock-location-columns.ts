import { MigrationInterface, QueryRunner, TableColumn, TableIndex } from 'typeorm';
import { col } from './columns';

/** Copies every stock row's location from its shelf (used here, by `projections:rebuild` and by nothing else). */
export const FILL_STOCK_LOCATION =
  'UPDATE stock SET warehouse_id = COALESCE((SELECT warehouse_id FROM warehouse_shelf WHERE warehouse_shelf.id = stock.warehouse_shelf_id), 0), ' +
  'warehouse_area_id = COALESCE((SELECT warehouse_area_id FROM warehouse_shelf WHERE warehouse_shelf.id = stock.warehouse_shelf_id), 0)';

/**
 * The stock projection carries its shelf's warehouse and area, so the stock list of a warehouse or an area
 * reads an index in product order — `(warehouse_id, product_id)`, `(warehouse_area_id, product_id)` — for
 * its page and its capped count, instead of joining every stock row to its shelf and sorting all the matches
 * (≈ 22,000 rows of a warehouse at 100,000 products). The ledger writes them with each new stock row, a shelf
 * moved to another area moves its rows in the same transaction, and `projections:rebuild` fills them from
 * the shelves; this fills the rows that exist.
 */
export class StockLocationColumns1764001300000 implements MigrationInterface {
  name = 'StockLocationColumns1764001300000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.addColumns('stock', [new TableColumn(col.ref('warehouse_id')), new TableColumn(col.ref('warehouse_area_id'))]);
    await queryRunner.query(FILL_STOCK_LOCATION);
    await queryRunner.createIndex('stock', new TableIndex({ name: 'idx_stock_warehouse_product', columnNames: ['warehouse_id', 'product_id'] }));
    await queryRunner.createIndex('stock', new TableIndex({ name: 'idx_stock_area_product', columnNames: ['warehouse_area_id', 'product_id'] }));
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropIndex('stock', 'idx_stock_area_product');
    await queryRunner.dropIndex('stock', 'idx_stock_warehouse_product');
    await queryRunner.dropColumn('stock', 'warehouse_area_id');
    await queryRunner.dropColumn('stock', 'warehouse_id');
  }
}
