import { Transform } from 'class-transformer';
import { IsBoolean, IsNotEmpty, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { msg } from '../../../../../shared/http/validation';
import { MAX_CLICK_INFO_LENGTH } from '../../domain/click-captcha.geometry';
import { CAPTCHA_ID_PATTERN } from '../../click-captcha.service';

const ID_LABEL = { field: 'captchaId' };

/** true / 1 / "1" / "true" → true; false / 0 / "0" / "false" / "" → false; anything else fails validation. */
export const toBooleanFlag = ({ value }: { value: unknown }): unknown => {
  if (value === true || value === 1 || value === '1' || value === 'true') return true;
  if (value === false || value === 0 || value === '0' || value === 'false' || value === '') return false;
  return value;
};

export class ClickCaptchaQueryDto {
  @Matches(CAPTCHA_ID_PATTERN, { message: msg('validation.invalid', ID_LABEL) })
  @IsNotEmpty({ message: msg('validation.required', ID_LABEL) })
  id: string;
}

export class CheckClickCaptchaDto {
  @Matches(CAPTCHA_ID_PATTERN, { message: msg('validation.invalid', ID_LABEL) })
  @IsNotEmpty({ message: msg('validation.required', ID_LABEL) })
  id: string;

  /** Missing clicks are simply a wrong answer (answered "Captcha error"), not a malformed request. */
  @IsOptional()
  @MaxLength(MAX_CLICK_INFO_LENGTH, { message: msg('validation.max_length', { field: 'captchaInfo', max: MAX_CLICK_INFO_LENGTH }) })
  @IsString({ message: msg('validation.invalid', { field: 'captchaInfo' }) })
  info?: string;

  @IsOptional()
  @Transform(toBooleanFlag)
  @IsBoolean({ message: msg('platform.invalid_unset') })
  unset?: boolean;
}
