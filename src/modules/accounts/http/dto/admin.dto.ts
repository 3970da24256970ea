import { Transform, Type } from 'class-transformer';
import { ArrayNotEmpty, IsArray, IsEmail, IsIn, IsInt, IsOptional, IsString, Matches, MaxLength, ValidateIf } from 'class-validator';
import { msg } from '../../../../shared/http/validation';
import { OptionalRef } from '../../../../shared/http/form-fields';
import { ACCOUNT_PATTERN, PASSWORD_PATTERN } from '../../domain/password';

export const MOBILE_PATTERN = /^1[3-9]\d{9}$/;
const toInt = ({ value }: { value: unknown }) => (typeof value === 'string' && /^-?\d+$/.test(value) ? Number(value) : value);
const toIntArray = ({ value }: { value: unknown }) => (Array.isArray(value) ? value.map((v) => toInt({ value: v })) : value);

class AdminFields {
  @IsString({ message: msg('validation.required') })
  @Matches(ACCOUNT_PATTERN, { message: msg('validation.account') })
  username: string;

  @IsString({ message: msg('validation.required') })
  @MaxLength(50, { message: msg('validation.max_length', { max: 50 }) })
  nickname: string;

  @Transform(toIntArray)
  @IsArray({ message: msg('validation.array') })
  @ArrayNotEmpty({ message: msg('validation.required') })
  @IsInt({ each: true, message: msg('validation.integer') })
  group_arr: number[];

  @IsOptional()
  @ValidateIf((_, v) => v !== '')
  @IsEmail({}, { message: msg('validation.email') })
  email?: string;

  @IsOptional()
  @ValidateIf((_, v) => v !== '')
  @Matches(MOBILE_PATTERN, { message: msg('validation.mobile') })
  mobile?: string;

  @IsOptional()
  @IsString({ message: msg('validation.invalid') })
  @MaxLength(255, { message: msg('validation.max_length', { max: 255 }) })
  avatar?: string;

  @IsOptional()
  @IsString({ message: msg('validation.invalid') })
  @MaxLength(255, { message: msg('validation.max_length', { max: 255 }) })
  motto?: string;

  @IsOptional()
  @Transform(toInt)
  @IsIn([0, 1], { message: msg('validation.in') })
  status?: number;

  /** 0, '' or null: none. */
  @OptionalRef() department_id?: number;
  @OptionalRef() job_id?: number;
}

export class AddAdminDto extends AdminFields {
  @IsString({ message: msg('validation.required') })
  @Matches(PASSWORD_PATTERN, { message: msg('validation.password') })
  password: string;
}

export class EditAdminDto extends AdminFields {
  @Transform(toInt)
  @IsInt({ message: msg('validation.required') })
  @Type(() => Number)
  id: number;

  /** Empty keeps the current password. */
  @IsOptional()
  @ValidateIf((_, v) => v !== '')
  @Matches(PASSWORD_PATTERN, { message: msg('validation.password') })
  password?: string;
}
