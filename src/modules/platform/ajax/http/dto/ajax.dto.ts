import { Transform } from 'class-transformer';
import { IsIn, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { CACHE_TYPES, CLEAR_ALL_TYPES } from '../../../../../shared/cache/cache-registry';
import { msg } from '../../../../../shared/http/validation';
import { toBooleanFlag } from '../../../captcha/http/dto/click-captcha.dto';

/** An empty query parameter counts as absent (`?province=&city=`). */
const emptyAsAbsent = ({ value }: { value: unknown }): unknown => (value === '' ? undefined : value);

/** A division code: a positive whole number. */
const CODE = /^[1-9]\d{0,9}$/;

export class AreaQueryDto {
  @IsOptional()
  @Transform(emptyAsAbsent)
  @Matches(CODE, { message: msg('validation.integer') })
  @IsString({ message: msg('validation.integer') })
  province?: string;

  @IsOptional()
  @Transform(emptyAsAbsent)
  @Matches(CODE, { message: msg('validation.integer') })
  @IsString({ message: msg('validation.integer') })
  city?: string;
}

export class TableQueryDto {
  /** Checked against the product's tables by the service (an unknown name is "not found", whatever it holds). */
  @MaxLength(128, { message: msg('ajax.table_not_found') })
  @IsString({ message: msg('ajax.table_not_found') })
  table: string;
}

export class TableFieldListQueryDto extends TableQueryDto {
  /** 1 (default): column → label; 0: the full column descriptions. */
  @IsOptional()
  @Transform(toBooleanFlag)
  @IsIn([true, false], { message: msg('validation.in') })
  clean?: boolean;
}

export class SuffixSvgQueryDto {
  @IsOptional()
  @MaxLength(100, { message: msg('validation.max_length', { max: 100 }) })
  @IsString({ message: msg('validation.invalid') })
  suffix?: string;

  /** Checked strictly by parseBackground (#rgb, #rrggbb, rgb(), rgba()). */
  @IsOptional()
  @IsString({ message: msg('ajax.invalid_background') })
  background?: string;
}

export class ClearCacheDto {
  @IsIn([...CLEAR_ALL_TYPES, ...CACHE_TYPES], { message: msg('ajax.invalid_cache_type') })
  type: string;
}
