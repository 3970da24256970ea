import { applyDecorators } from '@nestjs/common';
import { Transform, Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsIn, IsInt, IsOptional, IsString, Matches, Max, MaxLength, Min, ValidateIf, ValidateNested } from 'class-validator';
import { UNIT_QUANTITY_MAX } from '../../../../../contract/units';
import { LOT_NO_MAX_LENGTH } from '../../../../../contract/lots';
import { MAX_SERIALS_PER_LINE } from '../../../../../contract/serials';
import { msg } from '../../../../shared/http/validation';

const toInt = ({ value }: { value: unknown }) => (typeof value === 'string' && /^-?\d+$/.test(value.trim()) ? Number(value) : value);
const toMoney = ({ value }: { value: unknown }) => (typeof value === 'number' ? String(value) : value);
const MONEY = /^\d{1,12}(\.\d{1,2})?$/;
/** `YYYY-MM-DD`, or '' for none. */
const DAY = /^(\d{4}-\d{2}-\d{2})?$/;
export const MAX_LINES = 5000;

/** A lot number on any order's line: one bound everywhere (contract/lots.ts); its form is the domain's rule. */
const LotNo = () =>
  applyDecorators(IsOptional(), IsString({ message: msg('validation.invalid') }), MaxLength(LOT_NO_MAX_LENGTH, { message: msg('validation.max_length', { max: LOT_NO_MAX_LENGTH }) }));

/**
 * A quantity entered in a unit of the product (§14): `unit_id` (0: the product's own unit) and `unit_quantity`
 * instead of the line's quantity; the server converts (quantity = unit_quantity × factor).
 */
abstract class UnitEntryDto {
  @IsOptional() @Transform(toInt) @IsInt({ message: msg('validation.integer') }) @Min(0, { message: msg('validation.min', { min: 0 }) }) unit_id?: number;
  @IsOptional() @Transform(toInt) @IsInt({ message: msg('validation.integer') }) @Min(-UNIT_QUANTITY_MAX, { message: msg('validation.min', { min: -UNIT_QUANTITY_MAX }) }) @Max(UNIT_QUANTITY_MAX, { message: msg('validation.max', { max: UNIT_QUANTITY_MAX }) }) unit_quantity?: number;
}

/** The line's own quantity is required unless it is entered in a unit. */
const unlessInUnit = () => ValidateIf((line: UnitEntryDto) => line.unit_quantity === undefined || line.unit_quantity === null);

/**
 * A line's serial numbers (§14): at most MAX_SERIALS_PER_LINE strings of bounded length; trimming, the length
 * after it, duplicates and the count per quantity are the serial rules' (translated messages naming the line).
 */
export const Serials = () =>
  applyDecorators(
    IsOptional(),
    IsArray({ message: msg('validation.array') }),
    ArrayMaxSize(MAX_SERIALS_PER_LINE, { message: msg('validation.max', { max: MAX_SERIALS_PER_LINE }) }),
    IsString({ each: true, message: msg('validation.invalid') }),
    MaxLength(200, { each: true, message: msg('validation.max_length', { max: 200 }) }),
  );

class OrderFields {
  @IsOptional() @IsString() @MaxLength(100, { message: msg('validation.max_length', { max: 100 }) }) order_sn?: string;
  @IsOptional() @IsString() @MaxLength(500, { message: msg('validation.max_length', { max: 500 }) }) remark?: string;
}

export class GoodsLineDto extends UnitEntryDto {
  @Transform(toInt) @IsInt({ message: msg('validation.required') }) @Min(1, { message: msg('validation.required') }) product_id: number;
  @IsOptional() @IsString() @MaxLength(100, { message: msg('validation.max_length', { max: 100 }) }) detail_code?: string;
  @unlessInUnit() @Transform(toInt) @IsInt({ message: msg('validation.integer') }) @Min(0, { message: msg('validation.min', { min: 0 }) }) plan_quantity: number;
  @IsOptional() @Transform(toInt) @IsInt({ message: msg('validation.integer') }) @Min(0, { message: msg('validation.min', { min: 0 }) }) actual_quantity?: number;
  @Transform(toMoney) @IsString({ message: msg('validation.money') }) @Matches(MONEY, { message: msg('validation.money') }) price: string;
  @IsOptional() @Transform(toInt) @IsInt({ message: msg('validation.integer') }) @Min(0, { message: msg('validation.min', { min: 0 }) }) warehouse_shelf_id?: number;
  @LotNo() lot_no?: string;
  @IsOptional() @IsString({ message: msg('validation.invalid') }) @Matches(DAY, { message: msg('validation.invalid') }) production_date?: string;
  @IsOptional() @IsString({ message: msg('validation.invalid') }) @Matches(DAY, { message: msg('validation.invalid') }) expiry_date?: string;
  @Serials() serials?: string[];
}

