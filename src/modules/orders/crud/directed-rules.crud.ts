import { EntityManager } from 'typeorm';
import { CrudDefinition } from '../../../shared/crud';
import { AppError } from '../../../shared/http/app-error';
import { MASTER_DATA_TABLES } from '../../master-data';
import { shelfIdsOf } from '../domain/putaway';
import { OrderRuleError } from '../domain/order-errors';
import { AddPickFaceDto, AddPutawayRuleDto, AddReorderRuleDto, EditPickFaceDto, EditPutawayRuleDto, EditReorderRuleDto } from '../http/dto/directed-rules.dto';
import { PickFaceEntity, PutawayRuleEntity, ReorderRuleEntity } from '../persistence/directed-rules.entities';

const TIMES = ['createtime', 'updatetime'];
const merged = (data: Record<string, unknown>, existing: object | null): Record<string, unknown> => ({ ...(existing ?? {}), ...data });
const int = (v: unknown) => Number(v ?? 0);

/** A live (not deleted) master-data row, or a refusal naming the field. */
async function live(manager: EntityManager, table: keyof typeof MASTER_DATA_TABLES, id: number, field: string): Promise<Record<string, unknown>> {
  const [row] = id ? await manager.query(`SELECT * FROM ${MASTER_DATA_TABLES[table]} WHERE id = ? AND deletetime IS NULL`, [id]) : [];
  if (!row) throw new AppError('master-data.reference_missing', { field: `@fields.${field}` });
  return row;
}

const warehouseJoin = { entity: MASTER_DATA_TABLES.warehouse, on: 'warehouse_id', columns: ['name', 'serial_no'] } as const;
const productJoin = { entity: MASTER_DATA_TABLES.product, on: 'product_id', columns: ['name', 'product_no'] } as const;

/** Putaway rules (§12): for a product or a category (exactly one), in a warehouse, optionally an area of it and shelves of it. */
export const PUTAWAY_RULE_CRUD: CrudDefinition<PutawayRuleEntity> = {
  entity: PutawayRuleEntity,
  alias: 'putaway_rule',
  writable: ['warehouse_id', 'product_id', 'category_id', 'warehouse_area_id', 'shelf_ids', 'priority', 'status'],
  searchFields: ['id', 'warehouse_id', 'product_id', 'category_id', 'warehouse_area_id', 'shelf_ids', 'priority', 'status', ...TIMES, 'warehouse.name', 'product.name', 'product.product_no', 'category.name', 'area.name'],
  quickSearchFields: ['id', 'product.name', 'product.product_no', 'category.name'],
  filterParams: ['warehouse_id', 'product_id', 'category_id', 'warehouse_area_id', 'status'],
  joins: {
    warehouse: warehouseJoin,
    product: productJoin,
    category: { entity: MASTER_DATA_TABLES.category, on: 'category_id', columns: ['name'] },
    area: { entity: MASTER_DATA_TABLES.warehouse_area, on: 'warehouse_area_id', columns: ['name', 'serial_no'] },
  },
  defaultOrder: [
    { field: 'priority', direction: 'DESC' },
    { field: 'id', direction: 'DESC' },
  ],
  validation: { add: AddPutawayRuleDto, edit: EditPutawayRuleDto },
  hooks: {
    async beforeWrite(data, { manager, existing }) {
      const row = merged(data, existing);
      const warehouseId = int(row.warehouse_id);
      await live(manager, 'warehouse', warehouseId, 'warehouse_id');
      const productId = int(row.product_id);
      const categoryId = int(row.category_id);
      if (!productId === !categoryId) throw new OrderRuleError('putaway_rule_product_or_category');
      if (productId) await live(manager, 'product', productId, 'product_id');
      else await live(manager, 'category', categoryId, 'category_id');
      const areaId = int(row.warehouse_area_id);
      if (areaId && int((await live(manager, 'warehouse_area', areaId, 'warehouse_area_id')).warehouse_id) !== warehouseId) throw new OrderRuleError('putaway_rule_outside_warehouse');
      const shelfIds = shelfIdsOf(row.shelf_ids);
      if (shelfIds.length) {
        const shelves: Array<Record<string, unknown>> = await manager.query(`SELECT id, warehouse_id, warehouse_area_id FROM ${MASTER_DATA_TABLES.shelf} WHERE id IN (${shelfIds.map(() => '?').join(',')}) AND deletetime IS NULL`, shelfIds);
        const inside = shelves.filter((s) => int(s.warehouse_id) === warehouseId && (!areaId || int(s.warehouse_area_id) === areaId));
        if (inside.length !== new Set(shelfIds).size) throw new OrderRuleError('putaway_rule_outside_warehouse');
      }
      if ('shelf_ids' in data) data.shelf_ids = [...new Set(shelfIds)].join(',');
    },
  },
};

