import { MigrationInterface, QueryRunner, Table, TableColumnOptions, TableIndex } from 'typeorm';
import { col } from './columns';

/**
 * The ten warehouse catalogues. Everything an order or the stock ledger can refer to (partners,
 * categories, warehouses, areas, shelves, products) is soft-deleted (`deletetime`), so old documents keep
 * their references; brands and units are deleted for real once no product uses them.
 *
 * Codes (product_no, bar_code, warehouse serial_no, area serial_no per warehouse, shelf serial_no per area)
 * are unique among the rows that are not deleted. A plain UNIQUE index would also count soft-deleted rows
 * (blocking re-use of a code), and partial indexes (`WHERE deletetime IS NULL`) exist in SQLite but not in
 * MySQL/MariaDB. So these indexes are plain ones that make the check fast, and the check itself runs in the
 * write's transaction behind a locking read (see master-data/crud/checks.ts).
 */
const index = (table: string, columns: string[]) => new TableIndex({ name: `idx_${table}_${columns.join('_')}`, columnNames: columns });

const softDeleted = (): TableColumnOptions[] => [...col.timestamps(), col.time('deletetime')];

/** carrier, customer and supplier share their fields. */
const partner = (name: string): Table =>
  new Table({
    name,
    columns: [
      col.id(),
      col.varchar('name', 100),
      col.varchar('contact_person', 50),
      col.varchar('mobile', 20),
      col.varchar('email', 100),
      col.varchar('wechat', 50),
      col.int('level', { unsigned: true }),
      col.varchar('city', 100),
      col.varchar('address', 255),
      col.int('weigh'),
      col.varchar('remark', 255),
      ...softDeleted(),
    ],
    indices: [index(name, ['name']), index(name, ['mobile'])],
  });

export class MasterData1763800000200 implements MigrationInterface {
  name = 'MasterData1763800000200';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'brand',
        columns: [col.id(), col.varchar('name', 100), col.varchar('image', 255), col.varchar('introduce', 1000), col.int('weigh'), ...col.timestamps()],
        indices: [index('brand', ['name'])],
      }),
    );
    for (const name of ['carrier', 'customer', 'supplier']) await queryRunner.createTable(partner(name));
    await queryRunner.createTable(
      new Table({
        name: 'category',
        columns: [col.id(), col.ref('pid'), col.varchar('name', 100), col.int('weigh'), col.tinyint('status', 1), ...softDeleted()],
        indices: [index('category', ['pid']), index('category', ['name']), index('category', ['status'])],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'unit',
        columns: [col.id(), col.varchar('name', 50), col.varchar('description', 255), col.tinyint('status', 1), col.varchar('remark', 255), col.int('weigh'), ...col.timestamps()],
        indices: [index('unit', ['name']), index('unit', ['status'])],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'warehouse',
        columns: [
          col.id(),
          col.varchar('name', 100),
          col.varchar('serial_no', 50),
          col.varchar('address', 255),
          col.varchar('city', 100),
          col.varchar('responsible_person', 50),
          col.varchar('mobile', 20),
          col.tinyint('status', 1),
          col.int('weigh'),
          col.varchar('remark', 255),
          col.tinyint('warehouse_type', 1),
          ...softDeleted(),
        ],
        indices: [index('warehouse', ['serial_no']), index('warehouse', ['name']), index('warehouse', ['status'])],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'warehouse_area',
        columns: [
          col.id(),
          col.ref('warehouse_id'),
          col.varchar('serial_no', 50),
          col.varchar('name', 100),
          col.tinyint('status', 1),
          col.int('weigh'),
          col.varchar('remark', 255),
          ...softDeleted(),
        ],
        // (warehouse_id, serial_no) also serves the warehouse_id filter.
        indices: [index('warehouse_area', ['warehouse_id', 'serial_no']), index('warehouse_area', ['serial_no']), index('warehouse_area', ['name']), index('warehouse_area', ['status'])],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'warehouse_shelf',
        columns: [
          col.id(),
          col.ref('warehouse_id'),
          col.ref('warehouse_area_id'),
          col.varchar('serial_no', 50),
          col.varchar('name', 100),
          col.tinyint('status', 1),
          col.int('weigh'),
          col.varchar('remark', 255),
          ...softDeleted(),
        ],
        indices: [
          index('warehouse_shelf', ['warehouse_area_id', 'serial_no']),
          index('warehouse_shelf', ['warehouse_id']),
          index('warehouse_shelf', ['serial_no']),
          index('warehouse_shelf', ['name']),
          index('warehouse_shelf', ['status']),
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'product',
        columns: [
          col.id(),
          col.varchar('product_no', 50),
          // NULL (not '') when the product has none, so codes that are set stay unique and NULLs never clash.
          col.varchar('bar_code', 50, { isNullable: true, default: null }),
          col.varchar('name', 100),
          col.ref('brand_id'),
          col.ref('category_id'),
          col.ref('unit_id'),
          col.varchar('spec', 255),
          col.money('price'),
          col.int('safety_stock_num'),
          // Maintained by the inventory context (the stock ledger); add/edit never write it.
          col.int('total_stock_num'),
          col.ref('warehouse_id'),
          col.ref('warehouse_area_id'),
          col.ref('warehouse_shelf_id'),
          col.text('images'),
          col.int('weigh'),
          col.tinyint('status', 10),
          col.varchar('remark', 255),
          col.int('effective_day', { unsigned: true }),
          ...softDeleted(),
        ],
        indices: [
          index('product', ['product_no']),
          index('product', ['bar_code']),
          index('product', ['name']),
          index('product', ['brand_id']),
          index('product', ['category_id']),
          index('product', ['unit_id']),
          index('product', ['warehouse_id']),
          index('product', ['warehouse_area_id']),
          index('product', ['warehouse_shelf_id']),
          index('product', ['status']),
          // The default list order.
          index('product', ['weigh', 'id']),
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of ['product', 'warehouse_shelf', 'warehouse_area', 'warehouse', 'unit', 'category', 'supplier', 'customer', 'carrier', 'brand']) {
      await queryRunner.dropTable(table);
    }
  }
}
