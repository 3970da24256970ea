import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CatalogueCruds } from './crud/catalogue-cruds';
import { CATALOGUE_CONTROLLERS } from './http/catalogue.controllers';
import { BrandEntity } from './persistence/brand.entity';
import { CategoryEntity } from './persistence/category.entity';
import { CarrierEntity, CustomerEntity, SupplierEntity } from './persistence/partner.entity';
import { ProductEntity } from './persistence/product.entity';
import { ShelfEntity } from './persistence/shelf.entity';
import { UnitEntity } from './persistence/unit.entity';
import { WarehouseAreaEntity } from './persistence/warehouse-area.entity';
import { WarehouseEntity } from './persistence/warehouse.entity';
import { MasterDataReader } from './services/master-data-reader.service';
import { MasterDataReferences } from './services/master-data-references.service';
import { ProductStockTotals } from './services/product-stock-totals.service';

/** The warehouse catalogues (DESIGN.md §4): brand, carrier, customer, supplier, category, unit, warehouse, area, shelf, product. */
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
    ]),
  ],
  controllers: CATALOGUE_CONTROLLERS,
  providers: [MasterDataReferences, CatalogueCruds, MasterDataReader, ProductStockTotals],
  exports: [MasterDataReferences, MasterDataReader, ProductStockTotals],
})
export class MasterDataModule {}
