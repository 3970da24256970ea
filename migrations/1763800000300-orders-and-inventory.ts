import { MigrationInterface, QueryRunner, Table, TableIndex } from 'typeorm';
import { col } from './columns';
import { createLedgerGuard, dropLedgerGuard } from './ledger-guard';

const line = (orderColumn: string) => [
  col.id(),
  col.ref(orderColumn),
  col.ref('product_id'),
  col.varchar('detail_code', 100),
  col.int('plan_quantity', { unsigned: true }),
  col.int('actual_quantity', { unsigned: true }),
  col.money('price'),
  col.money('total_price'),
  col.ref('warehouse_shelf_id'),
];

export class OrdersAndInventory1763800000300 implements MigrationInterface {
  name = 'OrdersAndInventory1763800000300';

  async up(queryRunner: QueryRunner): Promise<void> {
    const audit = [col.tinyint('audit_status'), col.time('audittime'), col.ref('audit_admin_id')];
    await queryRunner.createTable(
      new Table({
        name: 'inbound_order',
        columns: [col.id(), col.varchar('receipt_no', 30), col.varchar('order_sn', 100), col.ref('supplier_id'), col.ref('admin_id'), col.int('type', { default: 10 }), ...audit, col.varchar('remark', 500), ...col.timestamps()],
        indices: [
          new TableIndex({ name: 'uniq_inbound_receipt_no', columnNames: ['receipt_no'], isUnique: true }),
          new TableIndex({ name: 'idx_inbound_audit', columnNames: ['audit_status', 'id'] }),
          new TableIndex({ name: 'idx_inbound_supplier', columnNames: ['supplier_id'] }),
          new TableIndex({ name: 'idx_inbound_createtime', columnNames: ['createtime'] }),
          new TableIndex({ name: 'idx_inbound_order_sn', columnNames: ['order_sn'] }),
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'inbound_order_line',
        columns: line('inbound_order_id'),
        indices: [new TableIndex({ name: 'idx_inbound_line_order', columnNames: ['inbound_order_id'] }), new TableIndex({ name: 'idx_inbound_line_product', columnNames: ['product_id'] }), new TableIndex({ name: 'idx_inbound_line_shelf', columnNames: ['warehouse_shelf_id'] })],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'outbound_order',
        columns: [
          col.id(),
          col.varchar('outbound_no', 30),
          col.varchar('order_sn', 100),
          col.ref('customer_id'),
          col.ref('admin_id'),
          col.int('type', { default: 10 }),
          ...audit,
          col.tinyint('shipment_status'),
          col.varchar('courier_number', 100),
          col.ref('carrier_id'),
          col.time('shipment_time'),
          col.varchar('remark', 500),
          ...col.timestamps(),
        ],
        indices: [
          new TableIndex({ name: 'uniq_outbound_no', columnNames: ['outbound_no'], isUnique: true }),
          new TableIndex({ name: 'idx_outbound_audit', columnNames: ['audit_status', 'id'] }),
          new TableIndex({ name: 'idx_outbound_customer', columnNames: ['customer_id'] }),
          new TableIndex({ name: 'idx_outbound_createtime', columnNames: ['createtime'] }),
          new TableIndex({ name: 'idx_outbound_order_sn', columnNames: ['order_sn'] }),
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'outbound_order_line',
        columns: line('outbound_order_id'),
        indices: [new TableIndex({ name: 'idx_outbound_line_order', columnNames: ['outbound_order_id'] }), new TableIndex({ name: 'idx_outbound_line_product', columnNames: ['product_id'] }), new TableIndex({ name: 'idx_outbound_line_shelf', columnNames: ['warehouse_shelf_id'] })],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'relocation_order',
        columns: [col.id(), col.varchar('relocation_no', 30), col.varchar('order_sn', 100), col.ref('customer_id'), col.ref('admin_id'), ...audit, col.tinyint('status'), col.varchar('remark', 500), ...col.timestamps()],
        indices: [
          new TableIndex({ name: 'uniq_relocation_no', columnNames: ['relocation_no'], isUnique: true }),
          new TableIndex({ name: 'idx_relocation_status', columnNames: ['audit_status', 'status', 'id'] }),
          new TableIndex({ name: 'idx_relocation_createtime', columnNames: ['createtime'] }),
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'relocation_order_line',
        columns: [
          col.id(),
          col.ref('relocation_order_id'),
          col.ref('product_id'),
          col.ref('source_warehouse_shelf_id'),
          col.ref('target_warehouse_shelf_id'),
          col.int('plan_quantity', { unsigned: true }),
          col.int('actual_quantity', { unsigned: true }),
        ],
        indices: [
          new TableIndex({ name: 'idx_relocation_line_order', columnNames: ['relocation_order_id'] }),
          new TableIndex({ name: 'idx_relocation_line_product', columnNames: ['product_id'] }),
          new TableIndex({ name: 'idx_relocation_line_source', columnNames: ['source_warehouse_shelf_id'] }),
          new TableIndex({ name: 'idx_relocation_line_target', columnNames: ['target_warehouse_shelf_id'] }),
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'order_number',
        columns: [{ name: 'prefix', type: 'varchar', length: '20', isPrimary: true }, col.int('last', { unsigned: true })],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'idempotency_key',
        columns: [{ name: 'id', type: 'varchar', length: '64', isPrimary: true }, col.varchar('command', 50), col.ref('admin_id'), col.ref('subject_id'), col.time('createtime')],
      }),
    );

    // The ledger: the source of truth for stock. Its position is a 64-bit counter where the engine has one
    // (SQLite's INTEGER PRIMARY KEY already is 64-bit and is the only type it auto-increments).
    const position = queryRunner.connection.options.type === 'mysql' ? 'bigint' : 'integer';
    await queryRunner.createTable(
      new Table({
        name: 'inventory_event',
        columns: [
          { name: 'id', type: position, isPrimary: true, isGenerated: true, generationStrategy: 'increment', unsigned: true },
          col.varchar('stream_id', 64),
          col.int('stream_version', { unsigned: true }),
          col.varchar('type', 64),
          { name: 'payload', type: 'text' },
          { name: 'metadata', type: 'text' },
          col.time('occurred_at'),
        ],
        indices: [new TableIndex({ name: 'uniq_inventory_event_stream', columnNames: ['stream_id', 'stream_version'], isUnique: true })],
      }),
    );
    await createLedgerGuard(queryRunner);

    // Projections, kept in the same transaction as the events.
    await queryRunner.createTable(
      new Table({
        name: 'stock',
        columns: [col.id(), col.ref('product_id'), col.ref('warehouse_shelf_id'), col.int('quantity', { unsigned: true }), col.int('version', { unsigned: true }), col.time('updatetime')],
        indices: [
          new TableIndex({ name: 'uniq_stock_product_shelf', columnNames: ['product_id', 'warehouse_shelf_id'], isUnique: true }),
          new TableIndex({ name: 'idx_stock_shelf', columnNames: ['warehouse_shelf_id'] }),
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'inventory_history',
        columns: [
          col.id(),
          { name: 'event_id', type: 'bigint', unsigned: true },
          col.varchar('order_no', 30),
          col.varchar('order_type', 20),
          col.ref('order_id'),
          col.ref('admin_id'),
          col.varchar('operator', 50),
          col.int('form_type'),
          col.int('quantity'),
          col.money('price'),
          col.money('total_price'),
          col.int('balance', { unsigned: true }),
          col.ref('product_id'),
          col.varchar('product_name', 200),
          col.varchar('product_no', 100),
          col.varchar('unit', 50),
          col.varchar('spec', 200),
          col.ref('warehouse_id'),
          col.ref('warehouse_area_id'),
          col.ref('warehouse_shelf_id'),
          col.varchar('shelf_location', 300),
          col.time('createtime'),
        ],
        indices: [
          new TableIndex({ name: 'uniq_history_event', columnNames: ['event_id'], isUnique: true }),
          new TableIndex({ name: 'idx_history_product', columnNames: ['product_id', 'id'] }),
          new TableIndex({ name: 'idx_history_warehouse', columnNames: ['warehouse_id', 'id'] }),
          new TableIndex({ name: 'idx_history_shelf', columnNames: ['warehouse_shelf_id', 'id'] }),
          new TableIndex({ name: 'idx_history_form_type', columnNames: ['form_type', 'id'] }),
          new TableIndex({ name: 'idx_history_createtime', columnNames: ['createtime'] }),
          new TableIndex({ name: 'idx_history_order_no', columnNames: ['order_no'] }),
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'inventory_daily_stat',
        columns: [{ name: 'day', type: 'varchar', length: '10', isPrimary: true }, { name: 'form_type', type: 'int', isPrimary: true }, col.int('quantity'), col.money('amount')],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await dropLedgerGuard(queryRunner);
    for (const table of ['inventory_daily_stat', 'inventory_history', 'stock', 'inventory_event', 'idempotency_key', 'order_number', 'relocation_order_line', 'relocation_order', 'outbound_order_line', 'outbound_order', 'inbound_order_line', 'inbound_order']) {
      await queryRunner.dropTable(table);
    }
  }
}
