import { Transform } from 'class-transformer';
import { IsIn, IsInt, IsNotEmpty, IsOptional, IsString, Matches, MaxLength, Min, ValidateIf, IsEmail } from 'class-validator';
import { msg } from '../../../../../shared/http/validation';
import { ACCOUNT_PATTERN, PASSWORD_PATTERN } from '../../../domain/password';
import { DATE_PATTERN, MOBILE_PATTERN } from '../../domain/member-account';
import { USER_RULE_TYPES } from '../../persistence/user-rule.entity';
import { groupForm, ruleForm } from '../../../identity/rule-group-forms';
import { toInt, trim } from './member-dto.helpers';

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

/** `user.Group` add / edit: member groups are a flat list; names up to 50, trimmed. */
export const MemberGroupDto = groupForm({ tree: false, nameMax: 50, trim: true, toInt });
export type MemberGroupDto = InstanceType<typeof MemberGroupDto>;

/** `user.Rule` add / edit: the member rule types; a rule may be open without sign-in (`no_login_valid`). */
export const MemberRuleDto = ruleForm({ types: USER_RULE_TYPES, flag: 'no_login_valid', trim: true, toInt });
export type MemberRuleDto = InstanceType<typeof MemberRuleDto>;

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
