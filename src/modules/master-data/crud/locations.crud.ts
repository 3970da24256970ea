import { EntityManager } from 'typeorm';
import { CrudDefinition } from '../../../shared/crud';
import { AppError } from '../../../shared/http/app-error';
import { rowLabel } from '../domain/catalogue';
import { AddShelfDto, AddWarehouseAreaDto, AddWarehouseDto, EditShelfDto, EditWarehouseAreaDto, EditWarehouseDto } from '../http/dto/catalogue.dto';
import { ProductEntity } from '../persistence/product.entity';
import { ShelfEntity } from '../persistence/shelf.entity';
import { WarehouseAreaEntity } from '../persistence/warehouse-area.entity';
import { WarehouseEntity } from '../persistence/warehouse.entity';
import { MasterDataReferences } from '../services/master-data-references.service';
import { assertUnique, findLive, InternalReference, merged, refuseIfReferenced, writes } from './checks';

const TIMES = ['createtime', 'updatetime'] as const;
const PRODUCTS_AT = (column: string): InternalReference => ({ entity: ProductEntity, column, by: 'master-data.references.products' });

/** Warehouses: serial_no unique among live warehouses; not deleted while areas, shelves or products use them. */
export function warehouseCrud(references: MasterDataReferences): CrudDefinition<WarehouseEntity> {
  return {
    entity: WarehouseEntity,
    alias: 'warehouse',
    writable: ['name', 'serial_no', 'address', 'city', 'responsible_person', 'mobile', 'status', 'weigh', 'remark', 'warehouse_type'],
    searchFields: ['id', 'name', 'serial_no', 'address', 'city', 'responsible_person', 'mobile', 'status', 'weigh', 'remark', 'warehouse_type', ...TIMES],
    quickSearchFields: ['id', 'name', 'serial_no'],
    filterParams: ['status', 'warehouse_type'],
    softDelete: true,
    validation: { add: AddWarehouseDto, edit: EditWarehouseDto },
    hooks: {
      async beforeWrite(data, { manager, existing }) {
        if (!writes(data, existing, 'serial_no')) return;
        await assertUnique(manager, {
          entity: WarehouseEntity,
          field: 'serial_no',
          value: String(data.serial_no),
          excludeId: existing?.id ?? null,
          message: 'master-data.code_taken',
          args: { field: '@fields.serial_no' },
        });
      },
      beforeDelete: (rows, { manager }) =>
        refuseIfReferenced(
          manager,
          'warehouse',
          rows,
          [
            { entity: WarehouseAreaEntity, column: 'warehouse_id', by: 'master-data.references.areas' },
            { entity: ShelfEntity, column: 'warehouse_id', by: 'master-data.references.shelves' },
            PRODUCTS_AT('warehouse_id'),
          ],
          references,
        ),
    },
  };
}

/** Areas: serial_no unique within the warehouse; not moved to another warehouse nor deleted while in use. */
export function warehouseAreaCrud(references: MasterDataReferences): CrudDefinition<WarehouseAreaEntity> {
  const usedBy: InternalReference[] = [{ entity: ShelfEntity, column: 'warehouse_area_id', by: 'master-data.references.shelves' }, PRODUCTS_AT('warehouse_area_id')];
  return {
    entity: WarehouseAreaEntity,
    alias: 'area',
    writable: ['warehouse_id', 'serial_no', 'name', 'status', 'weigh', 'remark'],
    searchFields: ['id', 'warehouse_id', 'serial_no', 'name', 'status', 'weigh', 'remark', ...TIMES, 'warehouse.name', 'warehouse.serial_no'],
    quickSearchFields: ['id', 'name', 'serial_no'],
    filterParams: ['warehouse_id', 'status'],
    joins: { warehouse: { entity: WarehouseEntity, on: 'warehouse_id', columns: ['name', 'serial_no'] } },
    softDelete: true,
    validation: { add: AddWarehouseAreaDto, edit: EditWarehouseAreaDto },
    hooks: {
      async beforeWrite(data, { manager, existing }) {
        const row = merged(data, existing);
        const warehouseId = Number(row.warehouse_id);
        if (writes(data, existing, 'warehouse_id')) {
          const warehouse = await findLive(manager, WarehouseEntity, warehouseId);
          if (!warehouse) throw new AppError('master-data.reference_missing', { field: '@fields.warehouse_id' });
          if (existing) await refuseIfReferenced(manager, 'warehouse_area', [existing], usedBy, references, 'master-data.cannot_move');
        }
        if (writes(data, existing, 'warehouse_id', 'serial_no')) {
          await assertUnique(manager, {
            entity: WarehouseAreaEntity,
            field: 'serial_no',
            value: String(row.serial_no),
            scope: { warehouse_id: warehouseId },
            excludeId: existing?.id ?? null,
            message: 'master-data.code_taken_in_warehouse',
            args: { field: '@fields.serial_no' },
          });
        }
      },
      beforeDelete: (rows, { manager }) => refuseIfReferenced(manager, 'warehouse_area', rows, usedBy, references),
    },
  };
}

