import { MigrationInterface, QueryRunner, Table, TableIndex } from 'typeorm';
import { col } from './columns';
import { LIST_BUTTONS, menuRuleNames, revokeRules, seedMenuRules, type ButtonTitles } from './menu-rules';

const PAGES = [{ name: 'wms/serial', title: '序列号', title_en: 'Serial numbers', icon: 'IconQrcode', buttons: ['index'], weigh: 0 }] as const;

const BUTTONS: ButtonTitles = { ...LIST_BUTTONS };

/** Line tables whose lines may carry `serials` (JSON text): one serial per unit of a serial-tracked product. */
const LINE_TABLES = ['inbound_order_line', 'outbound_order_line', 'relocation_order_line', 'adjustment_order_line', 'return_order_line'] as const;

/**
 * Serial numbers (§14). Products gain `serial_tracked`; order lines gain `serials` (a JSON list, up to 10,000
 * per line: MEDIUMTEXT on MySQL) and count lines the serials expected on their stream and those counted. Each
 * ledger event keeps the serials it moved in its payload, so the event's payload becomes MEDIUMTEXT on MySQL
 * (a DDL change: the append-only triggers refuse UPDATE and DELETE, not ALTER). Two projections of the ledger:
 * `stock_serial` (where each (product, serial) is: shelf, lot, in stock or not, the last event; unique per
 * product and serial, which also lets exactly one of concurrent receipts of a serial register it) and
 * `stock_serial_movement` (each event that moved a serial). The page `wms/serial` and its button go to the
 * super administrators (the seed gives a fresh database the same).
 */
export class SerialNumbers1764006600000 implements MigrationInterface {
  name = 'SerialNumbers1764006600000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const mysql = queryRunner.connection.options.type === 'mysql';
    const longText = mysql ? 'mediumtext' : 'text';
    // plain ADD COLUMN on both engines: the schema builder rebuilds a SQLite table to add one, which would drop
    // the product table's search-index triggers
    await queryRunner.query('ALTER TABLE product ADD COLUMN serial_tracked tinyint NOT NULL DEFAULT 0');
    for (const table of LINE_TABLES) await queryRunner.query(`ALTER TABLE ${table} ADD COLUMN serials ${longText} NULL`);
    for (const column of ['book_serials', 'counted_serials']) await queryRunner.query(`ALTER TABLE stocktake_line ADD COLUMN ${column} ${longText} NULL`);
    if (mysql) await queryRunner.query('ALTER TABLE inventory_event MODIFY payload MEDIUMTEXT NOT NULL');
    await queryRunner.createTable(
      new Table({
        name: 'stock_serial',
        columns: [
          col.id(),
          col.ref('product_id'),
          col.varchar('serial_no', 64),
          col.ref('warehouse_id'),
          col.ref('warehouse_shelf_id'),
          col.varchar('lot_no', 32),
          col.tinyint('in_stock'),
          { name: 'last_event_id', type: 'bigint', unsigned: true, default: 0 },
          col.time('updatetime'),
        ],
        indices: [
          new TableIndex({ name: 'uniq_stock_serial', columnNames: ['product_id', 'serial_no'], isUnique: true }),
          new TableIndex({ name: 'idx_stock_serial_no', columnNames: ['serial_no'] }),
          new TableIndex({ name: 'idx_stock_serial_shelf', columnNames: ['warehouse_shelf_id', 'product_id', 'in_stock'] }),
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'stock_serial_movement',
        columns: [col.id(), col.ref('product_id'), col.varchar('serial_no', 64), { name: 'event_id', type: 'bigint', unsigned: true, default: 0 }],
        indices: [new TableIndex({ name: 'idx_serial_movement_serial', columnNames: ['product_id', 'serial_no', 'event_id'] }), new TableIndex({ name: 'idx_serial_movement_event', columnNames: ['event_id'] })],
      }),
    );
    const [operation]: Array<{ id: number | string }> = await queryRunner.query('SELECT id FROM admin_rule WHERE name = ?', ['wmsOperation']);
    if (operation) await seedMenuRules(queryRunner, Number(operation.id), PAGES, BUTTONS);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await revokeRules(queryRunner, menuRuleNames(PAGES));
    await queryRunner.dropTable('stock_serial_movement');
    await queryRunner.dropTable('stock_serial');
    for (const column of ['counted_serials', 'book_serials']) await queryRunner.query(`ALTER TABLE stocktake_line DROP COLUMN ${column}`);
    for (const table of LINE_TABLES) await queryRunner.query(`ALTER TABLE ${table} DROP COLUMN serials`);
    await queryRunner.query('ALTER TABLE product DROP COLUMN serial_tracked');
  }
}
