import { Transform } from 'class-transformer';
import { IsDefined, IsInt, IsOptional, IsString, MaxLength, Min } from 'class-validator';
import { enumerationValue, RequiredRef } from '../../../../shared/http/form-fields';
import { msg } from '../../../../shared/http/validation';
import { COMMENT_STATUS } from '../../domain/comment';
import { CONTENT_STATUS } from '../../domain/content';
import { BODY_MAX } from '../../domain/rich-text';
import { ExtraValues, IdList, OptionalPlainText, RequiredPlainText, RichText, SafeImageList } from './cms-fields';
import type { ContributionForm } from '../../../../../contract/cms';

const toInt = ({ value }: { value: unknown }) => (typeof value === 'string' && /^\s*-?\d+\s*$/.test(value) ? Number(value) : value);

/** POST cms.Content/audit (`status` a number or its name: `normal`, `refused`, `offline`) */
export class AuditContentDto {
  @Transform(toInt) @IsDefined({ message: msg('validation.required') }) @IsInt({ message: msg('validation.invalid') }) @Min(1, { message: msg('validation.invalid') }) id: number;
  @Transform(({ value }) => enumerationValue(value, CONTENT_STATUS)) @IsDefined({ message: msg('validation.required') }) @IsInt({ message: msg('validation.invalid') }) status: number;
  @IsOptional() @IsString({ message: msg('validation.invalid') }) @MaxLength(1000, { message: msg('validation.max_length', { max: 1000 }) }) memo?: string;
}

/** POST cms.Comment/audit: `ids` (or one `id`), the status (a number or its name), an optional note. */
export class AuditCommentsDto {
  @IdList(1000) ids?: number[];
  @Transform(toInt) @IsOptional() @IsInt({ message: msg('validation.invalid') }) @Min(1, { message: msg('validation.invalid') }) id?: number;
  @Transform(({ value }) => enumerationValue(value, COMMENT_STATUS)) @IsDefined({ message: msg('validation.required') }) @IsInt({ message: msg('validation.invalid') }) status: number;
  @IsOptional() @IsString({ message: msg('validation.invalid') }) @MaxLength(1000, { message: msg('validation.max_length', { max: 1000 }) }) memo?: string;
}

/** POST /api/cms/comment */
export class PostCommentDto {
  @RequiredRef('add') content_id: number;
  /** The comment (plain text; checked and trimmed by the domain). */
  @IsDefined({ message: msg('validation.required') }) @IsString({ message: msg('cms.comment_empty') }) @MaxLength(5000, { message: msg('validation.max_length', { max: 1000 }) }) content: string;
  @OptionalPlainText(30) nickname?: string;
  @IsOptional() @IsString({ message: msg('validation.invalid') }) @MaxLength(64, { message: msg('validation.invalid') }) captchaId?: string;
  @IsOptional() @IsString({ message: msg('validation.invalid') }) @MaxLength(2000, { message: msg('validation.invalid') }) captchaInfo?: string;
}

/** POST /api/cms/contribute */
export class ContributeDto implements ContributionForm {
  @Transform(toInt) @IsOptional() @IsInt({ message: msg('validation.invalid') }) @Min(1, { message: msg('validation.invalid') }) id?: number;
  @RequiredRef('add') channel_id: number;
  @RequiredPlainText('add', 200) title: string;
  @IsDefined({ message: msg('validation.required') }) @RichText(BODY_MAX) content: string;
  @OptionalPlainText(500) description?: string;
  @OptionalPlainText(255) keywords?: string;
  @SafeImageList(2000) images?: string;
  /** The values of the channel's content-model fields (any values: checked as the back office's content form checks them). */
  @ExtraValues() extra?: ContributionForm['extra'];
}
