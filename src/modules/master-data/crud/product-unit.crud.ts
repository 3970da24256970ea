import { CrudDefinition } from '../../../shared/crud';
import { AppError } from '../../../shared/http/app-error';
import { AddProductUnitDto, EditProductUnitDto } from '../http/dto/catalogue.dto';
import { ProductEntity } from '../persistence/product.entity';
import { ProductUnitEntity } from '../persistence/product-unit.entity';
import { assertUnique, findLive, merged, writes } from './checks';

const TIMES = ['createtime', 'updatetime'] as const;

/**
 * A product's units of measure (`wms.ProductUnit`): a live product, a name unique within the product, a factor
 * of at least 2 (the DTO), and a bar code that no other unit and no product (bar code or product number)
 * carries — so a scanned code names one thing. Deleted for real: lines and ledger events keep the unit's name
 * and factor as they were entered.
 */
export function productUnitCrud(): CrudDefinition<ProductUnitEntity> {
  return {
    entity: ProductUnitEntity,
    alias: 'product_unit',
    writable: ['product_id', 'name', 'factor', 'bar_code'],
    searchFields: ['id', 'product_id', 'name', 'factor', 'bar_code', ...TIMES, 'product.name', 'product.product_no'],
    quickSearchFields: ['id', 'name', 'bar_code', 'product.name', 'product.product_no'],
    filterParams: ['product_id'],
    joins: { product: { entity: ProductEntity, on: 'product_id', columns: ['name', 'product_no', 'bar_code'] } },
    defaultOrder: [
      { field: 'product_id', direction: 'ASC' },
      { field: 'factor', direction: 'ASC' },
    ],
    validation: { add: AddProductUnitDto, edit: EditProductUnitDto },
    hooks: {
      async beforeWrite(data, { manager, existing }) {
        const excludeId = existing?.id ?? null;
        const row = merged(data, existing);
        if (writes(data, existing, 'product_id') && !(await findLive(manager, ProductEntity, Number(row.product_id)))) {
          throw new AppError('master-data.reference_missing', { field: '@fields.product_id' });
        }
        if (writes(data, existing, 'product_id', 'name')) {
          await assertUnique(manager, { entity: ProductUnitEntity, field: 'name', value: String(row.name), scope: { product_id: Number(row.product_id) }, excludeId, message: 'master-data.unit_name_taken' });
        }
        if (writes(data, existing, 'bar_code') && typeof data.bar_code === 'string') {
          const taken = { message: 'master-data.code_taken', args: { field: '@fields.bar_code' } };
          await assertUnique(manager, { entity: ProductUnitEntity, field: 'bar_code', value: data.bar_code, excludeId, ...taken });
          await assertUnique(manager, { entity: ProductEntity, field: 'bar_code', value: data.bar_code, excludeId: null, ...taken });
          await assertUnique(manager, { entity: ProductEntity, field: 'product_no', value: data.bar_code, excludeId: null, ...taken });
        }
      },
    },
  };
}
