import { Transform } from 'class-transformer';
import { IsInt, IsNotEmpty, IsString, MaxLength, Min } from 'class-validator';
import { msg } from '../../../../shared/http/validation';
import { LOT_NO_MAX_LENGTH } from '../../../../../contract/lots';

const toInt = ({ value }: { value: unknown }) => (typeof value === 'string' && /^-?\d+$/.test(value.trim()) ? Number(value) : value);

/** `wms.Lot/unblock`: which lot. */
export class LotRefDto {
  @Transform(toInt) @IsInt({ message: msg('validation.required') }) @Min(1, { message: msg('validation.required') }) product_id: number;
  @IsString({ message: msg('validation.required') }) @IsNotEmpty({ message: msg('validation.required') }) @MaxLength(LOT_NO_MAX_LENGTH, { message: msg('validation.max_length', { max: LOT_NO_MAX_LENGTH }) }) lot_no: string;
}

/** `wms.Lot/block`: which lot, and why (kept with the block and in the admin log). */
export class LotBlockDto extends LotRefDto {
  @IsString({ message: msg('validation.required') }) @IsNotEmpty({ message: msg('validation.required') }) @MaxLength(255, { message: msg('validation.max_length', { max: 255 }) }) reason: string;
}
