import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CatalogueCruds } from './crud/catalogue-cruds';
import { CATALOGUE_CONTROLLERS } from './http/catalogue.controllers';
import { ProductLabelController, ShelfLabelController } from './http/label.controllers';
import { ScanController } from './http/scan.controller';
import { LabelService } from './labels/label.service';
import { BrandEntity } from './persistence/brand.entity';
import { CategoryEntity } from './persistence/category.entity';
import { CarrierEntity, CustomerEntity, SupplierEntity } from './persistence/partner.entity';
import { ProductEntity } from './persistence/product.entity';
import { ProductUnitEntity } from './persistence/product-unit.entity';
import { ShelfEntity } from './persistence/shelf.entity';
import { UnitEntity } from './persistence/unit.entity';
import { WarehouseAreaEntity } from './persistence/warehouse-area.entity';
import { WarehouseEntity } from './persistence/warehouse.entity';
import { MasterDataReader } from './queries/master-data/master-data.reader';
import { MasterDataReferences } from './services/master-data-references.service';
import { ProductStockTotals } from './services/product-stock-totals.service';
import { ScanReader } from './queries/scan/scan.reader';
import { ExportService } from './transfer/export.service';
import { ImportService } from './transfer/import.service';
import { TRANSFER_CONTROLLERS } from './transfer/transfer.controllers';
import { ModuleManifest, ModuleRegistry } from '../../shared/modules/module-registry';

/** The warehouse catalogues: brand, carrier, customer, supplier, category, unit, warehouse, area, shelf, product. */
/** This context as module management lists it. */
export const MASTER_DATA_MODULE: ModuleManifest = { name: 'master_data', title: 'module.title.master_data', version: '1.0.0', core: true, routes: [], menus: [], jobs: [] };

@Module({
  imports: [
    TypeOrmModule.forFeature([
      BrandEntity,
      CarrierEntity,
      CustomerEntity,
      SupplierEntity,
      CategoryEntity,
      UnitEntity,
      WarehouseEntity,
      WarehouseAreaEntity,
      ShelfEntity,
      ProductEntity,
      ProductUnitEntity,
    ]),
  ],
  controllers: [...CATALOGUE_CONTROLLERS, ...TRANSFER_CONTROLLERS, ProductLabelController, ShelfLabelController, ScanController],
  providers: [MasterDataReferences, CatalogueCruds, MasterDataReader, ProductStockTotals, ExportService, ImportService, LabelService, ScanReader],
  exports: [MasterDataReferences, MasterDataReader, ProductStockTotals, CatalogueCruds, ScanReader],
})
export class MasterDataModule {
  constructor(modules: ModuleRegistry) {
    modules.declare(MASTER_DATA_MODULE);
  }
}
