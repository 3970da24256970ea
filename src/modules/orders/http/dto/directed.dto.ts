import { Serials } from './order.dto';
import { Transform } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min, ValidateIf } from 'class-validator';
import { UNIT_QUANTITY_MAX } from '../../../../../contract/units';
import { msg } from '../../../../shared/http/validation';

const toInt = ({ value }: { value: unknown }) => (typeof value === 'string' && /^-?\d+$/.test(value.trim()) ? Number(value) : value);
const toInts = ({ value }: { value: unknown }) => (Array.isArray(value) ? value.map((v) => toInt({ value: v })) : value);
const BOOLEANS = [true, false, 1, 0, '1', '0', 'true', 'false'];

/** `wms.Wave/add` and `edit`: the warehouse, the orders (at most 5000) and a remark. */
export class WaveDto {
  @IsOptional() @Transform(toInt) @IsInt() id?: number;
  @Transform(toInt) @IsInt({ message: msg('validation.required') }) @Min(1, { message: msg('validation.required') }) warehouse_id: number;
  @Transform(toInts) @IsArray({ message: msg('validation.array') }) @ArrayMaxSize(5000) @IsInt({ each: true, message: msg('validation.integer') }) @Min(1, { each: true, message: msg('validation.integer') }) outbound_ids: number[];
  @IsOptional() @IsString({ message: msg('validation.required') }) @MaxLength(255, { message: msg('validation.max_length', { max: 255 }) }) remark?: string;
}

/** `wms.Task/next`: within a wave, or any. */
export class NextTaskDto {
  @IsOptional() @Transform(toInt) @IsInt({ message: msg('validation.integer') }) @Min(1, { message: msg('validation.integer') }) wave_id?: number;
}

/** `wms.Task/confirm`: what was scanned and how much; `short` closes the task with less. */
export class ConfirmTaskDto {
  @Transform(toInt) @IsInt({ message: msg('validation.required') }) @Min(1, { message: msg('validation.required') }) id: number;
  @IsString({ message: msg('validation.required') }) @MaxLength(200, { message: msg('validation.max_length', { max: 200 }) }) from_code: string;
  @IsString({ message: msg('validation.required') }) @MaxLength(200, { message: msg('validation.max_length', { max: 200 }) }) product_code: string;
  @ValidateIf((body: ConfirmTaskDto) => body.unit_quantity === undefined || body.unit_quantity === null)
  @Transform(toInt)
  @IsInt({ message: msg('validation.integer') })
  @Min(0, { message: msg('validation.min', { min: 0 }) })
  quantity: number;
  /** Entered in a unit (§14): the unit (0: the product's own; omitted: the unit scanned) and how many of it. */
  @IsOptional() @Transform(toInt) @IsInt({ message: msg('validation.integer') }) @Min(0, { message: msg('validation.min', { min: 0 }) }) unit_id?: number;
  @IsOptional() @Transform(toInt) @IsInt({ message: msg('validation.integer') }) @Min(0, { message: msg('validation.min', { min: 0 }) }) @Max(UNIT_QUANTITY_MAX, { message: msg('validation.max', { max: UNIT_QUANTITY_MAX }) }) unit_quantity?: number;
  @IsOptional() @IsString({ message: msg('validation.required') }) @MaxLength(32, { message: msg('validation.max_length', { max: 32 }) }) lot_no?: string;
  @IsOptional() @IsString({ message: msg('validation.required') }) @MaxLength(200, { message: msg('validation.max_length', { max: 200 }) }) to_code?: string;
  @IsOptional() @IsIn(BOOLEANS, { message: msg('validation.in') }) short?: boolean | number | string;
  @IsOptional() @IsIn(BOOLEANS, { message: msg('validation.in') }) force?: boolean | number | string;
  @IsOptional() @IsString({ message: msg('validation.required') }) @MaxLength(255, { message: msg('validation.max_length', { max: 255 }) }) reason?: string;
  /** A serial-tracked product: the serials scanned, one per unit confirmed. */
  @Serials() serials?: string[];
}

/** `wms.Package/add`: the picked outbound order and the kind of package (1 carton, 2 pallet). */
export class PackageDto {
  @Transform(toInt) @IsInt({ message: msg('validation.required') }) @Min(1, { message: msg('validation.required') }) outbound_id: number;
  @Transform(toInt) @IsIn([1, 2], { message: msg('validation.in') }) type: number;
}

/** `wms.Package/pack` and `unpack`: the scanned code and how many (1 when not given). */
export class PackDto {
  @Transform(toInt) @IsInt({ message: msg('validation.required') }) @Min(1, { message: msg('validation.required') }) package_id: number;
  @IsString({ message: msg('validation.required') }) @MaxLength(200, { message: msg('validation.max_length', { max: 200 }) }) code: string;
  @IsOptional() @Transform(toInt) @IsInt({ message: msg('validation.integer') }) @Min(1, { message: msg('validation.min', { min: 1 }) }) @Max(1000000, { message: msg('validation.max', { max: 1000000 }) }) quantity?: number;
}

/** `wms.Package/close`: the package and its weight in kg (at most two decimals; empty: not weighed). */
export class ClosePackageDto {
  @Transform(toInt) @IsInt({ message: msg('validation.required') }) @Min(1, { message: msg('validation.required') }) package_id: number;
  @IsOptional() @Transform(({ value }) => (typeof value === 'number' ? String(value) : value)) @IsString({ message: msg('validation.number') }) @MaxLength(12, { message: msg('validation.max_length', { max: 12 }) }) weight?: string;
}
