import { Transform } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { msg } from '../../../../shared/http/validation';

const toInt = ({ value }: { value: unknown }) => (typeof value === 'string' && /^-?\d+$/.test(value.trim()) ? Number(value) : value);
const toInts = ({ value }: { value: unknown }) => (Array.isArray(value) ? value.map((v) => toInt({ value: v })) : value);
const ID_MAX = 4_294_967_295;

/** `GET wms.Putaway/suggest`: the warehouse, product, quantity and (optionally) lot. */
export class SuggestPutawayDto {
  @Transform(toInt) @IsInt({ message: msg('validation.required') }) @Min(1, { message: msg('validation.required') }) @Max(ID_MAX, { message: msg('validation.invalid') }) warehouse_id: number;
  @Transform(toInt) @IsInt({ message: msg('validation.required') }) @Min(1, { message: msg('validation.required') }) @Max(ID_MAX, { message: msg('validation.invalid') }) product_id: number;
  @Transform(toInt) @IsInt({ message: msg('validation.integer') }) @Min(1, { message: msg('validation.min', { min: 1 }) }) @Max(100_000_000, { message: msg('validation.max', { max: 100_000_000 }) }) quantity: number;
  @IsOptional() @IsString({ message: msg('validation.invalid') }) @MaxLength(32, { message: msg('validation.max_length', { max: 32 }) }) lot_no?: string;
}

/** `POST wms.Replenishment/run`: one warehouse, or every one. */
export class RunReplenishmentDto {
  @IsOptional() @Transform(toInt) @IsInt({ message: msg('validation.integer') }) @Min(0, { message: msg('validation.invalid') }) @Max(ID_MAX, { message: msg('validation.invalid') }) warehouse_id?: number;
}

/** `GET wms.Reorder/index`: the warehouse. */
export class ReorderIndexDto {
  @Transform(toInt) @IsInt({ message: msg('validation.required') }) @Min(1, { message: msg('validation.required') }) @Max(ID_MAX, { message: msg('validation.invalid') }) warehouse_id: number;
}

/** `POST wms.Reorder/draft`: the warehouse and, optionally, only some products (at most 1000). */
export class ReorderDraftDto extends ReorderIndexDto {
  @IsOptional() @Transform(toInts) @IsArray({ message: msg('validation.array') }) @ArrayMaxSize(1000) @IsInt({ each: true, message: msg('validation.integer') }) @Min(1, { each: true, message: msg('validation.integer') }) product_ids?: number[];
}
