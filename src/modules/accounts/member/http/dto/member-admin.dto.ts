import { Transform } from 'class-transformer';
import { IsArray, IsIn, IsInt, IsNotEmpty, IsOptional, IsString, Length, Matches, MaxLength, Min, ValidateIf, IsEmail } from 'class-validator';
import { msg } from '../../../../../shared/http/validation';
import { ACCOUNT_PATTERN, PASSWORD_PATTERN } from '../../../domain/password';
import { DATE_PATTERN, MOBILE_PATTERN } from '../../domain/member-account';
import { USER_RULE_TYPES } from '../../persistence/user-rule.entity';
import { toInt, toIntArray, trim } from './member-dto.helpers';

const toMemberStatus = ({ value }: { value: unknown }) => (value === 'enable' ? 1 : value === 'disable' ? 0 : toInt({ value }));

class MemberFields {
  @Transform(trim)
  @IsNotEmpty({ message: msg('validation.required') })
  @Matches(ACCOUNT_PATTERN, { message: msg('validation.account') })
  username: string;

  @Transform(trim)
  @IsNotEmpty({ message: msg('validation.required') })
  @IsString({ message: msg('validation.invalid') })
  @MaxLength(50, { message: msg('validation.max_length', { max: 50 }) })
  nickname: string;

  @Transform(toInt)
  @IsInt({ message: msg('validation.required') })
  @Min(1, { message: msg('validation.required') })
  group_id: number;

  @IsOptional()
  @Transform(trim)
  @ValidateIf((_, v) => v !== '' && v !== null)
  @MaxLength(100, { message: msg('validation.max_length', { max: 100 }) })
  @IsEmail({}, { message: msg('validation.email') })
  email?: string | null;

  @IsOptional()
  @Transform(trim)
  @ValidateIf((_, v) => v !== '' && v !== null)
  @Matches(MOBILE_PATTERN, { message: msg('validation.mobile') })
  mobile?: string | null;

  @IsOptional() @IsString({ message: msg('validation.invalid') }) @MaxLength(255, { message: msg('validation.max_length', { max: 255 }) }) avatar?: string;
  @IsOptional() @Transform(toInt) @IsIn([0, 1, 2], { message: msg('validation.in') }) gender?: number;

  @IsOptional()
  @ValidateIf((_, v) => v !== '' && v !== null)
  @Matches(DATE_PATTERN, { message: msg('member.invalid_date') })
  birthday?: string | null;

  @IsOptional() @IsString({ message: msg('validation.invalid') }) @MaxLength(255, { message: msg('validation.max_length', { max: 255 }) }) motto?: string;
  /** 1 / 0, or the framework's own `enable` / `disable`. */
  @IsOptional() @Transform(toMemberStatus) @IsIn([0, 1], { message: msg('validation.in') }) status?: number;
}

export class AddMemberDto extends MemberFields {
  @IsNotEmpty({ message: msg('validation.required') })
  @Matches(PASSWORD_PATTERN, { message: msg('validation.password') })
  password: string;
}

export class EditMemberDto extends MemberFields {
  @Transform(toInt)
  @IsInt({ message: msg('validation.required') })
  id: number;

  /** Empty keeps the current password. */
  @IsOptional()
  @ValidateIf((_, v) => v !== '' && v !== null)
  @Matches(PASSWORD_PATTERN, { message: msg('validation.password') })
  password?: string;
}

export class MemberGroupDto {
  @IsOptional() @Transform(toInt) @IsInt({ message: msg('validation.integer') }) id?: number;

  @Transform(trim)
  @IsString({ message: msg('validation.required') })
  @Length(1, 50, { message: msg('validation.length', { min: 1, max: 50 }) })
  name: string;

  @Transform(toIntArray)
  @IsArray({ message: msg('validation.array') })
  @IsInt({ each: true, message: msg('validation.integer') })
  rules: number[];

  @IsOptional() @Transform(toInt) @IsIn([0, 1], { message: msg('validation.in') }) status?: number;
}

export class MemberRuleDto {
  @IsOptional() @Transform(toInt) @IsInt({ message: msg('validation.integer') }) id?: number;
  @IsOptional() @Transform(toInt) @IsInt({ message: msg('validation.integer') }) @Min(0, { message: msg('validation.min', { min: 0 }) }) pid?: number;

  @IsIn([...USER_RULE_TYPES], { message: msg('validation.in') })
  type: (typeof USER_RULE_TYPES)[number];

  @Transform(trim)
  @IsString({ message: msg('validation.required') })
  @Length(1, 50, { message: msg('validation.length', { min: 1, max: 50 }) })
  title: string;

  @IsOptional() @IsString() @MaxLength(50, { message: msg('validation.max_length', { max: 50 }) }) title_en?: string;

  @Transform(trim)
  @IsString({ message: msg('validation.required') })
  @Length(1, 50, { message: msg('validation.length', { min: 1, max: 50 }) })
  name: string;

  @IsOptional() @IsString() @MaxLength(100, { message: msg('validation.max_length', { max: 100 }) }) path?: string;
  @IsOptional() @IsString() @MaxLength(50, { message: msg('validation.max_length', { max: 50 }) }) icon?: string;
  @IsOptional() @IsIn(['tab', 'link', 'iframe', null, ''], { message: msg('validation.in') }) menu_type?: 'tab' | 'link' | 'iframe' | null | '';
  @IsOptional() @IsString() @MaxLength(255, { message: msg('validation.max_length', { max: 255 }) }) url?: string;
  @IsOptional() @IsString() @MaxLength(100, { message: msg('validation.max_length', { max: 100 }) }) component?: string;
  @IsOptional() @Transform(toInt) @IsIn([0, 1], { message: msg('validation.in') }) no_login_valid?: number;
  @IsOptional() @IsIn(['none', 'add_rules_only', 'add_menu_only'], { message: msg('validation.in') }) extend?: 'none' | 'add_rules_only' | 'add_menu_only';
  @IsOptional() @IsString() @MaxLength(255, { message: msg('validation.max_length', { max: 255 }) }) remark?: string;
  @IsOptional() @Transform(toInt) @IsInt({ message: msg('validation.integer') }) weigh?: number;
  @IsOptional() @Transform(toInt) @IsIn([0, 1], { message: msg('validation.in') }) status?: number;
}

/** POST user.MoneyLog/add: `money` in yuan (may be negative, two decimals at most). */
export class AddMoneyLogDto {
  @Transform(toInt)
  @IsInt({ message: msg('validation.required') })
  @Min(1, { message: msg('validation.required') })
  user_id: number;

  @Transform(({ value }) => (typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : value))
  @IsNotEmpty({ message: msg('validation.required') })
  @Matches(/^-?\d{1,11}(\.\d{1,2})?$/, { message: msg('member.invalid_amount') })
  money: string;

  @Transform(trim)
  @IsNotEmpty({ message: msg('validation.required') })
  @IsString({ message: msg('validation.invalid') })
  @MaxLength(255, { message: msg('validation.max_length', { max: 255 }) })
  memo: string;
}

/** POST user.ScoreLog/add: `score` in points (may be negative). */
export class AddScoreLogDto {
  @Transform(toInt)
  @IsInt({ message: msg('validation.required') })
  @Min(1, { message: msg('validation.required') })
  user_id: number;

  @Transform(toInt)
  @IsInt({ message: msg('validation.integer') })
  score: number;

  @Transform(trim)
  @IsNotEmpty({ message: msg('validation.required') })
  @IsString({ message: msg('validation.invalid') })
  @MaxLength(255, { message: msg('validation.max_length', { max: 255 }) })
  memo: string;
}
