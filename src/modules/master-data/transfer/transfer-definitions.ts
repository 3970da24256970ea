import { Type } from '@nestjs/common';
import { EntityTarget, ObjectLiteral } from 'typeorm';
import { CrudRow, CrudService, ListExportColumn, ListExportHelpers } from '../../../shared/crud';
import { CellType } from '../../../shared/http/spreadsheet-cells';
import { CATEGORY_STATUS, Catalogue, ENABLED_STATUS, PRODUCT_STATUS, WAREHOUSE_TYPE } from '../domain/catalogue';
import { CatalogueCruds } from '../crud/catalogue-cruds';
import { AddBrandDto, AddCategoryDto, AddPartnerDto, AddProductDto, AddUnitDto, AddWarehouseDto } from '../http/dto/catalogue.dto';
import { BrandEntity } from '../persistence/brand.entity';
import { CategoryEntity } from '../persistence/category.entity';
import { CarrierEntity, CustomerEntity, SupplierEntity } from '../persistence/partner.entity';
import { ProductEntity } from '../persistence/product.entity';
import { UnitEntity } from '../persistence/unit.entity';
import { WarehouseEntity } from '../persistence/warehouse.entity';

/*
 * What each catalogue exports and imports: the columns (labels are i18n keys, shown in the caller's
 * language), the enumerations shown as labels, and for imports the form (DTO) each row must pass, the
 * codes that must be unique and the references looked up by code or name.
 */

/** An enumeration written as its translated label (and read back from a label in either language or the number). */
export interface TransferEnum {
  /** value → i18n key of its label */
  labels: Record<number, string>;
}

export const ENUMS = {
  productStatus: { labels: { [PRODUCT_STATUS.onShelf]: 'transfer.enums.product_status.on_shelf', [PRODUCT_STATUS.offShelf]: 'transfer.enums.product_status.off_shelf' } },
  enabled: { labels: { [ENABLED_STATUS.disabled]: 'transfer.enums.enabled.disabled', [ENABLED_STATUS.enabled]: 'transfer.enums.enabled.enabled' } },
  categoryStatus: { labels: { [CATEGORY_STATUS.hidden]: 'transfer.enums.category_status.hidden', [CATEGORY_STATUS.shown]: 'transfer.enums.category_status.shown' } },
  warehouseType: { labels: { [WAREHOUSE_TYPE.own]: 'transfer.enums.warehouse_type.own', [WAREHOUSE_TYPE.thirdParty]: 'transfer.enums.warehouse_type.third_party' } },
} satisfies Record<string, TransferEnum>;

export interface ExportHelpers extends ListExportHelpers {
  /** A catalogue-specific lookup prepared before the rows are read (category parents). */
  names: Map<number, string>;
}

export type ExportColumn = ListExportColumn<ExportHelpers>;

export interface ImportField {
  /** The property handed to the form (DTO), or the name a reference is resolved from (`brand`). */
  key: string;
  /** i18n key of the header (the same as the export's, so an exported file reads back). */
  label: string;
  required?: boolean;
  enumeration?: TransferEnum;
  /** Other accepted header spellings besides the key and the labels of both languages. */
  aliases?: string[];
  /** Resolved by the importer (a reference by code or name), not checked by the form. */
  reference?: boolean;
  /**
   * The value of the template's example row: literal text, or `@<i18n key>` for text in the reader's
   * language. A row equal to the example (in either language) is not imported.
   */
  example?: string;
}

export type ImportKind = 'brand' | 'unit' | 'partner' | 'warehouse' | 'category' | 'product';

export interface ImportSpec {
  kind: ImportKind;
  entity: EntityTarget<ObjectLiteral>;
  dto: Type<object>;
  fields: ImportField[];
}

export interface CatalogueTransfer {
  catalogue: Catalogue;
  /** The list the export reads (same filters as `index`). */
  service: (cruds: CatalogueCruds) => CrudService<ObjectLiteral>;
  columns: ExportColumn[];
  /** Loaded once before an export (category: every category's name by id, for the parent column). */
  names?: 'categories';
  import?: ImportSpec;
}

const plain = (key: string, label = `fields.${key}`, width?: number): ExportColumn => ({ label, value: (row) => row[key], width });
const numeric = (key: string): ExportColumn => ({ ...plain(key), type: 'number' });
const timeColumn = (key: 'createtime' | 'updatetime'): ExportColumn => ({ label: `transfer.columns.${key}`, value: (row, h) => h.time(row[key]), width: 20 });
const enumColumn = (key: string, enumeration: TransferEnum): ExportColumn => ({
  label: `fields.${key}`,
  value: (row, h) => {
    const label = enumeration.labels[Number(row[key])];
    return label ? h.t(label) : row[key];
  },
});
const joined = (join: string, label: string, column = 'name'): ExportColumn => ({
  label,
  value: (row) => (row[join] as Record<string, unknown> | null)?.[column] ?? '',
  width: 20,
});

