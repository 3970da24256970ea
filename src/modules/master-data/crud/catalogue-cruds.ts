import { Injectable } from '@nestjs/common';
import { CrudKit, CrudService } from '../../../shared/crud';
import { BrandEntity } from '../persistence/brand.entity';
import { CarrierEntity, CustomerEntity, SupplierEntity } from '../persistence/partner.entity';
import { ProductEntity } from '../persistence/product.entity';
import { ShelfEntity } from '../persistence/shelf.entity';
import { UnitEntity } from '../persistence/unit.entity';
import { WarehouseAreaEntity } from '../persistence/warehouse-area.entity';
import { WarehouseEntity } from '../persistence/warehouse.entity';
import { MasterDataReferences } from '../services/master-data-references.service';
import { CategoryCrudService } from './category.crud';
import { warehouseAreaCrud, shelfCrud, warehouseCrud } from './locations.crud';
import { productCrud } from './product.crud';
import { productUnitCrud } from './product-unit.crud';
import { ProductUnitEntity } from '../persistence/product-unit.entity';
import { brandCrud, partnerCrud, unitCrud } from './simple-catalogues.crud';

/** One CrudService per catalogue, built once (definitions are checked against the metadata at start-up). */
@Injectable()
export class CatalogueCruds {
  readonly brand: CrudService<BrandEntity>;
  readonly carrier: CrudService<CarrierEntity>;
  readonly customer: CrudService<CustomerEntity>;
  readonly supplier: CrudService<SupplierEntity>;
  readonly category: CategoryCrudService;
  readonly unit: CrudService<UnitEntity>;
  readonly warehouse: CrudService<WarehouseEntity>;
  readonly warehouseArea: CrudService<WarehouseAreaEntity>;
  readonly shelf: CrudService<ShelfEntity>;
  readonly product: CrudService<ProductEntity>;
  readonly productUnit: CrudService<ProductUnitEntity>;

  constructor(kit: CrudKit, references: MasterDataReferences) {
    this.brand = new CrudService(kit, brandCrud(references));
    this.carrier = new CrudService(kit, partnerCrud(CarrierEntity, 'carrier', references));
    this.customer = new CrudService(kit, partnerCrud(CustomerEntity, 'customer', references));
    this.supplier = new CrudService(kit, partnerCrud(SupplierEntity, 'supplier', references));
    this.category = new CategoryCrudService(kit, references);
    this.unit = new CrudService(kit, unitCrud(references));
    this.warehouse = new CrudService(kit, warehouseCrud(references));
    this.warehouseArea = new CrudService(kit, warehouseAreaCrud(references));
    this.shelf = new CrudService(kit, shelfCrud(references));
    this.product = new CrudService(kit, productCrud(references));
    this.productUnit = new CrudService(kit, productUnitCrud());
  }
}