export class RelocationLineDto extends UnitEntryDto {
  @Transform(toInt) @IsInt({ message: msg('validation.required') }) @Min(1, { message: msg('validation.required') }) product_id: number;
  @Transform(toInt) @IsInt({ message: msg('validation.required') }) @Min(1, { message: msg('validation.required') }) source_warehouse_shelf_id: number;
  @Transform(toInt) @IsInt({ message: msg('validation.required') }) @Min(1, { message: msg('validation.required') }) target_warehouse_shelf_id: number;
  @unlessInUnit() @Transform(toInt) @IsInt({ message: msg('validation.integer') }) @Min(1, { message: msg('validation.min', { min: 1 }) }) plan_quantity: number;
  @LotNo() lot_no?: string;
}

export class InboundOrderDto extends OrderFields {
  @IsOptional() @Transform(toInt) @IsInt() id?: number;
  @Transform(toInt) @IsInt({ message: msg('validation.required') }) @Min(1, { message: msg('validation.required') }) supplier_id: number;
  @Transform(toInt) @IsIn([10, 20, 30], { message: msg('validation.in') }) type: number;
  @IsOptional() @Transform(toInt) @IsInt({ message: msg('validation.integer') }) @Min(0, { message: msg('validation.min', { min: 0 }) }) warehouse_id?: number;
  @IsArray({ message: msg('validation.array') }) @ArrayMaxSize(MAX_LINES) @ValidateNested({ each: true }) @Type(() => GoodsLineDto) lines: GoodsLineDto[];
}

export class OutboundOrderDto extends OrderFields {
  @IsOptional() @Transform(toInt) @IsInt() id?: number;
  @Transform(toInt) @IsInt({ message: msg('validation.required') }) @Min(1, { message: msg('validation.required') }) customer_id: number;
  @Transform(toInt) @IsIn([10, 20, 30], { message: msg('validation.in') }) type: number;
  @IsOptional() @Transform(toInt) @IsInt({ message: msg('validation.integer') }) @Min(0, { message: msg('validation.min', { min: 0 }) }) warehouse_id?: number;
  @IsArray({ message: msg('validation.array') }) @ArrayMaxSize(MAX_LINES) @ValidateNested({ each: true }) @Type(() => GoodsLineDto) lines: GoodsLineDto[];
}

export class RelocationOrderDto extends OrderFields {
  @IsOptional() @Transform(toInt) @IsInt() id?: number;
  @IsOptional() @Transform(toInt) @IsInt({ message: msg('validation.integer') }) @Min(0) customer_id?: number;
  @IsArray({ message: msg('validation.array') }) @ArrayMaxSize(MAX_LINES) @ValidateNested({ each: true }) @Type(() => RelocationLineDto) lines: RelocationLineDto[];
}

export class OrderIdDto {
  @Transform(toInt) @IsInt({ message: msg('validation.required') }) @Min(1, { message: msg('validation.required') }) id: number;
}

export class ReserveDto extends OrderIdDto {
  @IsOptional() @IsIn([true, false, 1, 0, '1', '0', 'true', 'false'], { message: msg('validation.in') }) partial?: boolean | number | string;
}

export class ShipDto extends OrderIdDto {
  @Transform(toInt) @IsInt({ message: msg('validation.required') }) @Min(1, { message: msg('validation.required') }) carrier_id: number;
  @IsString({ message: msg('validation.required') }) @MaxLength(100, { message: msg('validation.max_length', { max: 100 }) }) courier_number: string;
  @IsOptional() @Transform(toInt) @IsInt({ message: msg('validation.integer') }) @Min(0) shipment_time?: number;
}

class MoveLineDto extends UnitEntryDto {
  @Transform(toInt) @IsInt({ message: msg('validation.required') }) id: number;
  @unlessInUnit() @Transform(toInt) @IsInt({ message: msg('validation.integer') }) @Min(0, { message: msg('validation.min', { min: 0 }) }) quantity: number;
  /** A serial-tracked product: the serials of the units moved now, one per unit. */
  @Serials() serials?: string[];
}

export class MoveDto extends OrderIdDto {
  @IsArray({ message: msg('validation.array') }) @ArrayMaxSize(MAX_LINES) @ValidateNested({ each: true }) @Type(() => MoveLineDto) lines: MoveLineDto[];
}

const toFlag = ({ value }: { value: unknown }) => (value === true || value === 1 || value === '1' || value === 'true' ? 1 : value === false || value === 0 || value === '0' || value === 'false' || value === undefined ? 0 : value);
const MAX_QUANTITY = 1_000_000_000;

export class AdjustmentLineDto extends UnitEntryDto {
  @Transform(toInt) @IsInt({ message: msg('validation.required') }) @Min(1, { message: msg('validation.required') }) product_id: number;
  @Transform(toInt) @IsInt({ message: msg('validation.required') }) @Min(1, { message: msg('validation.required') }) warehouse_shelf_id: number;
  @LotNo() lot_no?: string;
  @unlessInUnit() @Transform(toInt) @IsInt({ message: msg('validation.integer') }) @Min(-MAX_QUANTITY, { message: msg('validation.min', { min: -MAX_QUANTITY }) }) @Max(MAX_QUANTITY, { message: msg('validation.max', { max: MAX_QUANTITY }) }) quantity: number;
  @IsString({ message: msg('validation.required') }) @MaxLength(20, { message: msg('validation.max_length', { max: 20 }) }) reason: string;
  @Serials() serials?: string[];
}