const field = (key: string, extra: Partial<ImportField> = {}): ImportField => ({ key, label: `fields.${key}`, ...extra });
/** A product header as the product form names the field. */
const PRODUCT_LABEL = (key: string) => `master-data.product_labels.${key}`;

const PARTNER_EXPORT: ExportColumn[] = [
  numeric('id'),
  plain('name', 'fields.name', 24),
  plain('contact_person'),
  plain('mobile', 'fields.mobile', 16),
  plain('email', 'fields.email', 24),
  plain('wechat'),
  numeric('level'),
  plain('city'),
  plain('address', 'fields.address', 30),
  numeric('weigh'),
  plain('remark', 'fields.remark', 30),
  timeColumn('createtime'),
];
const PARTNER_IMPORT: ImportField[] = [
  field('name', { required: true, example: '@transfer.example.partner_name' }),
  field('contact_person'),
  field('mobile'),
  field('email'),
  field('wechat'),
  field('level'),
  field('city'),
  field('address'),
  field('weigh'),
  field('remark'),
];
const partner = (catalogue: 'carrier' | 'customer' | 'supplier', entity: EntityTarget<ObjectLiteral>): CatalogueTransfer => ({
  catalogue,
  service: (cruds) => cruds[catalogue] as unknown as CrudService<ObjectLiteral>,
  columns: PARTNER_EXPORT,
  import: { kind: 'partner', entity, dto: AddPartnerDto, fields: PARTNER_IMPORT },
});

