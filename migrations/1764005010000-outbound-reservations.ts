import { MigrationInterface, QueryRunner, Table, TableColumn, TableIndex } from 'typeorm';
import { col } from './columns';
import { grantWith, revokeRules, seedRule } from './menu-rules';

const BUTTONS = [
  { name: 'wms/outbound/reserve', title: '预留库存', title_en: 'Reserve stock' },
  { name: 'wms/outbound/unreserve', title: '取消预留', title_en: 'Release reservation' },
] as const;

/**
 * Reservations of outbound orders: what an order has committed of each stock stream. `stock_reservation`
 * holds one row per (order line, stream) with its quantity; `stock.reserved_quantity` is their sum per
 * stream, written under the stream's row lock in the same transaction (available = quantity − reserved on
 * storage shelves). An outbound order may name its warehouse (`warehouse_id`, its lines may then omit the
 * shelf) and says how far its directed fulfilment is (`fulfilment_status`: 0 none, 1 reserved, 2 in wave,
 * 3 picked, 4 packed, 5 shipped). The reserve and unreserve buttons are granted to the groups that may audit
 * outbound orders (super administrators hold every rule); a fresh database gets them from the seed.
 */
export class OutboundReservations1764005010000 implements MigrationInterface {
  name = 'OutboundReservations1764005010000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.addColumn('stock', new TableColumn(col.int('reserved_quantity')));
    await queryRunner.addColumns('outbound_order', [new TableColumn(col.ref('warehouse_id')), new TableColumn(col.tinyint('fulfilment_status'))]);
    await queryRunner.createTable(
      new Table({
        name: 'stock_reservation',
        columns: [
          col.id(),
          col.varchar('order_type', 20),
          col.ref('order_id'),
          col.ref('line_id'),
          col.ref('product_id'),
          col.ref('warehouse_shelf_id'),
          col.varchar('lot_no', 32),
          col.int('quantity'),
          col.time('createtime'),
        ],
        indices: [
          new TableIndex({ name: 'idx_stock_reservation_order', columnNames: ['order_type', 'order_id'] }),
          new TableIndex({ name: 'idx_stock_reservation_stream', columnNames: ['product_id', 'warehouse_shelf_id', 'lot_no'] }),
        ],
      }),
    );
    const [outbound]: Array<{ id: number | string }> = await queryRunner.query('SELECT id FROM admin_rule WHERE name = ?', ['wms/outbound']);
    if (!outbound) return;
    const now = Math.floor(Date.now() / 1000);
    for (const button of BUTTONS) {
      await seedRule(queryRunner, { pid: Number(outbound.id), type: 'button', name: button.name, title: button.title, title_en: button.title_en, icon: '', weigh: 0 }, now);
      await grantWith(queryRunner, button.name, ['wms/outbound/audit']);
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await revokeRules(queryRunner, BUTTONS.map((b) => b.name));
    await queryRunner.dropTable('stock_reservation');
    await queryRunner.dropColumn('outbound_order', 'fulfilment_status');
    await queryRunner.dropColumn('outbound_order', 'warehouse_id');
    await queryRunner.dropColumn('stock', 'reserved_quantity');
  }
}
