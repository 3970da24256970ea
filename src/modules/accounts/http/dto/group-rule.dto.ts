import { Transform } from 'class-transformer';
import { IsArray, IsIn, IsInt, IsOptional, IsString, Length, MaxLength, Min } from 'class-validator';
import { msg } from '../../../../shared/http/validation';

const toInt = ({ value }: { value: unknown }) => (typeof value === 'string' && /^-?\d+$/.test(value) ? Number(value) : value);
const toIntArray = ({ value }: { value: unknown }) =>
  Array.isArray(value) ? value.map((v) => toInt({ value: v })) : typeof value === 'string' && value !== '' ? value.split(',').map((v) => toInt({ value: v })) : value;

export class GroupDto {
  @IsOptional() @Transform(toInt) @IsInt({ message: msg('validation.integer') }) id?: number;

  @Transform(toInt)
  @IsInt({ message: msg('validation.required') })
  @Min(0, { message: msg('validation.min', { min: 0 }) })
  pid: number;

  @IsString({ message: msg('validation.required') })
  @Length(1, 100, { message: msg('validation.length', { min: 1, max: 100 }) })
  name: string;

  @Transform(toIntArray)
  @IsArray({ message: msg('validation.array') })
  @IsInt({ each: true, message: msg('validation.integer') })
  rules: number[];

  @IsOptional() @Transform(toInt) @IsIn([0, 1], { message: msg('validation.in') }) status?: number;
}

export class RuleDto {
  @IsOptional() @Transform(toInt) @IsInt({ message: msg('validation.integer') }) id?: number;

  @IsOptional() @Transform(toInt) @IsInt({ message: msg('validation.integer') }) @Min(0, { message: msg('validation.min', { min: 0 }) }) pid?: number;

  @IsIn(['menu_dir', 'menu', 'button'], { message: msg('validation.in') })
  type: 'menu_dir' | 'menu' | 'button';

  @IsString({ message: msg('validation.required') })
  @Length(1, 50, { message: msg('validation.length', { min: 1, max: 50 }) })
  title: string;

  @IsOptional() @IsString() @MaxLength(50, { message: msg('validation.max_length', { max: 50 }) }) title_en?: string;

  @IsString({ message: msg('validation.required') })
  @Length(1, 50, { message: msg('validation.length', { min: 1, max: 50 }) })
  name: string;

  @IsOptional() @IsString() @MaxLength(100, { message: msg('validation.max_length', { max: 100 }) }) path?: string;
  @IsOptional() @IsString() @MaxLength(50, { message: msg('validation.max_length', { max: 50 }) }) icon?: string;
  @IsOptional() @IsIn(['tab', 'link', 'iframe', null, ''], { message: msg('validation.in') }) menu_type?: 'tab' | 'link' | 'iframe' | null | '';
  @IsOptional() @IsString() @MaxLength(255, { message: msg('validation.max_length', { max: 255 }) }) url?: string;
  @IsOptional() @IsString() @MaxLength(100, { message: msg('validation.max_length', { max: 100 }) }) component?: string;
  @IsOptional() @Transform(toInt) @IsIn([0, 1], { message: msg('validation.in') }) keepalive?: number;
  @IsOptional() @IsIn(['none', 'add_rules_only', 'add_menu_only'], { message: msg('validation.in') }) extend?: 'none' | 'add_rules_only' | 'add_menu_only';
  @IsOptional() @IsString() @MaxLength(255, { message: msg('validation.max_length', { max: 255 }) }) remark?: string;
  @IsOptional() @Transform(toInt) @IsInt({ message: msg('validation.integer') }) weigh?: number;
  @IsOptional() @Transform(toInt) @IsIn([0, 1], { message: msg('validation.in') }) status?: number;
}