/** Pick faces (§12): a shelf and the product picked from it, with min ≤ max; one face per (shelf, product). */
export const PICK_FACE_CRUD: CrudDefinition<PickFaceEntity> = {
  entity: PickFaceEntity,
  alias: 'pick_face',
  writable: ['warehouse_shelf_id', 'product_id', 'min', 'max'],
  searchFields: ['id', 'warehouse_id', 'warehouse_shelf_id', 'product_id', 'min', 'max', ...TIMES, 'warehouse.name', 'shelf.name', 'shelf.serial_no', 'product.name', 'product.product_no'],
  quickSearchFields: ['id', 'product.name', 'product.product_no', 'shelf.name', 'shelf.serial_no'],
  filterParams: ['warehouse_id', 'warehouse_shelf_id', 'product_id'],
  joins: { warehouse: warehouseJoin, shelf: { entity: MASTER_DATA_TABLES.shelf, on: 'warehouse_shelf_id', columns: ['name', 'serial_no'] }, product: productJoin },
  validation: { add: AddPickFaceDto, edit: EditPickFaceDto },
  hooks: {
    async beforeWrite(data, { manager, existing }) {
      const row = merged(data, existing);
      const shelf = await live(manager, 'shelf', int(row.warehouse_shelf_id), 'warehouse_shelf_id');
      await live(manager, 'product', int(row.product_id), 'product_id');
      if (int(row.min) > int(row.max)) throw new OrderRuleError('min_above_max');
      data.warehouse_id = int(shelf.warehouse_id);
      const [taken] = await manager.query('SELECT id FROM pick_face WHERE warehouse_shelf_id = ? AND product_id = ? AND id <> ?', [int(row.warehouse_shelf_id), int(row.product_id), existing?.id ?? 0]);
      if (taken) throw new OrderRuleError('pick_face_exists');
    },
  },
};

/** Reorder rules (§12): a warehouse's min ≤ max and multiple ≥ 1 of a product, bought from a supplier; one per (warehouse, product). */
export const REORDER_RULE_CRUD: CrudDefinition<ReorderRuleEntity> = {
  entity: ReorderRuleEntity,
  alias: 'reorder_rule',
  writable: ['warehouse_id', 'product_id', 'min', 'max', 'multiple', 'supplier_id'],
  searchFields: ['id', 'warehouse_id', 'product_id', 'min', 'max', 'multiple', 'supplier_id', ...TIMES, 'warehouse.name', 'product.name', 'product.product_no', 'supplier.name'],
  quickSearchFields: ['id', 'product.name', 'product.product_no', 'supplier.name'],
  filterParams: ['warehouse_id', 'product_id', 'supplier_id'],
  joins: { warehouse: warehouseJoin, product: productJoin, supplier: { entity: MASTER_DATA_TABLES.supplier, on: 'supplier_id', columns: ['name'] } },
  validation: { add: AddReorderRuleDto, edit: EditReorderRuleDto },
  hooks: {
    async beforeWrite(data, { manager, existing }) {
      const row = merged(data, existing);
      await live(manager, 'warehouse', int(row.warehouse_id), 'warehouse_id');
      await live(manager, 'product', int(row.product_id), 'product_id');
      await live(manager, 'supplier', int(row.supplier_id), 'supplier_id');
      if (int(row.min) > int(row.max)) throw new OrderRuleError('min_above_max');
      if (!existing && data.multiple === undefined) data.multiple = 1;
      const [taken] = await manager.query('SELECT id FROM reorder_rule WHERE warehouse_id = ? AND product_id = ? AND id <> ?', [int(row.warehouse_id), int(row.product_id), existing?.id ?? 0]);
      if (taken) throw new OrderRuleError('reorder_rule_exists');
    },
  },
};
