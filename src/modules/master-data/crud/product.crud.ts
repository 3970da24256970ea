import { EntityManager } from 'typeorm';
import { CrudDefinition } from '../../../shared/crud';
import { AppError } from '../../../shared/http/app-error';
import { rowLabel } from '../domain/catalogue';
import { AddProductDto, EditProductDto } from '../http/dto/catalogue.dto';
import { BrandEntity } from '../persistence/brand.entity';
import { CategoryEntity } from '../persistence/category.entity';
import { ProductEntity } from '../persistence/product.entity';
import { ProductUnitEntity } from '../persistence/product-unit.entity';
import { productQuickSearch } from '../persistence/product-search';
import { ShelfEntity } from '../persistence/shelf.entity';
import { UnitEntity } from '../persistence/unit.entity';
import { WarehouseAreaEntity } from '../persistence/warehouse-area.entity';
import { WarehouseEntity } from '../persistence/warehouse.entity';
import { MasterDataReferences } from '../services/master-data-references.service';
import { assertUnique, findLive, merged, refuseIfReferenced, writes } from './checks';

/**
 * Products: product_no unique, bar_code unique when set (NULL otherwise), references that exist, a default
 * location whose area lies in its warehouse and whose shelf lies in its area. total_stock_num is not
 * writable: the inventory context sets it (ProductStockTotals). Deleting asks the registered checkers
 * (order lines, stock).
 */
export function productCrud(references: MasterDataReferences): CrudDefinition<ProductEntity> {
  return {
    entity: ProductEntity,
    alias: 'product',
    writable: [
      'product_no',
      'bar_code',
      'name',
      'brand_id',
      'category_id',
      'unit_id',
      'spec',
      'price',
      'safety_stock_num',
      'warehouse_id',
      'warehouse_area_id',
      'warehouse_shelf_id',
      'images',
      'weigh',
      'status',
      'remark',
      'effective_day',
      'lot_tracked',
      'serial_tracked',
    ],
    searchFields: [
      'id',
      'product_no',
      'bar_code',
      'name',
      'brand_id',
      'category_id',
      'unit_id',
      'spec',
      'price',
      'safety_stock_num',
      'total_stock_num',
      'warehouse_id',
      'warehouse_area_id',
      'warehouse_shelf_id',
      'weigh',
      'status',
      'remark',
      'effective_day',
      'lot_tracked',
      'serial_tracked',
      'createtime',
      'updatetime',
      'brand.name',
      'category.name',
      'unit.name',
      'warehouse.name',
      'area.name',
      'shelf.name',
    ],
    quickSearchFields: ['id', 'name', 'product_no', 'bar_code'],
    quickSearchIndex: productQuickSearch,
    filterParams: ['warehouse_id', 'warehouse_area_id', 'warehouse_shelf_id', 'brand_id', 'category_id', 'unit_id', 'status', 'lot_tracked', 'serial_tracked'],
    joins: {
      brand: { entity: BrandEntity, on: 'brand_id', columns: ['name'] },
      category: { entity: CategoryEntity, on: 'category_id', columns: ['name'] },
      unit: { entity: UnitEntity, on: 'unit_id', columns: ['name'] },
      warehouse: { entity: WarehouseEntity, on: 'warehouse_id', columns: ['name', 'serial_no'] },
      area: { entity: WarehouseAreaEntity, on: 'warehouse_area_id', columns: ['name', 'serial_no'] },
      shelf: { entity: ShelfEntity, on: 'warehouse_shelf_id', columns: ['name', 'serial_no'] },
    },
    softDelete: true,
    validation: { add: AddProductDto, edit: EditProductDto },
    hooks: {
      async beforeWrite(data, { manager, existing }) {
        const excludeId = existing?.id ?? null;
        if (!existing) data.images ??= '';
        if (writes(data, existing, 'product_no')) {
          await assertUnique(manager, { entity: ProductEntity, field: 'product_no', value: String(data.product_no), excludeId, message: 'master-data.code_taken', args: { field: '@fields.product_no' } });
          // a scanned code names one thing: no unit of any product carries it as its bar code
          await assertUnique(manager, { entity: ProductUnitEntity, field: 'bar_code', value: String(data.product_no), excludeId: null, message: 'master-data.code_taken', args: { field: '@fields.product_no' } });
        }
        if (writes(data, existing, 'bar_code') && typeof data.bar_code === 'string') {
          await assertUnique(manager, { entity: ProductEntity, field: 'bar_code', value: data.bar_code, excludeId, message: 'master-data.code_taken', args: { field: '@fields.bar_code' } });
          await assertUnique(manager, { entity: ProductUnitEntity, field: 'bar_code', value: data.bar_code, excludeId: null, message: 'master-data.code_taken', args: { field: '@fields.bar_code' } });
        }
        const references = [
          ['brand_id', BrandEntity],
          ['category_id', CategoryEntity],
          ['unit_id', UnitEntity],
        ] as const;
        for (const [field, entity] of references) {
          if (!writes(data, existing, field) || !Number(data[field])) continue;
          if (!(await findLive(manager, entity, Number(data[field])))) throw new AppError('master-data.reference_missing', { field: `@fields.${field}` });
        }
        if (writes(data, existing, 'warehouse_id', 'warehouse_area_id', 'warehouse_shelf_id')) {
          const row = merged(data, existing);
          await checkLocation(manager, Number(row.warehouse_id), Number(row.warehouse_area_id), Number(row.warehouse_shelf_id));
        }
      },
      beforeDelete: (rows, { manager }) => refuseIfReferenced(manager, 'product', rows, [], references),
    },
  };
}

/** Each level is optional, but a chosen area must lie in the chosen warehouse and a chosen shelf in the chosen area. */
async function checkLocation(manager: EntityManager, warehouseId: number, areaId: number, shelfId: number): Promise<void> {
  if (warehouseId && !(await findLive(manager, WarehouseEntity, warehouseId))) throw new AppError('master-data.reference_missing', { field: '@fields.warehouse_id' });
  if (areaId) {
    const area = await findLive(manager, WarehouseAreaEntity, areaId);
    if (!area) throw new AppError('master-data.reference_missing', { field: '@fields.warehouse_area_id' });
    if (area.warehouse_id !== warehouseId) throw new AppError('master-data.area_not_in_chosen_warehouse', { area: rowLabel(area) });
  }
  if (shelfId) {
    const shelf = await findLive(manager, ShelfEntity, shelfId);
    if (!shelf) throw new AppError('master-data.reference_missing', { field: '@fields.warehouse_shelf_id' });
    if (shelf.warehouse_area_id !== areaId) throw new AppError('master-data.shelf_not_in_chosen_area', { shelf: rowLabel(shelf) });
  }
}
