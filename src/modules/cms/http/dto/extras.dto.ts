import { Transform } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsInt, IsOptional, Min, ValidateBy, ValidationArguments } from 'class-validator';
import { Enumeration, FormMode, OptionalInt, OptionalRef, RequiredRef, RequiredText } from '../../../../shared/http/form-fields';
import { msg } from '../../../../shared/http/validation';
import { ContentModelError, parseModelFields } from '../../domain/content-model';
import { NOTICE_AUDIENCES } from '../../domain/notice';
import { BODY_MAX } from '../../domain/rich-text';
import { OptionalTime, RequiredPlainText, RichText, SafeAddress } from './cms-fields';

/*
 * The back-office forms of notices, adverts and content models, and the site's paid-content and read calls.
 */

const SHOWN = [0, 1];
const invalid = (key: string) => (args?: ValidationArguments) => JSON.stringify({ key, field: args?.property ?? '' });

/** An http(s) address (adverts link only out of the site or to its pages by full address). */
function HttpAddress(mode: FormMode) {
  return (target: object, property: string) => {
    RequiredText(mode, 255)(target, property);
    ValidateBy({
      name: 'httpAddress',
      validator: {
        validate: (value: unknown) => {
          if (typeof value !== 'string') return false;
          try {
            const url = new URL(value);
            return (url.protocol === 'http:' || url.protocol === 'https:') && !/[\s<>"']/.test(value);
          } catch {
            return false;
          }
        },
        defaultMessage: invalid('cms.link_http_only'),
      },
    })(target, property);
  };
}

function noticeForm(mode: FormMode) {
  class NoticeForm {
    @RequiredPlainText(mode, 100) title: string;
    @RichText(BODY_MAX) content?: string;
    @Enumeration(NOTICE_AUDIENCES) audience?: number;
    @OptionalTime() publish_time?: number | null;
    @Enumeration(SHOWN) status?: number;
  }
  return NoticeForm;
}
export class AddNoticeDto extends noticeForm('add') {
  /** Set by the controller to the signed-in admin; whatever the body says is replaced. */
  @OptionalRef() admin_id?: number;
}
export const EditNoticeDto = noticeForm('edit');

function positionForm(mode: FormMode) {
  class AdvertPositionForm {
    @RequiredText(mode, 50)
    @ValidateBy({ name: 'positionName', validator: { validate: (v: unknown) => typeof v === 'string' && /^[A-Za-z][A-Za-z0-9_-]{0,49}$/.test(v), defaultMessage: invalid('cms.position_name_invalid') } })
    name: string;
    @RequiredPlainText(mode, 100) title: string;
    @OptionalInt(0, 10000) width?: number;
    @OptionalInt(0, 10000) height?: number;
  }
  return AdvertPositionForm;
}
export const AddAdvertPositionDto = positionForm('add');
export const EditAdvertPositionDto = positionForm('edit');

function advertForm(mode: FormMode) {
  class AdvertForm {
    @RequiredRef(mode) position_id: number;
    @RequiredPlainText(mode, 100) title: string;
    @SafeAddress() image?: string;
    @HttpAddress(mode) link: string;
    @OptionalTime() start_time?: number | null;
    @OptionalTime() end_time?: number | null;
    @OptionalInt() weigh?: number;
    @Enumeration(SHOWN) status?: number;
  }
  return AdvertForm;
}
export const AddAdvertDto = advertForm('add');
export const EditAdvertDto = advertForm('edit');

/** The fields of a model, checked by the domain's rules (the first refusal is the message). */
function ModelFields(mode: FormMode) {
  return (target: object, property: string) => {
    if (mode === 'edit') IsOptional()(target, property);
    ValidateBy({
      name: 'modelFields',
      validator: {
        validate: (value: unknown) => {
          try {
            parseModelFields(value);
            return true;
          } catch {
            return false;
          }
        },
        defaultMessage: (args?: ValidationArguments) => {
          try {
            parseModelFields(args?.value);
          } catch (error) {
            if (error instanceof ContentModelError) return JSON.stringify({ key: `cms.${error.key}`, ...error.args });
          }
          return JSON.stringify({ key: 'cms.model_fields_invalid' });
        },
      },
    })(target, property);
  };
}

function contentModelForm(mode: FormMode) {
  class ContentModelForm {
    @RequiredPlainText(mode, 50) name: string;
    @ModelFields(mode) fields: unknown[];
  }
  return ContentModelForm;
}
export const AddContentModelDto = contentModelForm('add');
export const EditContentModelDto = contentModelForm('edit');

const toInt = ({ value }: { value: unknown }) => (typeof value === 'string' && /^\d{1,10}$/.test(value) ? Number(value) : value);

/** POST /api/cms/buy */
export class BuyContentDto {
  @Transform(toInt)
  @IsInt({ message: msg('validation.required') })
  @Min(1, { message: msg('validation.required') })
  id: number;
}

/** POST …/read: the notices read (at most 1000 at once). */
export class ReadNoticesDto {
  @Transform(({ value }) => (Array.isArray(value) ? value.map((v) => toInt({ value: v })) : typeof value === 'number' || typeof value === 'string' ? [toInt({ value })] : value))
  @IsArray({ message: msg('validation.array') })
  @ArrayMaxSize(1000, { message: msg('validation.invalid') })
  @IsInt({ each: true, message: msg('validation.integer') })
  @Min(1, { each: true, message: msg('validation.invalid') })
  ids: number[];
}
