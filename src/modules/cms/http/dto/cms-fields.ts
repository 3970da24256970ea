import { applyDecorators } from '@nestjs/common';
import { Transform } from 'class-transformer';
import { IsObject, IsOptional, IsString, MaxLength, ValidateBy, ValidationArguments } from 'class-validator';
import { FormMode, OptionalText, RequiredText } from '../../../../shared/http/form-fields';
import { msg } from '../../../../shared/http/validation';
import { isSafeAddress } from '../../domain/rich-text';

/*
 * Field rules of the content forms besides the shared ones (shared/http/form-fields.ts).
 */

const invalid = (key: string) => (args?: ValidationArguments) => JSON.stringify({ key, field: args?.property ?? '' });

/** An HTML tag, comment or declaration: `<b>`, `</a>`, `<!--`, `<?xml`, `<script …`. A bare `<` (`a < b`) is text. */
const MARKUP = /<\s*[a-zA-Z!?\/]/;

/**
 * The value is plain text: shown as text wherever it appears (titles, names, descriptions), so markup in it is
 * refused at input with a translated message rather than stripped out of what the author typed. Bodies are
 * rich text and are sanitised instead (domain/rich-text.ts).
 */
export function PlainText() {
  return ValidateBy({ name: 'plainText', validator: { validate: (value: unknown) => typeof value !== 'string' || !MARKUP.test(value), defaultMessage: invalid('cms.markup_in_text') } });
}

/** A required plain text (titles, names). */
export function RequiredPlainText(mode: FormMode, max: number) {
  return applyDecorators(RequiredText(mode, max), PlainText());
}

/** An optional plain text (keywords, descriptions, a nickname). */
export function OptionalPlainText(max: number) {
  return applyDecorators(OptionalText(max), PlainText());
}

/** Ids as an array or a comma list (`channel_ids`, `tags`); '' and null mean none. Stored as number[]. */
export function IdList(maxItems = 50) {
  return applyDecorators(
    Transform(({ value }) => {
      if (value === null || value === '') return [];
      const items = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : typeof value === 'number' ? [value] : value;
      if (!Array.isArray(items)) return items;
      const ids = items.map((item) => (typeof item === 'string' ? item.trim() : item)).filter((item) => item !== '');
      return ids.every((id) => (typeof id === 'number' || (typeof id === 'string' && /^\d{1,10}$/.test(id))) && Number(id) > 0)
        ? [...new Set(ids.map(Number))]
        : ids;
    }),
    IsOptional(),
    ValidateBy({
      name: 'idList',
      validator: {
        validate: (value: unknown) => Array.isArray(value) && value.length <= maxItems && value.every((id) => typeof id === 'number' && Number.isSafeInteger(id) && id > 0 && id <= 4294967295),
        defaultMessage: invalid('validation.invalid'),
      },
    }),
  );
}

/** The value is an address content may use (http(s) or a path on this site); never `javascript:` or `data:`. */
export function IsSafeAddress() {
  return ValidateBy({ name: 'safeAddress', validator: { validate: (value: unknown) => typeof value === 'string' && isSafeAddress(value), defaultMessage: invalid('cms.unsafe_address') } });
}

/** An optional safe address. */
export function SafeAddress(max = 255) {
  return applyDecorators(
    Transform(({ value }) => (value === null ? '' : typeof value === 'string' ? value.trim() : value)),
    IsOptional(),
    IsString({ message: msg('validation.invalid') }),
    MaxLength(max, { message: msg('validation.max_length', { max }) }),
    IsSafeAddress(),
  );
}

/** Comma-separated image addresses (an array or a string), each one safe. */
export function SafeImageList(max = 10000) {
  return applyDecorators(
    Transform(({ value }) =>
      value === null ? '' : Array.isArray(value) ? value.map((item) => (typeof item === 'string' ? item.trim() : item)).filter((item) => item !== '').join(',') : typeof value === 'string' ? value.trim() : value,
    ),
    IsOptional(),
    IsString({ message: msg('validation.invalid') }),
    MaxLength(max, { message: msg('validation.max_length', { max }) }),
    ValidateBy({
      name: 'safeImages',
      validator: { validate: (value: unknown) => typeof value === 'string' && value.split(',').every((item) => isSafeAddress(item)), defaultMessage: invalid('cms.unsafe_address') },
    }),
  );
}

/** Unix seconds, or a date-time; null or '' clear it. */
export function OptionalTime() {
  return applyDecorators(
    Transform(({ value }) => (value === '' ? null : typeof value === 'string' && /^\d{1,10}$/.test(value.trim()) ? Number(value) : value)),
    IsOptional(),
    ValidateBy({
      name: 'unixTime',
      validator: { validate: (value: unknown) => value === null || (typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= 4294967295), defaultMessage: invalid('validation.invalid') },
    }),
  );
}

/** A rich-text body (sanitised on the server before it is stored). */
export function RichText(max: number) {
  return applyDecorators(
    Transform(({ value }) => (value === null ? '' : value)),
    IsOptional(),
    IsString({ message: msg('validation.invalid') }),
    MaxLength(max, { message: msg('validation.max_length', { max }) }),
  );
}

/**
 * The values of the channel's content-model fields (`extra`), an object when sent: the back office's content
 * form and the member's contribution both; each value is checked against the model on write
 * (`checkContentExtra` in crud/cms.cruds.ts, one validator for both sides).
 */
export function ExtraValues() {
  return applyDecorators(IsOptional(), IsObject({ message: msg('cms.extra_invalid') }));
}
