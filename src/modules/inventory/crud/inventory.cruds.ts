import { CrudDefinition } from '../../../shared/crud';
import { MASTER_DATA_TABLES } from '../../master-data';
import { InventoryHistoryEntity, StockEntity, StockLotEntity } from '../persistence/inventory.entities';
import { LedgerDigestEntity, LedgerVerificationEntity } from '../persistence/ledger-integrity.entities';

/** The stock list: one row per stock stream, with its product, shelf, warehouse and area names. */
export const STOCK_LIST: CrudDefinition<StockEntity> = {
  entity: StockEntity,
  alias: 'stock',
  writable: [],
  quickSearchFields: ['product.name', 'product.product_no', 'product.bar_code', 'shelf.name', 'shelf.serial_no', 'lot_no'],
  searchFields: ['id', 'product_id', 'warehouse_shelf_id', 'warehouse_id', 'warehouse_area_id', 'lot_no', 'production_date', 'expiry_date', 'quantity', 'reserved_quantity', 'updatetime', 'product.name', 'product.product_no', 'shelf.warehouse_id', 'shelf.warehouse_area_id'],
  orderFields: ['id', 'quantity', 'reserved_quantity', 'updatetime', 'product_id', 'warehouse_shelf_id', 'lot_no', 'expiry_date', 'production_date', 'product.product_no', 'product.name'],
  filterParams: ['product_id', 'warehouse_shelf_id'],
  defaultOrder: [{ field: 'product_id', direction: 'ASC' }],
  // a warehouse holds ≈ 12,000 stock rows with stock at 50,000 products: counting 10,001 of them (a row read
  // each, for `quantity > 0`) was most of the request; 1,001 index entries are a tenth of it
  countCap: 1_000,
  joins: {
    product: { entity: MASTER_DATA_TABLES.product, on: 'product_id', columns: ['name', 'product_no', 'bar_code', 'spec', 'safety_stock_num', 'total_stock_num'] },
    shelf: { entity: MASTER_DATA_TABLES.shelf, on: 'warehouse_shelf_id', columns: ['name', 'serial_no', 'warehouse_id', 'warehouse_area_id', 'kind'] },
    warehouse: { entity: MASTER_DATA_TABLES.warehouse, on: 'shelf.warehouse_id', columns: ['name'] },
    area: { entity: MASTER_DATA_TABLES.warehouse_area, on: 'shelf.warehouse_area_id', columns: ['name'] },
  },
};

/** The inventory history: one row per ledger event, filtered by form type, product, place, order and lot. */
export const HISTORY_LIST: CrudDefinition<InventoryHistoryEntity> = {
  entity: InventoryHistoryEntity,
  alias: 'history',
  writable: [],
  quickSearchFields: ['order_no', 'product_no', 'product_name', 'lot_no'],
  searchFields: ['id', 'order_no', 'order_type', 'operator', 'form_type', 'quantity', 'price', 'total_price', 'balance', 'product_id', 'product_name', 'product_no', 'unit_name', 'factor', 'warehouse_id', 'warehouse_area_id', 'warehouse_shelf_id', 'lot_no', 'expiry_date', 'createtime'],
  filterParams: ['form_type', 'product_id', 'warehouse_id', 'warehouse_area_id', 'warehouse_shelf_id', 'order_no', 'order_type', 'lot_no'],
  defaultOrder: [{ field: 'id', direction: 'DESC' }],
};

/** The signed ledger digests (the auditor's list). */
export const DIGEST_LIST: CrudDefinition<LedgerDigestEntity> = {
  entity: LedgerDigestEntity,
  alias: 'digest',
  writable: [],
  quickSearchFields: ['id', 'root', 'day'],
  searchFields: ['id', 'root', 'day', 'last_event_id', 'streams', 'events', 'admin_id', 'created_at'],
  defaultOrder: [{ field: 'id', direction: 'DESC' }],
};

/** The ledger verification runs. */
export const VERIFICATION_LIST: CrudDefinition<LedgerVerificationEntity> = {
  entity: LedgerVerificationEntity,
  alias: 'run',
  writable: [],
  quickSearchFields: ['id', 'problem_stream', 'problem_kind'],
  searchFields: ['id', 'digest_id', 'intact', 'events', 'intact_up_to', 'problem_kind', 'problem_stream', 'problem_version', 'problem_event_id', 'source', 'started_at', 'finished_at'],
  defaultOrder: [{ field: 'id', direction: 'DESC' }],
};

/** The lots: one row per (product, lot) ever received, with its product and the dates of its first receipt. */
export const LOT_LIST: CrudDefinition<StockLotEntity> = {
  entity: StockLotEntity,
  alias: 'lot',
  writable: [],
  quickSearchFields: ['lot_no', 'product.name', 'product.product_no', 'product.bar_code'],
  searchFields: ['id', 'product_id', 'lot_no', 'production_date', 'expiry_date', 'received_at', 'product.name', 'product.product_no'],
  orderFields: ['id', 'product_id', 'lot_no', 'production_date', 'expiry_date', 'received_at', 'product.product_no', 'product.name'],
  filterParams: ['product_id'],
  defaultOrder: [{ field: 'id', direction: 'DESC' }],
  joins: {
    product: { entity: MASTER_DATA_TABLES.product, on: 'product_id', columns: ['name', 'product_no', 'bar_code', 'spec'] },
  },
};
