import { Transform } from 'class-transformer';
import { IsEmail, IsIn, IsInt, IsNotEmpty, IsOptional, IsString, Matches, MaxLength, ValidateIf } from 'class-validator';
import { msg } from '../../../../../shared/http/validation';
import { ACCOUNT_PATTERN, PASSWORD_PATTERN } from '../../../domain/password';
import { DATE_PATTERN, MOBILE_PATTERN } from '../../domain/member-account';
import { toBool, toInt, trim } from './member-dto.helpers';

const CHANNELS = ['email', 'mobile'];

/** POST /api/user/checkIn, tab login: a username, e-mail or mobile with the password. */
export class MemberLoginDto {
  @Transform(trim)
  @IsNotEmpty({ message: msg('validation.required') })
  @IsString({ message: msg('validation.invalid') })
  @MaxLength(100, { message: msg('validation.max_length', { max: 100 }) })
  username: string;

  @IsNotEmpty({ message: msg('validation.required') })
  @Matches(PASSWORD_PATTERN, { message: msg('validation.password') })
  password: string;

  @IsOptional() @Transform(toBool) keep?: boolean;
  @IsOptional() @IsString({ message: msg('validation.invalid') }) @MaxLength(64, { message: msg('validation.invalid') }) captchaId?: string;
  @IsOptional() @IsString({ message: msg('validation.invalid') }) @MaxLength(2000, { message: msg('validation.invalid') }) captchaInfo?: string;
}

/** POST /api/user/checkIn, tab register: the code sent to the e-mail or mobile of `registerType`. */
export class MemberRegisterDto {
  @IsIn(CHANNELS, { message: msg('validation.in') })
  registerType: 'email' | 'mobile';

  @Transform(trim)
  @IsNotEmpty({ message: msg('validation.required') })
  @Matches(ACCOUNT_PATTERN, { message: msg('validation.account') })
  username: string;

  @IsNotEmpty({ message: msg('validation.required') })
  @Matches(PASSWORD_PATTERN, { message: msg('validation.password') })
  password: string;

  @Transform(trim)
  @ValidateIf((o: MemberRegisterDto) => o.registerType === 'email' || (o.email !== undefined && o.email !== ''))
  @IsNotEmpty({ message: msg('validation.required') })
  @MaxLength(100, { message: msg('validation.max_length', { max: 100 }) })
  @IsEmail({}, { message: msg('validation.email') })
  email?: string;

  @Transform(trim)
  @ValidateIf((o: MemberRegisterDto) => o.registerType === 'mobile' || (o.mobile !== undefined && o.mobile !== ''))
  @IsNotEmpty({ message: msg('validation.required') })
  @Matches(MOBILE_PATTERN, { message: msg('validation.mobile') })
  mobile?: string;

  @Transform(trim)
  @IsNotEmpty({ message: msg('validation.required') })
  @IsString({ message: msg('validation.invalid') })
  @MaxLength(32, { message: msg('validation.invalid') })
  captcha: string;

  @IsOptional() @Transform(toBool) keep?: boolean;
}

export class LogoutDto {
  @IsOptional() @IsString() @MaxLength(200) refreshToken?: string;
  @IsOptional() @IsString() @MaxLength(200) refresh_token?: string;
}

/** POST /api/account/profile: only these fields; `username` stays unique. */
export class ProfileDto {
  @Transform(trim)
  @IsNotEmpty({ message: msg('validation.required') })
  @Matches(ACCOUNT_PATTERN, { message: msg('validation.account') })
  username: string;

  @Transform(trim)
  @IsNotEmpty({ message: msg('validation.required') })
  @IsString({ message: msg('validation.invalid') })
  @MaxLength(50, { message: msg('validation.max_length', { max: 50 }) })
  @Matches(/^[^<>&"']*$/, { message: msg('validation.invalid') })
  nickname: string;

  @IsOptional() @IsString({ message: msg('validation.invalid') }) @MaxLength(255, { message: msg('validation.max_length', { max: 255 }) }) avatar?: string;

  @IsOptional() @Transform(toInt) @IsInt({ message: msg('validation.in') }) @IsIn([0, 1, 2], { message: msg('validation.in') }) gender?: number;

  @IsOptional()
  @ValidateIf((_, v) => v !== '' && v !== null)
  @Matches(DATE_PATTERN, { message: msg('member.invalid_date') })
  birthday?: string | null;

  @IsOptional() @IsString({ message: msg('validation.invalid') }) @MaxLength(255, { message: msg('validation.max_length', { max: 255 }) }) motto?: string;
}

export class ChangePasswordDto {
  @IsNotEmpty({ message: msg('validation.required') })
  @IsString({ message: msg('validation.invalid') })
  @MaxLength(64, { message: msg('validation.invalid') })
  oldPassword: string;

  @IsNotEmpty({ message: msg('validation.required') })
  @Matches(PASSWORD_PATTERN, { message: msg('validation.password') })
  newPassword: string;
}

export class VerificationDto {
  @IsIn(CHANNELS, { message: msg('validation.in') }) type: 'email' | 'mobile';

  @Transform(trim)
  @IsNotEmpty({ message: msg('validation.required') })
  @IsString({ message: msg('validation.invalid') })
  @MaxLength(32, { message: msg('validation.invalid') })
  captcha: string;
}

export class ChangeBindDto extends VerificationDto {
  @Transform(trim)
  @ValidateIf((o: ChangeBindDto) => o.type === 'email')
  @IsNotEmpty({ message: msg('validation.required') })
  @MaxLength(100, { message: msg('validation.max_length', { max: 100 }) })
  @IsEmail({}, { message: msg('validation.email') })
  email?: string;

  @Transform(trim)
  @ValidateIf((o: ChangeBindDto) => o.type === 'mobile')
  @IsNotEmpty({ message: msg('validation.required') })
  @Matches(MOBILE_PATTERN, { message: msg('validation.mobile') })
  mobile?: string;

  @IsOptional() @IsString({ message: msg('validation.invalid') }) @MaxLength(200, { message: msg('validation.invalid') }) accountVerificationToken?: string;
  @IsOptional() @IsString({ message: msg('validation.invalid') }) @MaxLength(64, { message: msg('validation.invalid') }) password?: string;
}

export class RetrievePasswordDto {
  @IsIn(CHANNELS, { message: msg('validation.in') }) type: 'email' | 'mobile';

  @Transform(trim)
  @IsNotEmpty({ message: msg('validation.required') })
  @IsString({ message: msg('validation.invalid') })
  @MaxLength(100, { message: msg('validation.max_length', { max: 100 }) })
  account: string;

  @Transform(trim)
  @IsNotEmpty({ message: msg('validation.required') })
  @IsString({ message: msg('validation.invalid') })
  @MaxLength(32, { message: msg('validation.invalid') })
  captcha: string;

  @IsNotEmpty({ message: msg('validation.required') })
  @Matches(PASSWORD_PATTERN, { message: msg('validation.password') })
  password: string;
}
