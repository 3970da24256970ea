import { CrudDefinition } from '../../../shared/crud';
import { AddBrandDto, AddPartnerDto, AddUnitDto, EditBrandDto, EditPartnerDto, EditUnitDto } from '../http/dto/catalogue.dto';
import { BrandEntity } from '../persistence/brand.entity';
import { PartnerColumns } from '../persistence/partner.entity';
import { ProductEntity } from '../persistence/product.entity';
import { UnitEntity } from '../persistence/unit.entity';
import { MasterDataReferences } from '../services/master-data-references.service';
import { refuseIfReferenced } from './checks';

const TIMES = ['createtime', 'updatetime'] as const;

/** Brands: deleted for real, once no product uses them. */
export function brandCrud(references: MasterDataReferences): CrudDefinition<BrandEntity> {
  return {
    entity: BrandEntity,
    alias: 'brand',
    writable: ['name', 'image', 'introduce', 'weigh'],
    searchFields: ['id', 'name', 'weigh', ...TIMES],
    quickSearchFields: ['id', 'name'],
    validation: { add: AddBrandDto, edit: EditBrandDto },
    hooks: {
      beforeDelete: (rows, { manager }) =>
        refuseIfReferenced(manager, 'brand', rows, [{ entity: ProductEntity, column: 'brand_id', by: 'master-data.references.products' }], references),
    },
  };
}

/** Units: deleted for real, once no product uses them. */
export function unitCrud(references: MasterDataReferences): CrudDefinition<UnitEntity> {
  return {
    entity: UnitEntity,
    alias: 'unit',
    writable: ['name', 'description', 'status', 'remark', 'weigh'],
    searchFields: ['id', 'name', 'description', 'status', 'remark', 'weigh', ...TIMES],
    quickSearchFields: ['id', 'name'],
    filterParams: ['status'],
    validation: { add: AddUnitDto, edit: EditUnitDto },
    hooks: {
      beforeDelete: (rows, { manager }) =>
        refuseIfReferenced(manager, 'unit', rows, [{ entity: ProductEntity, column: 'unit_id', by: 'master-data.references.products' }], references),
    },
  };
}

/**
 * Carriers, customers and suppliers: soft-deleted (orders keep pointing at them). The orders context vetoes
 * deletes through MasterDataReferences if it needs to.
 */
export function partnerCrud<E extends PartnerColumns>(entity: new () => E, catalogue: 'carrier' | 'customer' | 'supplier', references: MasterDataReferences): CrudDefinition<E> {
  return {
    entity,
    alias: catalogue,
    writable: ['name', 'contact_person', 'mobile', 'email', 'wechat', 'level', 'city', 'address', 'weigh', 'remark'],
    searchFields: ['id', 'name', 'contact_person', 'mobile', 'email', 'wechat', 'level', 'city', 'address', 'weigh', 'remark', ...TIMES],
    quickSearchFields: ['id', 'name', 'contact_person', 'mobile'],
    softDelete: true,
    validation: { add: AddPartnerDto, edit: EditPartnerDto },
    hooks: {
      beforeDelete: (rows, { manager }) => refuseIfReferenced(manager, catalogue, rows, [], references),
    },
  };
}
