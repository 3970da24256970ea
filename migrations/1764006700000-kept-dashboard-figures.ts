import { MigrationInterface, QueryRunner, Table, TableColumn, TableIndex } from 'typeorm';
import { col } from './columns';

/**
 * The dashboard's figures kept current by the ledger in the posting's transaction, so a dashboard request
 * reads a handful of rows by key instead of summing them:
 * - `inventory_monthly_stat` (month `YYYY-MM` in the site time zone, form type): the daily statistics summed
 *   by month — the year's charts are 12 × form types rows by primary key (was a year of days grouped);
 * - `stock_lot.quantity`: each lot's stock over all its shelves — the expiring lots are the lots with stock
 *   and an expiry in the window, read along `(expiry_date, quantity)` (was every stock row of those days,
 *   grouped by lot).
 * Both are filled here from what exists; `projections:rebuild` rebuilds them from the ledger.
 */
export class KeptDashboardFigures1764006700000 implements MigrationInterface {
  name = 'KeptDashboardFigures1764006700000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'inventory_monthly_stat',
        columns: [{ name: 'month', type: 'varchar', length: '7', isPrimary: true }, { name: 'form_type', type: 'int', isPrimary: true }, col.int('quantity'), col.money('amount')],
      }),
    );
    await queryRunner.query(
      'INSERT INTO inventory_monthly_stat (month, form_type, quantity, amount) SELECT SUBSTR(day, 1, 7), form_type, SUM(quantity), SUM(amount) FROM inventory_daily_stat GROUP BY SUBSTR(day, 1, 7), form_type',
    );
    await queryRunner.addColumn('stock_lot', new TableColumn(col.int('quantity')));
    await queryRunner.query('UPDATE stock_lot SET quantity = COALESCE((SELECT SUM(s.quantity) FROM stock s WHERE s.product_id = stock_lot.product_id AND s.lot_no = stock_lot.lot_no), 0)');
    await queryRunner.createIndex('stock_lot', new TableIndex({ name: 'idx_stock_lot_expiry', columnNames: ['expiry_date', 'quantity'] }));
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropIndex('stock_lot', 'idx_stock_lot_expiry');
    await queryRunner.dropColumn('stock_lot', 'quantity');
    await queryRunner.dropTable('inventory_monthly_stat');
  }
}
