import { Transform } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Matches, MaxLength, MinLength, ValidateIf } from 'class-validator';
import { msg } from '../../../../shared/http/validation';

const toInt = ({ value }: { value: unknown }) => (typeof value === 'string' && /^-?\d+$/.test(value) ? Number(value) : value);
const URL_PATTERN = /^https?:\/\/\S+$/i;

/** `user.OauthProvider` add / edit. OpenID Connect needs the issuer; OAuth 2.0 its three endpoints and id field. */
export class OauthProviderDto {
  @IsString({ message: msg('validation.required') })
  @MinLength(1, { message: msg('validation.required') })
  @MaxLength(50, { message: msg('validation.max_length', { max: 50 }) })
  name: string;

  @Transform(toInt)
  @IsIn([1, 2], { message: msg('validation.in') })
  type: number;

  @ValidateIf((o: OauthProviderDto) => o.type === 1)
  @IsString({ message: msg('validation.required') })
  @Matches(URL_PATTERN, { message: msg('validation.invalid') })
  @MaxLength(255, { message: msg('validation.max_length', { max: 255 }) })
  issuer?: string;

  @ValidateIf((o: OauthProviderDto) => o.type === 2)
  @IsString({ message: msg('validation.required') })
  @Matches(URL_PATTERN, { message: msg('validation.invalid') })
  @MaxLength(255, { message: msg('validation.max_length', { max: 255 }) })
  authorize_url?: string;

  @ValidateIf((o: OauthProviderDto) => o.type === 2)
  @IsString({ message: msg('validation.required') })
  @Matches(URL_PATTERN, { message: msg('validation.invalid') })
  @MaxLength(255, { message: msg('validation.max_length', { max: 255 }) })
  token_url?: string;

  @ValidateIf((o: OauthProviderDto) => o.type === 2)
  @IsString({ message: msg('validation.required') })
  @Matches(URL_PATTERN, { message: msg('validation.invalid') })
  @MaxLength(255, { message: msg('validation.max_length', { max: 255 }) })
  userinfo_url?: string;

  @IsOptional()
  @IsString({ message: msg('validation.invalid') })
  @Matches(/^[A-Za-z0-9_.-]{1,50}$/, { message: msg('validation.invalid') })
  id_field?: string;

  @IsString({ message: msg('validation.required') })
  @MinLength(1, { message: msg('validation.required') })
  @MaxLength(255, { message: msg('validation.max_length', { max: 255 }) })
  client_id: string;

  @IsOptional()
  @IsString({ message: msg('validation.invalid') })
  @MaxLength(500, { message: msg('validation.max_length', { max: 500 }) })
  client_secret?: string;

  @IsOptional()
  @IsString({ message: msg('validation.invalid') })
  @MaxLength(255, { message: msg('validation.max_length', { max: 255 }) })
  scopes?: string;

  @IsOptional()
  @Transform(toInt)
  @IsIn([0, 1], { message: msg('validation.in') })
  register?: number;

  @IsOptional()
  @Transform(toInt)
  @IsInt({ message: msg('validation.integer') })
  weigh?: number;

  @IsOptional()
  @Transform(toInt)
  @IsIn([0, 1], { message: msg('validation.in') })
  status?: number;
}

export class EditOauthProviderDto extends OauthProviderDto {
  @Transform(toInt)
  @IsInt({ message: msg('validation.integer') })
  id: number;
}

/** `POST /api/oauth/bind`. */
export class OauthBindDto {
  @IsString({ message: msg('validation.required') })
  @MinLength(1, { message: msg('validation.required') })
  @MaxLength(100, { message: msg('validation.max_length', { max: 100 }) })
  bind_token: string;

  @IsString({ message: msg('validation.required') })
  @MinLength(1, { message: msg('validation.required') })
  @MaxLength(50, { message: msg('validation.max_length', { max: 50 }) })
  username: string;

  @IsString({ message: msg('validation.required') })
  @MinLength(1, { message: msg('validation.required') })
  @MaxLength(100, { message: msg('validation.max_length', { max: 100 }) })
  password: string;
}

/** `POST /api/account/oauthUnbind`. */
export class OauthUnbindDto {
  @Transform(toInt)
  @IsInt({ message: msg('validation.integer') })
  provider: number;
}
