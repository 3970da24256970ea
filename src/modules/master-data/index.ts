/** What other contexts may import from the master-data context. */
export { MasterDataModule } from './master-data.module';
export { MasterDataReferences } from './services/master-data-references.service';
export type { ReferenceChecker, ReferenceHit } from './services/master-data-references.service';
export { MasterDataReader } from './queries/master-data/master-data.reader';
export { ScanReader } from './queries/scan/scan.reader';
export type { ScannedProduct, ScannedShelf } from './queries/scan/scan.reader';
export type { KnownMasterData, Party, PartySnapshot, ProductSnapshot, ProductUnitSnapshot, ShelfSnapshot, StockSnapshotFields } from './queries/master-data/master-data.reader';
export { ProductStockTotals } from './services/product-stock-totals.service';
/** The catalogues' CRUD services (validated add / edit / delete, each in its own transaction), e.g. for seeding. */
export { CatalogueCruds } from './crud/catalogue-cruds';
export {
  CATEGORY_STATUS,
  ENABLED_STATUS,
  MASTER_DATA_TABLES,
  PRODUCT_STATUS,
  WAREHOUSE_TYPE,
} from './domain/catalogue';
export type { Catalogue } from './domain/catalogue';
