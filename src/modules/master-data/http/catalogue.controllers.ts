import { Controller } from '@nestjs/common';
import { CrudController, TreeCrudController } from '../../../shared/crud';
import { CatalogueCruds } from '../crud/catalogue-cruds';
import { ProductUnitEntity } from '../persistence/product-unit.entity';
import { BrandEntity } from '../persistence/brand.entity';
import { CategoryEntity } from '../persistence/category.entity';
import { CarrierEntity, CustomerEntity, SupplierEntity } from '../persistence/partner.entity';
import { ProductEntity } from '../persistence/product.entity';
import { ShelfEntity } from '../persistence/shelf.entity';
import { UnitEntity } from '../persistence/unit.entity';
import { WarehouseAreaEntity } from '../persistence/warehouse-area.entity';
import { WarehouseEntity } from '../persistence/warehouse.entity';

/*
 * The master-data pages' endpoints: the generic CRUD actions over each catalogue's definition
 * (crud/*.crud.ts). The guard checks `wms/<controller>/<action>` before any of them runs.
 */

@Controller('admin/wms.Brand')
export class BrandController extends CrudController<BrandEntity> {
  constructor(cruds: CatalogueCruds) {
    super(cruds.brand);
  }
}

@Controller('admin/wms.Carrier')
export class CarrierController extends CrudController<CarrierEntity> {
  constructor(cruds: CatalogueCruds) {
    super(cruds.carrier);
  }
}

@Controller('admin/wms.Customer')
export class CustomerController extends CrudController<CustomerEntity> {
  constructor(cruds: CatalogueCruds) {
    super(cruds.customer);
  }
}

@Controller('admin/wms.Supplier')
export class SupplierController extends CrudController<SupplierEntity> {
  constructor(cruds: CatalogueCruds) {
    super(cruds.supplier);
  }
}

/** A tree: `index` answers `{list: tree}`, or `{options}` with `select`. */
@Controller('admin/wms.Category')
export class CategoryController extends TreeCrudController<CategoryEntity> {
  constructor(cruds: CatalogueCruds) {
    super(cruds.category);
  }
}

@Controller('admin/wms.Unit')
export class UnitController extends CrudController<UnitEntity> {
  constructor(cruds: CatalogueCruds) {
    super(cruds.unit);
  }
}

@Controller('admin/wms.Warehouse')
export class WarehouseController extends CrudController<WarehouseEntity> {
  constructor(cruds: CatalogueCruds) {
    super(cruds.warehouse);
  }
}

@Controller('admin/wms.WarehouseArea')
export class WarehouseAreaController extends CrudController<WarehouseAreaEntity> {
  constructor(cruds: CatalogueCruds) {
    super(cruds.warehouseArea);
  }
}

@Controller('admin/wms.Shelf')
export class ShelfController extends CrudController<ShelfEntity> {
  constructor(cruds: CatalogueCruds) {
    super(cruds.shelf);
  }
}

@Controller('admin/wms.Product')
export class ProductController extends CrudController<ProductEntity> {
  constructor(cruds: CatalogueCruds) {
    super(cruds.product);
  }
}

@Controller('admin/wms.ProductUnit')
export class ProductUnitController extends CrudController<ProductUnitEntity> {
  constructor(cruds: CatalogueCruds) {
    super(cruds.productUnit);
  }
}

export const CATALOGUE_CONTROLLERS = [
  BrandController,
  CarrierController,
  CustomerController,
  SupplierController,
  CategoryController,
  UnitController,
  WarehouseController,
  WarehouseAreaController,
  ShelfController,
  ProductController,
  ProductUnitController,
];
