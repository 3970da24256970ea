import { MigrationInterface, QueryRunner, Table, TableColumn, TableIndex } from 'typeorm';
import { col } from './columns';

/** A lot number: up to 32 characters, so that a lot's stream id (`stock-<product>-<shelf>-<lot>`) fits its column. */
const lotNo = () => col.varchar('lot_no', 32);
/** A calendar day `YYYY-MM-DD`, '' when not known. */
const day = (name: string) => col.varchar(name, 10);

const columns = (list: ReturnType<typeof col.varchar>[]) => list.map((c) => new TableColumn(c));

/**
 * Lots and expiry. Stock streams become per (product, shelf, lot): everything that exists is lot '' (the
 * column default), which is what the events already in the ledger mean — their payloads name no lot and are
 * read as lot ''. The ledger itself is not touched (its append-only guard stays). Adds:
 * - `product.lot_tracked`;
 * - lot and dates on inbound lines, a named lot on outbound and relocation lines, and each line's
 *   `allocations` (JSON `[{lot_no, quantity}]`), filled for lines that already moved stock (all lot '');
 * - lot and dates on stock rows (unique per product, shelf and lot) and lot and expiry on history rows;
 * - `stock_lot`, one row per (product, lot) holding the dates its first receipt fixed (a projection);
 * - the site setting `expiry_warning_days` (30) on databases already seeded.
 */
export class LotsAndExpiry1764000700000 implements MigrationInterface {
  name = 'LotsAndExpiry1764000700000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.addColumns('product', columns([col.tinyint('lot_tracked')]));
    for (const table of ['inbound_order_line', 'outbound_order_line']) {
      await queryRunner.addColumns(table, columns([lotNo(), day('production_date'), day('expiry_date'), col.text('allocations')]));
    }
    await queryRunner.addColumns('relocation_order_line', columns([lotNo(), col.text('allocations')]));

    await queryRunner.addColumns('stock', columns([lotNo(), day('production_date'), day('expiry_date'), col.int('lot_received_at', { unsigned: true })]));
    await queryRunner.dropIndex('stock', 'uniq_stock_product_shelf');
    await queryRunner.createIndex('stock', new TableIndex({ name: 'uniq_stock_stream', columnNames: ['product_id', 'warehouse_shelf_id', 'lot_no'], isUnique: true }));
    await queryRunner.createIndex('stock', new TableIndex({ name: 'idx_stock_expiry', columnNames: ['expiry_date'] }));
    await queryRunner.createIndex('stock', new TableIndex({ name: 'idx_stock_lot', columnNames: ['lot_no'] }));
    await queryRunner.addColumns('inventory_history', columns([lotNo(), day('expiry_date')]));

    await queryRunner.createTable(
      new Table({
        name: 'stock_lot',
        columns: [col.id(), col.ref('product_id'), lotNo(), day('production_date'), day('expiry_date'), col.int('received_at', { unsigned: true })],
        indices: [new TableIndex({ name: 'uniq_stock_lot', columnNames: ['product_id', 'lot_no'], isUnique: true })],
      }),
    );

    // Lines that already moved stock moved lot '' (the only lot there was).
    const allocation = (quantity: string) =>
      queryRunner.connection.options.type === 'mysql' ? `CONCAT('[{"lot_no":"","quantity":', ${quantity}, '}]')` : `'[{"lot_no":"","quantity":' || ${quantity} || '}]'`;
    for (const kind of ['inbound', 'outbound']) {
      await queryRunner.query(
        `UPDATE ${kind}_order_line SET allocations = ${allocation('actual_quantity')} WHERE actual_quantity > 0 AND ${kind}_order_id IN (SELECT id FROM ${kind}_order WHERE audit_status = 1)`,
      );
    }
    await queryRunner.query(`UPDATE relocation_order_line SET allocations = ${allocation('actual_quantity')} WHERE actual_quantity > 0`);

    const [{ n }]: Array<{ n: number | string }> = await queryRunner.query('SELECT COUNT(*) AS n FROM config');
    const [present] = await queryRunner.query('SELECT id FROM config WHERE name = ?', ['expiry_warning_days']);
    if (Number(n) > 0 && !present) {
      await queryRunner.manager
        .createQueryBuilder()
        .insert()
        .into('config')
        .values({
          name: 'expiry_warning_days',
          group: 'basics',
          title: 'platform.config.title.expiry_warning_days',
          tip: 'platform.config.tip.expiry_warning_days',
          type: 'number',
          value: '30',
          content: '',
          rule: 'required,integer',
          extend: '',
          allow_del: 0,
          weigh: 0,
          secret: 0,
        })
        .execute();
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DELETE FROM config WHERE name = ?', ['expiry_warning_days']);
    await queryRunner.dropTable('stock_lot');
    await queryRunner.dropColumns('inventory_history', ['lot_no', 'expiry_date']);
    await queryRunner.dropIndex('stock', 'idx_stock_lot');
    await queryRunner.dropIndex('stock', 'idx_stock_expiry');
    await queryRunner.dropIndex('stock', 'uniq_stock_stream');
    await queryRunner.query('DELETE FROM stock WHERE lot_no <> ?', ['']);
    await queryRunner.createIndex('stock', new TableIndex({ name: 'uniq_stock_product_shelf', columnNames: ['product_id', 'warehouse_shelf_id'], isUnique: true }));
    await queryRunner.dropColumns('stock', ['lot_no', 'production_date', 'expiry_date', 'lot_received_at']);
    await queryRunner.dropColumns('relocation_order_line', ['lot_no', 'allocations']);
    for (const table of ['inbound_order_line', 'outbound_order_line']) await queryRunner.dropColumns(table, ['lot_no', 'production_date', 'expiry_date', 'allocations']);
    await queryRunner.dropColumns('product', ['lot_tracked']);
  }
}