/** Shelves: always inside an area of their warehouse; serial_no unique within the area. */
export function shelfCrud(references: MasterDataReferences): CrudDefinition<ShelfEntity> {
  const usedBy: InternalReference[] = [PRODUCTS_AT('warehouse_shelf_id')];
  return {
    entity: ShelfEntity,
    alias: 'shelf',
    writable: ['warehouse_id', 'warehouse_area_id', 'serial_no', 'name', 'status', 'kind', 'capacity', 'mixing', 'weigh', 'remark'],
    searchFields: [
      'id',
      'warehouse_id',
      'warehouse_area_id',
      'serial_no',
      'name',
      'status',
      'kind',
      'capacity',
      'mixing',
      'weigh',
      'remark',
      ...TIMES,
      'warehouse.name',
      'warehouse.serial_no',
      'area.name',
      'area.serial_no',
    ],
    quickSearchFields: ['id', 'name', 'serial_no'],
    filterParams: ['warehouse_id', 'warehouse_area_id', 'status', 'kind', 'mixing'],
    joins: {
      warehouse: { entity: WarehouseEntity, on: 'warehouse_id', columns: ['name', 'serial_no'] },
      area: { entity: WarehouseAreaEntity, on: 'warehouse_area_id', columns: ['name', 'serial_no'] },
    },
    softDelete: true,
    validation: { add: AddShelfDto, edit: EditShelfDto },
    hooks: {
      async beforeWrite(data, { manager, existing }) {
        const row = merged(data, existing);
        if (writes(data, existing, 'warehouse_id', 'warehouse_area_id')) {
          await checkAreaOfWarehouse(manager, Number(row.warehouse_id), Number(row.warehouse_area_id));
          if (existing) {
            await refuseIfReferenced(manager, 'shelf', [existing], usedBy, references, 'master-data.cannot_move');
            // nothing holds stock there, but stock rows at zero may remain: they move with the shelf
            await references.moved('shelf', existing.id, { warehouse_id: Number(row.warehouse_id), warehouse_area_id: Number(row.warehouse_area_id) }, manager);
          }
        }
        if (writes(data, existing, 'warehouse_area_id', 'serial_no')) {
          await assertUnique(manager, {
            entity: ShelfEntity,
            field: 'serial_no',
            value: String(row.serial_no),
            scope: { warehouse_area_id: Number(row.warehouse_area_id) },
            excludeId: existing?.id ?? null,
            message: 'master-data.code_taken_in_area',
            args: { field: '@fields.serial_no' },
          });
        }
      },
      beforeDelete: (rows, { manager }) => refuseIfReferenced(manager, 'shelf', rows, usedBy, references),
    },
  };
}

/** The warehouse exists, and the area exists inside it. */
export async function checkAreaOfWarehouse(manager: EntityManager, warehouseId: number, areaId: number): Promise<void> {
  const warehouse = await findLive(manager, WarehouseEntity, warehouseId);
  if (!warehouse) throw new AppError('master-data.reference_missing', { field: '@fields.warehouse_id' });
  const area = await findLive(manager, WarehouseAreaEntity, areaId);
  if (!area) throw new AppError('master-data.reference_missing', { field: '@fields.warehouse_area_id' });
  if (area.warehouse_id !== warehouse.id) throw new AppError('master-data.area_not_in_warehouse', { area: rowLabel(area), warehouse: rowLabel(warehouse) });
}
