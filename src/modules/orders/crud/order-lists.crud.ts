import { CrudDefinition } from '../../../shared/crud';
import { MASTER_DATA_TABLES } from '../../master-data';
import { AdjustmentOrderEntity, InboundOrderEntity, OutboundOrderEntity, RelocationOrderEntity, PackageEntity, ReturnOrderEntity, StocktakeEntity, TaskEntity, WaveEntity } from '../persistence/order.entities';

const operator = { entity: 'admin', on: 'admin_id', columns: ['username', 'nickname'] } as const;
const common = ['id', 'order_sn', 'audit_status', 'admin_id', 'createtime', 'audittime', 'updatetime'];

/** The order lists: searchable by number, reference, party, type, state and creation time; names joined. */
export const INBOUND_LIST: CrudDefinition<InboundOrderEntity> = {
  entity: InboundOrderEntity,
  alias: 'inbound',
  writable: [],
  quickSearchFields: ['id', 'receipt_no', 'order_sn'],
  searchFields: [...common, 'receipt_no', 'supplier_id', 'type', 'warehouse_id', 'supplier.name'],
  filterParams: ['receipt_no', 'order_sn', 'supplier_id', 'type', 'audit_status', 'warehouse_id'],
  joins: { supplier: { entity: MASTER_DATA_TABLES.supplier, on: 'supplier_id', columns: ['name'] }, admin: operator },
};

export const OUTBOUND_LIST: CrudDefinition<OutboundOrderEntity> = {
  entity: OutboundOrderEntity,
  alias: 'outbound',
  writable: [],
  quickSearchFields: ['id', 'outbound_no', 'order_sn', 'courier_number'],
  searchFields: [...common, 'outbound_no', 'customer_id', 'type', 'shipment_status', 'carrier_id', 'courier_number', 'shipment_time', 'warehouse_id', 'fulfilment_status', 'wave_id', 'customer.name'],
  filterParams: ['outbound_no', 'order_sn', 'customer_id', 'type', 'audit_status', 'shipment_status', 'carrier_id', 'warehouse_id', 'fulfilment_status', 'wave_id'],
  joins: {
    customer: { entity: MASTER_DATA_TABLES.customer, on: 'customer_id', columns: ['name'] },
    carrier: { entity: MASTER_DATA_TABLES.carrier, on: 'carrier_id', columns: ['name'] },
    admin: operator,
  },
};

export const RELOCATION_LIST: CrudDefinition<RelocationOrderEntity> = {
  entity: RelocationOrderEntity,
  alias: 'relocation',
  writable: [],
  quickSearchFields: ['id', 'relocation_no', 'order_sn'],
  searchFields: [...common, 'relocation_no', 'customer_id', 'status', 'customer.name'],
  filterParams: ['relocation_no', 'order_sn', 'customer_id', 'audit_status', 'status'],
  joins: { customer: { entity: MASTER_DATA_TABLES.customer, on: 'customer_id', columns: ['name'] }, admin: operator },
};

export const ADJUSTMENT_LIST: CrudDefinition<AdjustmentOrderEntity> = {
  entity: AdjustmentOrderEntity,
  alias: 'adjustment',
  writable: [],
  quickSearchFields: ['id', 'adjustment_no', 'order_sn'],
  searchFields: [...common, 'adjustment_no'],
  filterParams: ['adjustment_no', 'order_sn', 'audit_status'],
  joins: { admin: operator },
};

export const RETURN_LIST: CrudDefinition<ReturnOrderEntity> = {
  entity: ReturnOrderEntity,
  alias: 'return_order',
  writable: [],
  quickSearchFields: ['id', 'return_no', 'order_sn', 'outbound.outbound_no'],
  searchFields: [...common, 'return_no', 'outbound_id', 'customer_id', 'customer.name', 'outbound.outbound_no'],
  filterParams: ['return_no', 'order_sn', 'outbound_id', 'customer_id', 'audit_status'],
  joins: {
    customer: { entity: MASTER_DATA_TABLES.customer, on: 'customer_id', columns: ['name'] },
    outbound: { entity: OutboundOrderEntity, on: 'outbound_id', columns: ['outbound_no'] },
    admin: operator,
  },
};