/** By the controller segment of the URL (`wms.Brand` → brand). */
export const TRANSFERS: Record<string, CatalogueTransfer> = {
  brand: {
    catalogue: 'brand',
    service: (cruds) => cruds.brand as unknown as CrudService<ObjectLiteral>,
    columns: [numeric('id'), plain('name', 'fields.name', 24), plain('image', 'fields.image', 40), plain('introduce', 'fields.introduce', 40), numeric('weigh'), timeColumn('createtime'), timeColumn('updatetime')],
    import: { kind: 'brand', entity: BrandEntity, dto: AddBrandDto, fields: [field('name', { required: true, example: '@transfer.example.brand_name' }), field('image'), field('introduce'), field('weigh')] },
  },
  carrier: partner('carrier', CarrierEntity),
  customer: partner('customer', CustomerEntity),
  supplier: partner('supplier', SupplierEntity),
  category: {
    catalogue: 'category',
    service: (cruds) => cruds.category as unknown as CrudService<ObjectLiteral>,
    names: 'categories',
    columns: [
      numeric('id'),
      plain('name', 'fields.name', 24),
      { label: 'fields.pid', value: (row, h) => h.names.get(Number(row.pid)) ?? '', width: 24 },
      enumColumn('status', ENUMS.categoryStatus),
      numeric('weigh'),
      timeColumn('createtime'),
    ],
    import: {
      kind: 'category',
      entity: CategoryEntity,
      dto: AddCategoryDto,
      fields: [field('name', { required: true, example: '@transfer.example.category_name' }), field('pid', { reference: true, aliases: ['parent'] }), field('status', { enumeration: ENUMS.categoryStatus }), field('weigh')],
    },
  },
  unit: {
    catalogue: 'unit',
    service: (cruds) => cruds.unit as unknown as CrudService<ObjectLiteral>,
    columns: [numeric('id'), plain('name'), plain('description', 'fields.description', 30), enumColumn('status', ENUMS.enabled), plain('remark', 'fields.remark', 30), numeric('weigh'), timeColumn('createtime')],
    import: {
      kind: 'unit',
      entity: UnitEntity,
      dto: AddUnitDto,
      fields: [field('name', { required: true, example: '@transfer.example.unit_name' }), field('description'), field('status', { enumeration: ENUMS.enabled }), field('remark'), field('weigh')],
    },
  },
  warehouse: {
    catalogue: 'warehouse',
    service: (cruds) => cruds.warehouse as unknown as CrudService<ObjectLiteral>,
    columns: [
      numeric('id'),
      plain('serial_no', 'fields.serial_no', 16),
      plain('name', 'fields.name', 24),
      enumColumn('warehouse_type', ENUMS.warehouseType),
      plain('city'),
      plain('address', 'fields.address', 30),
      plain('responsible_person'),
      plain('mobile', 'fields.mobile', 16),
      enumColumn('status', ENUMS.enabled),
      numeric('weigh'),
      plain('remark', 'fields.remark', 30),
      timeColumn('createtime'),
    ],
    import: {
      kind: 'warehouse',
      entity: WarehouseEntity,
      dto: AddWarehouseDto,
      fields: [
        field('serial_no', { required: true, example: 'WH01' }),
        field('name', { required: true, example: '@transfer.example.warehouse_name' }),
        field('warehouse_type', { enumeration: ENUMS.warehouseType }),
        field('city'),
        field('address'),
        field('responsible_person'),
        field('mobile'),
        field('status', { enumeration: ENUMS.enabled }),
        field('weigh'),
        field('remark'),
      ],
    },
  },
  warehousearea: {
    catalogue: 'warehouse_area',
    service: (cruds) => cruds.warehouseArea as unknown as CrudService<ObjectLiteral>,
    columns: [
      numeric('id'),
      joined('warehouse', 'transfer.columns.warehouse_serial_no', 'serial_no'),
      joined('warehouse', 'fields.warehouse_id'),
      plain('serial_no', 'fields.serial_no', 16),
      plain('name', 'fields.name', 24),
      enumColumn('status', ENUMS.enabled),
      numeric('weigh'),
      plain('remark', 'fields.remark', 30),
      timeColumn('createtime'),
    ],
  },
  shelf: {
    catalogue: 'shelf',
    service: (cruds) => cruds.shelf as unknown as CrudService<ObjectLiteral>,
    columns: [
      numeric('id'),
      joined('warehouse', 'fields.warehouse_id'),
      joined('area', 'fields.warehouse_area_id'),
      plain('serial_no', 'fields.serial_no', 16),
      plain('name', 'fields.name', 24),
      enumColumn('status', ENUMS.enabled),
      numeric('weigh'),
      plain('remark', 'fields.remark', 30),
      timeColumn('createtime'),
    ],
  },
  product: {
    catalogue: 'product',
    service: (cruds) => cruds.product as unknown as CrudService<ObjectLiteral>,
    // headers named as the product form names its fields (the generic field names are read too)
    columns: [
      numeric('id'),
      plain('product_no', 'fields.product_no', 18),
      plain('bar_code', 'fields.bar_code', 18),
      plain('name', PRODUCT_LABEL('name'), 24),
      joined('brand', 'fields.brand_id'),
      joined('category', PRODUCT_LABEL('category_id')),
      joined('unit', PRODUCT_LABEL('unit_id')),
      plain('spec', 'fields.spec', 18),
      { ...numeric('price'), type: 'money', label: PRODUCT_LABEL('price') },
      numeric('safety_stock_num'),
      numeric('total_stock_num'),
      joined('warehouse', PRODUCT_LABEL('warehouse_id')),
      joined('area', PRODUCT_LABEL('warehouse_area_id')),
      joined('shelf', PRODUCT_LABEL('warehouse_shelf_id')),
      plain('images', PRODUCT_LABEL('images'), 40),
      { ...numeric('effective_day'), label: PRODUCT_LABEL('effective_day') },
      enumColumn('status', ENUMS.productStatus),
      numeric('weigh'),
      plain('remark', 'fields.remark', 30),
      timeColumn('createtime'),
      timeColumn('updatetime'),
    ],
    import: {
      kind: 'product',
      entity: ProductEntity,
      dto: AddProductDto,
      fields: [
        field('product_no', { required: true, example: 'SP0001' }),
        field('name', { required: true, label: PRODUCT_LABEL('name'), example: '@transfer.example.product_name' }),
        field('bar_code', { example: '6901234567892' }),
        field('brand_id', { reference: true, aliases: ['brand'] }),
        field('category_id', { reference: true, aliases: ['category'], label: PRODUCT_LABEL('category_id') }),
        field('unit_id', { reference: true, aliases: ['unit'], label: PRODUCT_LABEL('unit_id') }),
        field('spec', { example: '500ml × 12' }),
        field('price', { label: PRODUCT_LABEL('price'), example: '12.50' }),
        field('safety_stock_num', { example: '10' }),
        field('warehouse_id', { reference: true, aliases: ['warehouse'], label: PRODUCT_LABEL('warehouse_id') }),
        field('warehouse_area_id', { reference: true, aliases: ['area', 'warehouse_area'], label: PRODUCT_LABEL('warehouse_area_id') }),
        field('warehouse_shelf_id', { reference: true, aliases: ['shelf', 'warehouse_shelf'], label: PRODUCT_LABEL('warehouse_shelf_id') }),
        field('images', { label: PRODUCT_LABEL('images') }),
        field('effective_day', { label: PRODUCT_LABEL('effective_day'), example: '365' }),
        field('status', { enumeration: ENUMS.productStatus }),
        field('weigh'),
        field('remark'),
      ],
    },
  },
};

export function transferOf(controller: string): CatalogueTransfer {
  const transfer = TRANSFERS[controller.toLowerCase()];
  if (!transfer) throw new Error(`no transfer definition for ${controller}`);
  return transfer;
}