export class AdjustmentOrderDto extends OrderFields {
  @IsOptional() @Transform(toInt) @IsInt() id?: number;
  @IsArray({ message: msg('validation.array') }) @ArrayMaxSize(MAX_LINES) @ValidateNested({ each: true }) @Type(() => AdjustmentLineDto) lines: AdjustmentLineDto[];
}

export class StocktakeDto {
  @IsOptional() @Transform(toInt) @IsInt() id?: number;
  @Transform(toInt) @IsInt({ message: msg('validation.required') }) @Min(1, { message: msg('validation.required') }) warehouse_id: number;
  @IsOptional() @Transform(toInt) @IsInt({ message: msg('validation.integer') }) @Min(0) warehouse_area_id?: number;
  @IsOptional() @Transform(toInt) @IsInt({ message: msg('validation.integer') }) @Min(0) warehouse_shelf_id?: number;
  @IsOptional() @Transform(toInt) @IsInt({ message: msg('validation.integer') }) @Min(0) category_id?: number;
  @IsOptional() @Transform(toFlag) @IsIn([0, 1], { message: msg('validation.in') }) blind?: number;
  @IsOptional() @IsString() @MaxLength(500, { message: msg('validation.max_length', { max: 500 }) }) remark?: string;
}

/** A counted line of the count (`id`), or a found item (`product_id`, `warehouse_shelf_id`, `lot_no`). */
class CountLineDto extends UnitEntryDto {
  @IsOptional() @Transform(toInt) @IsInt({ message: msg('validation.integer') }) @Min(1, { message: msg('validation.required') }) id?: number;
  @IsOptional() @Transform(toInt) @IsInt({ message: msg('validation.integer') }) @Min(1, { message: msg('validation.required') }) product_id?: number;
  @IsOptional() @Transform(toInt) @IsInt({ message: msg('validation.integer') }) @Min(1, { message: msg('validation.required') }) warehouse_shelf_id?: number;
  @LotNo() lot_no?: string;
  // negative counts reach the count's own rule, which says so in words
  @unlessInUnit() @Transform(toInt) @IsInt({ message: msg('validation.integer') }) @Min(-MAX_QUANTITY, { message: msg('validation.integer') }) @Max(MAX_QUANTITY, { message: msg('validation.max', { max: MAX_QUANTITY }) }) counted_quantity: number;
  /** A serial-tracked line: the serials scanned (its counted quantity must be how many). */
  @Serials() serials?: string[];
}

export class CountDto extends OrderIdDto {
  @IsArray({ message: msg('validation.array') }) @ArrayMaxSize(MAX_LINES) @ValidateNested({ each: true }) @Type(() => CountLineDto) lines: CountLineDto[];
}

/** A return line: a product and lot back from the customer, how many, what becomes of it, onto which shelf and why. */
export class ReturnLineDto extends UnitEntryDto {
  @Transform(toInt) @IsInt({ message: msg('validation.required') }) @Min(1, { message: msg('validation.required') }) product_id: number;
  @Transform(toInt) @IsInt({ message: msg('validation.required') }) @Min(1, { message: msg('validation.required') }) warehouse_shelf_id: number;
  @LotNo() lot_no?: string;
  @unlessInUnit() @Transform(toInt) @IsInt({ message: msg('validation.integer') }) @Min(1, { message: msg('validation.min', { min: 1 }) }) @Max(MAX_QUANTITY, { message: msg('validation.max', { max: MAX_QUANTITY }) }) quantity: number;
  @Transform(toInt) @IsIn([1, 2, 3], { message: msg('validation.in') }) disposition: number;
  @IsOptional() @IsString({ message: msg('validation.invalid') }) @MaxLength(255, { message: msg('validation.max_length', { max: 255 }) }) reason?: string;
  @Serials() serials?: string[];
}

/** `wms.Return/add` and `edit`: the shipped outbound order returned against, and the lines. */
export class ReturnOrderDto extends OrderFields {
  @IsOptional() @Transform(toInt) @IsInt() id?: number;
  @Transform(toInt) @IsInt({ message: msg('validation.required') }) @Min(1, { message: msg('validation.required') }) outbound_id: number;
  @IsArray({ message: msg('validation.array') }) @ArrayMaxSize(MAX_LINES) @ValidateNested({ each: true }) @Type(() => ReturnLineDto) lines: ReturnLineDto[];
}

/** `wms.Lot/trace` and `trace/export`: which lot (query string), and the export's format. */
export class LotTraceQuery {
  @Transform(toInt) @IsInt({ message: msg('validation.required') }) @Min(1, { message: msg('validation.required') }) product_id: number;
  @IsString({ message: msg('validation.required') }) @MaxLength(LOT_NO_MAX_LENGTH, { message: msg('validation.max_length', { max: LOT_NO_MAX_LENGTH }) }) lot_no: string;
  @IsOptional() @IsIn(['csv', 'xlsx'], { message: msg('validation.in') }) format?: string;
}
