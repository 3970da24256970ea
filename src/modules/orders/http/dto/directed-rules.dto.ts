import { Transform } from 'class-transformer';
import { IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { Enumeration, FormMode, OptionalInt, OptionalRef, RequiredRef } from '../../../../shared/http/form-fields';
import { msg } from '../../../../shared/http/validation';

const QUANTITY_MAX = 100_000_000;
/** `shelf_ids` as an array or a comma list; stored as a comma list of at most 100 ids. */
const toIdList = ({ value }: { value: unknown }) => (Array.isArray(value) ? value.map((v) => String(v).trim()).join(',') : typeof value === 'number' ? String(value) : value);

function putawayRuleForm(mode: FormMode) {
  class PutawayRuleForm {
    @RequiredRef(mode) warehouse_id: number;
    @OptionalRef() product_id?: number;
    @OptionalRef() category_id?: number;
    @OptionalRef() warehouse_area_id?: number;
    @IsOptional() @Transform(toIdList) @IsString({ message: msg('validation.invalid') }) @MaxLength(1000, { message: msg('validation.max_length', { max: 1000 }) }) @Matches(/^(\d{1,10}(,\d{1,10}){0,99})?$/, { message: msg('validation.invalid') }) shelf_ids?: string;
    @OptionalInt(-1000, 1000) priority?: number;
    @Enumeration([0, 1]) status?: number;
  }
  return PutawayRuleForm;
}
export const AddPutawayRuleDto = putawayRuleForm('add');
export const EditPutawayRuleDto = putawayRuleForm('edit');

function pickFaceForm(mode: FormMode) {
  class PickFaceForm {
    @RequiredRef(mode) warehouse_shelf_id: number;
    @RequiredRef(mode) product_id: number;
    @OptionalInt(0, QUANTITY_MAX) min?: number;
    @OptionalInt(0, QUANTITY_MAX) max?: number;
  }
  return PickFaceForm;
}
export const AddPickFaceDto = pickFaceForm('add');
export const EditPickFaceDto = pickFaceForm('edit');

function reorderRuleForm(mode: FormMode) {
  class ReorderRuleForm {
    @RequiredRef(mode) warehouse_id: number;
    @RequiredRef(mode) product_id: number;
    @RequiredRef(mode) supplier_id: number;
    @OptionalInt(0, QUANTITY_MAX) min?: number;
    @OptionalInt(0, QUANTITY_MAX) max?: number;
    @OptionalInt(1, QUANTITY_MAX) multiple?: number;
  }
  return ReorderRuleForm;
}
export const AddReorderRuleDto = reorderRuleForm('add');
export const EditReorderRuleDto = reorderRuleForm('edit');
