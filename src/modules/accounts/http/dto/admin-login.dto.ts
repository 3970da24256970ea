import { Transform } from 'class-transformer';
import { IsOptional, IsString, Length, Matches } from 'class-validator';
import { msg } from '../../../../shared/http/validation';
import { PASSWORD_PATTERN } from '../../domain/password';

/** The framework's client always sends the captcha fields, empty while the captcha is off: empty is absent. */
const emptyIsAbsent = ({ value }: { value: unknown }) => (value === '' || value === null ? undefined : value);

export const toFlag = ({ value }: { value: unknown }) => value === true || value === 1 || value === '1' || value === 'true';

export class AdminLoginDto {
  @IsString({ message: msg('validation.required') })
  @Length(3, 30, { message: msg('validation.length', { min: 3, max: 30 }) })
  username: string;

  @IsString({ message: msg('validation.required') })
  @Matches(PASSWORD_PATTERN, { message: msg('validation.password') })
  password: string;

  @IsOptional()
  @Transform(toFlag)
  keep?: boolean;

  @Transform(emptyIsAbsent)
  @IsOptional()
  @IsString({ message: msg('validation.required') })
  @Length(1, 64, { message: msg('validation.required') })
  captchaId?: string;

  @Transform(emptyIsAbsent)
  @IsOptional()
  @IsString({ message: msg('validation.required') })
  @Length(1, 200, { message: msg('validation.required') })
  captchaInfo?: string;
}

export class RefreshTokenDto {
  @IsOptional() @IsString() refreshToken?: string;
  @IsOptional() @IsString() refresh_token?: string;
}
