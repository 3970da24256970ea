import { Transform } from 'class-transformer';
import { IsInt, Max, Min, ValidateIf } from 'class-validator';
import { UNIT_FACTOR_MAX, UNIT_FACTOR_MIN } from '../../../../../contract/units';
import { msg } from '../../../../shared/http/validation';
import { CATEGORY_STATUSES, ENABLED_STATUSES, PRODUCT_STATUSES, SHELF_KINDS, SHELF_MIXINGS, WAREHOUSE_TYPES } from '../../domain/catalogue';
import {
  Enumeration,
  FormMode,
  ImageList,
  Money,
  NullableCode,
  OptionalEmail,
  OptionalInt,
  OptionalMobile,
  OptionalRef,
  OptionalText,
  RequiredRef,
  RequiredText,
} from '../../../../shared/http/form-fields';

/*
 * The add and edit forms of every catalogue. Each form is declared once and built for both actions (see
 * fields.ts). Fields not declared here (id, timestamps, total_stock_num, unknown keys) never reach the row.
 */

function brandForm(mode: FormMode) {
  class BrandForm {
    @RequiredText(mode, 100) name: string;
    @OptionalText(255) image?: string;
    @OptionalText(1000) introduce?: string;
    @OptionalInt() weigh?: number;
  }
  return BrandForm;
}
export const AddBrandDto = brandForm('add');
export const EditBrandDto = brandForm('edit');

function partnerForm(mode: FormMode) {
  class PartnerForm {
    @RequiredText(mode, 100) name: string;
    @OptionalText(50) contact_person?: string;
    @OptionalMobile() mobile?: string;
    @OptionalEmail() email?: string;
    @OptionalText(50) wechat?: string;
    @OptionalInt(0, 9999) level?: number;
    @OptionalText(100) city?: string;
    @OptionalText(255) address?: string;
    @OptionalInt() weigh?: number;
    @OptionalText(255) remark?: string;
  }
  return PartnerForm;
}
/** Carriers, customers and suppliers share one form. */
export const AddPartnerDto = partnerForm('add');
export const EditPartnerDto = partnerForm('edit');

function categoryForm(mode: FormMode) {
  class CategoryForm {
    @OptionalRef() pid?: number;
    @RequiredText(mode, 100) name: string;
    @OptionalInt() weigh?: number;
    @Enumeration(CATEGORY_STATUSES) status?: number;
  }
  return CategoryForm;
}
export const AddCategoryDto = categoryForm('add');
export const EditCategoryDto = categoryForm('edit');

function unitForm(mode: FormMode) {
  class UnitForm {
    @RequiredText(mode, 50) name: string;
    @OptionalText(255) description?: string;
    @Enumeration(ENABLED_STATUSES) status?: number;
    @OptionalText(255) remark?: string;
    @OptionalInt() weigh?: number;
  }
  return UnitForm;
}
export const AddUnitDto = unitForm('add');
export const EditUnitDto = unitForm('edit');

function warehouseForm(mode: FormMode) {
  class WarehouseForm {
    @RequiredText(mode, 100) name: string;
    @RequiredText(mode, 50) serial_no: string;
    @OptionalText(255) address?: string;
    @OptionalText(100) city?: string;
    @OptionalText(50) responsible_person?: string;
    @OptionalMobile() mobile?: string;
    @Enumeration(ENABLED_STATUSES) status?: number;
    @OptionalInt() weigh?: number;
    @OptionalText(255) remark?: string;
    @Enumeration(WAREHOUSE_TYPES) warehouse_type?: number;
  }
  return WarehouseForm;
}
export const AddWarehouseDto = warehouseForm('add');
export const EditWarehouseDto = warehouseForm('edit');

function areaForm(mode: FormMode) {
  class WarehouseAreaForm {
    @RequiredRef(mode) warehouse_id: number;
    @RequiredText(mode, 50) serial_no: string;
    @RequiredText(mode, 100) name: string;
    @Enumeration(ENABLED_STATUSES) status?: number;
    @OptionalInt() weigh?: number;
    @OptionalText(255) remark?: string;
  }
  return WarehouseAreaForm;
}
export const AddWarehouseAreaDto = areaForm('add');
export const EditWarehouseAreaDto = areaForm('edit');

function shelfForm(mode: FormMode) {
  class ShelfForm {
    @RequiredRef(mode) warehouse_id: number;
    @RequiredRef(mode) warehouse_area_id: number;
    @RequiredText(mode, 50) serial_no: string;
    @RequiredText(mode, 100) name: string;
    @Enumeration(ENABLED_STATUSES) status?: number;
    @Enumeration(SHELF_KINDS) kind?: number;
    /** Units the shelf holds at most (0: unlimited). */
    @OptionalInt(0, 100_000_000) capacity?: number;
    @Enumeration(SHELF_MIXINGS) mixing?: number;
    @OptionalInt() weigh?: number;
    @OptionalText(255) remark?: string;
  }
  return ShelfForm;
}
export const AddShelfDto = shelfForm('add');
export const EditShelfDto = shelfForm('edit');

function productForm(mode: FormMode) {
  class ProductForm {
    @RequiredText(mode, 50) product_no: string;
    @NullableCode(50) bar_code?: string | null;
    @RequiredText(mode, 100) name: string;
    @OptionalRef() brand_id?: number;
    @OptionalRef() category_id?: number;
    @OptionalRef() unit_id?: number;
    @OptionalText(255) spec?: string;
    @Money() price?: string;
    @OptionalInt(0) safety_stock_num?: number;
    @OptionalRef() warehouse_id?: number;
    @OptionalRef() warehouse_area_id?: number;
    @OptionalRef() warehouse_shelf_id?: number;
    @ImageList() images?: string;
    @OptionalInt() weigh?: number;
    @Enumeration(PRODUCT_STATUSES) status?: number;
    @OptionalText(255) remark?: string;
    @OptionalInt(0, 36500) effective_day?: number;
    @Enumeration([0, 1]) lot_tracked?: number;
    @Enumeration([0, 1]) serial_tracked?: number;
  }
  return ProductForm;
}
export const AddProductDto = productForm('add');
export const EditProductDto = productForm('edit');

function productUnitForm(mode: FormMode) {
  class ProductUnitForm {
    @RequiredRef(mode) product_id: number;
    @RequiredText(mode, 50) name: string;
    /** Base units in one of this unit: a whole number, at least 2 (the product's own unit is 1). */
    @Transform(({ value }) => (typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : value))
    @ValidateIf((_, value) => mode === 'add' || value !== undefined)
    @IsInt({ message: msg('validation.integer') })
    @Min(UNIT_FACTOR_MIN, { message: msg('validation.min', { min: UNIT_FACTOR_MIN }) })
    @Max(UNIT_FACTOR_MAX, { message: msg('validation.max', { max: UNIT_FACTOR_MAX }) })
    factor: number;
    @NullableCode(50) bar_code?: string | null;
  }
  return ProductUnitForm;
}
export const AddProductUnitDto = productUnitForm('add');
export const EditProductUnitDto = productUnitForm('edit');