/** The count list: by number, state, scope and blind flag; the scope's names and the operator joined. */
export const STOCKTAKE_LIST: CrudDefinition<StocktakeEntity> = {
  entity: StocktakeEntity,
  alias: 'stocktake',
  writable: [],
  quickSearchFields: ['id', 'stocktake_no', 'remark'],
  searchFields: ['id', 'stocktake_no', 'status', 'blind', 'warehouse_id', 'warehouse_area_id', 'warehouse_shelf_id', 'category_id', 'admin_id', 'createtime', 'start_time', 'post_time', 'updatetime', 'warehouse.name'],
  filterParams: ['stocktake_no', 'status', 'warehouse_id', 'warehouse_area_id', 'blind'],
  defaultOrder: [{ field: 'id', direction: 'DESC' }],
  joins: {
    warehouse: { entity: MASTER_DATA_TABLES.warehouse, on: 'warehouse_id', columns: ['name'] },
    area: { entity: MASTER_DATA_TABLES.warehouse_area, on: 'warehouse_area_id', columns: ['name'] },
    shelf: { entity: MASTER_DATA_TABLES.shelf, on: 'warehouse_shelf_id', columns: ['name'] },
    category: { entity: MASTER_DATA_TABLES.category, on: 'category_id', columns: ['name'] },
    admin: { entity: 'admin', on: 'admin_id', columns: ['username', 'nickname'] },
  },
};

/** Waves: number, warehouse, status, dates; filters by status and warehouse. */
export const WAVE_LIST: CrudDefinition<WaveEntity> = {
  entity: WaveEntity,
  alias: 'wave',
  writable: [],
  quickSearchFields: ['id', 'wave_no', 'remark'],
  searchFields: ['id', 'wave_no', 'status', 'warehouse_id', 'admin_id', 'release_time', 'createtime', 'updatetime', 'warehouse.name'],
  filterParams: ['wave_no', 'status', 'warehouse_id'],
  defaultOrder: [{ field: 'id', direction: 'DESC' }],
  joins: {
    warehouse: { entity: MASTER_DATA_TABLES.warehouse, on: 'warehouse_id', columns: ['name'] },
    admin: { entity: 'admin', on: 'admin_id', columns: ['username', 'nickname'] },
  },
};

/** Tasks of every kind: filters type, status, wave, warehouse, assignee (`me` in the controller). */
export const TASK_LIST: CrudDefinition<TaskEntity> = {
  entity: TaskEntity,
  alias: 'task',
  writable: [],
  quickSearchFields: ['id', 'lot_no'],
  searchFields: ['id', 'type', 'status', 'wave_id', 'warehouse_id', 'from_shelf_id', 'to_shelf_id', 'product_id', 'lot_no', 'quantity', 'done_quantity', 'sequence', 'assignee_id', 'createtime', 'product.name', 'product.product_no'],
  filterParams: ['type', 'status', 'wave_id', 'warehouse_id', 'assignee_id', 'product_id'],
  defaultOrder: [
    { field: 'wave_id', direction: 'DESC' },
    { field: 'sequence', direction: 'ASC' },
  ],
  joins: {
    product: { entity: MASTER_DATA_TABLES.product, on: 'product_id', columns: ['name', 'product_no', 'bar_code'] },
    from_shelf: { entity: MASTER_DATA_TABLES.shelf, on: 'from_shelf_id', columns: ['name', 'serial_no'] },
    to_shelf: { entity: MASTER_DATA_TABLES.shelf, on: 'to_shelf_id', columns: ['name', 'serial_no'] },
  },
};

/** Packages: filters order, status, type; the order's number joined. */
export const PACKAGE_LIST: CrudDefinition<PackageEntity> = {
  entity: PackageEntity,
  alias: 'package',
  writable: [],
  quickSearchFields: ['id', 'sscc'],
  searchFields: ['id', 'sscc', 'outbound_id', 'type', 'status', 'weight', 'admin_id', 'close_time', 'createtime', 'outbound.outbound_no'],
  filterParams: ['outbound_id', 'status', 'type', 'sscc'],
  defaultOrder: [{ field: 'id', direction: 'DESC' }],
  joins: {
    outbound: { entity: 'outbound_order', on: 'outbound_id', columns: ['outbound_no'] },
  },
};
