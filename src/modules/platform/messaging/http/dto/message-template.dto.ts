import { IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import { Transform } from 'class-transformer';
import { msg } from '../../../../../shared/http/validation';
import { MAIL_BODY_MAX, TITLE_MAX } from '../../domain/message-template';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
const toInt = ({ value }: { value: unknown }) => (typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : value);

/** What an edit may change: the texts, the provider's template code and whether the template is used. */
export class EditMessageTemplateDto {
  @IsOptional() @Transform(trim) @IsString({ message: msg('validation.invalid') }) @MaxLength(TITLE_MAX, { message: msg('validation.max_length', { max: TITLE_MAX }) }) title?: string;
  @IsOptional() @IsString({ message: msg('validation.invalid') }) @MaxLength(MAIL_BODY_MAX, { message: msg('validation.max_length', { max: MAIL_BODY_MAX }) }) content?: string;
  @IsOptional() @Transform(trim) @IsString({ message: msg('validation.invalid') }) @MaxLength(64, { message: msg('validation.max_length', { max: 64 }) }) template_code?: string;
  @IsOptional() @Transform(toInt) @IsIn([0, 1], { message: msg('validation.in') }) status?: number;
}
