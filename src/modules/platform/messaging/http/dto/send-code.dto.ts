import { IsEmail, IsNotEmpty, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { msg } from '../../../../../shared/http/validation';

export const MOBILE_PATTERN = /^1[3-9]\d{9}$/;

class CaptchaFields {
  @IsOptional() @IsString({ message: msg('validation.invalid') }) @MaxLength(64, { message: msg('validation.invalid') }) captchaId?: string;
  @IsOptional() @IsString({ message: msg('validation.invalid') }) @MaxLength(2000, { message: msg('validation.invalid') }) captchaInfo?: string;
}

/** POST /api/Ems/send */
export class SendEmailCodeDto extends CaptchaFields {
  @IsNotEmpty({ message: msg('validation.required') })
  @MaxLength(100, { message: msg('validation.max_length', { max: 100 }) })
  @IsEmail({}, { message: msg('validation.email') })
  email: string;

  @IsNotEmpty({ message: msg('validation.required') })
  @IsString({ message: msg('validation.invalid') })
  @MaxLength(40, { message: msg('validation.invalid') })
  event: string;
}

/** POST /api/Sms/send: the event as `template_code` (BuildAdmin's SMS module) or `event`. */
export class SendSmsCodeDto extends CaptchaFields {
  @IsNotEmpty({ message: msg('validation.required') })
  @Matches(MOBILE_PATTERN, { message: msg('validation.mobile') })
  mobile: string;

  @IsOptional() @IsString({ message: msg('validation.invalid') }) @MaxLength(40, { message: msg('validation.invalid') }) template_code?: string;
  @IsOptional() @IsString({ message: msg('validation.invalid') }) @MaxLength(40, { message: msg('validation.invalid') }) event?: string;
}
