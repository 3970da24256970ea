import { applyDecorators } from '@nestjs/common';
import { Transform } from 'class-transformer';
import { IsDefined, IsEmail, IsIn, IsInt, IsNotEmpty, IsOptional, IsString, Matches, Max, MaxLength, Min, ValidateBy, ValidateIf, ValidationArguments } from 'class-validator';
import { enumerationValue, EnumerationNames } from './enumeration-names';
import { msg } from './validation';

export { enumerationValue } from './enumeration-names';
export type { EnumerationNames } from './enumeration-names';

/*
 * Field rules of the back-office forms (master data, content), built for both actions: `add` demands the required fields, `edit`
 * checks only what the body carries (a list's status switch posts `{id, status}` alone). Text is trimmed;
 * integers and enumerations accept numbers and numeric strings.
 */
export type FormMode = 'add' | 'edit';

export const MOBILE_PATTERN = /^1[3-9]\d{9}$/;
const INT_MAX = 2147483647;
const ID_MAX = 4294967295;
const MONEY_MAX = 999999999999.99;

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
/** null clears an optional text to ''. */
const trimOrEmpty = ({ value }: { value: unknown }) => (value === null ? '' : trim({ value }));
/** Numeric strings become numbers; '' and null count as absent. */
const toInt = ({ value }: { value: unknown }) => {
  if (value === '' || value === null) return undefined;
  return typeof value === 'string' && /^\s*[+-]?\d+\s*$/.test(value) ? Number(value) : value;
};
/** An optional reference: '' and null mean none (0). */
const toRef = ({ value }: { value: unknown }) => (value === '' || value === null ? 0 : toInt({ value }));

/** Present on add; on edit only checked when sent (and then not null). */
const presence = (mode: FormMode) => (mode === 'add' ? IsDefined({ message: msg('validation.required') }) : ValidateIf((_, value) => value !== undefined));

/** A required text (names, codes). */
export function RequiredText(mode: FormMode, max: number) {
  return applyDecorators(
    Transform(trim),
    presence(mode),
    IsString({ message: msg('validation.required') }),
    IsNotEmpty({ message: msg('validation.required') }),
    MaxLength(max, { message: msg('validation.max_length', { max }) }),
  );
}

/** An optional text; null stores ''. */
export function OptionalText(max: number) {
  return applyDecorators(
    Transform(trimOrEmpty),
    IsOptional(),
    IsString({ message: msg('validation.invalid') }),
    MaxLength(max, { message: msg('validation.max_length', { max }) }),
  );
}

/** An optional e-mail address ('' allowed). */
export function OptionalEmail() {
  return applyDecorators(
    Transform(trimOrEmpty),
    IsOptional(),
    ValidateIf((_, value) => value !== ''),
    MaxLength(100, { message: msg('validation.max_length', { max: 100 }) }),
    IsEmail({}, { message: msg('validation.email') }),
  );
}

/** An optional mobile number ('' allowed). */
export function OptionalMobile() {
  return applyDecorators(
    Transform(({ value }) => (typeof value === 'number' ? String(value) : trimOrEmpty({ value }))),
    IsOptional(),
    ValidateIf((_, value) => value !== ''),
    Matches(MOBILE_PATTERN, { message: msg('validation.mobile') }),
  );
}

/** An optional whole number within bounds. */
export function OptionalInt(min = -INT_MAX - 1, max = INT_MAX) {
  return applyDecorators(
    Transform(toInt),
    IsOptional(),
    IsInt({ message: msg('validation.integer') }),
    Min(min, { message: msg('validation.min', { min }) }),
    Max(max, { message: msg('validation.max', { max }) }),
  );
}

/** A required whole number within bounds (present on add; on edit only checked when sent). */
export function RequiredInt(mode: FormMode, min = -INT_MAX - 1, max = INT_MAX) {
  return applyDecorators(
    Transform(toInt),
    presence(mode),
    IsInt({ message: msg('validation.integer') }),
    Min(min, { message: msg('validation.min', { min }) }),
    Max(max, { message: msg('validation.max', { max }) }),
  );
}

/**
 * An enumeration (numbers on the wire and in the table; also its `names`): optional (the column has a
 * default), one of `values`.
 */
export function Enumeration(values: readonly number[], names?: EnumerationNames) {
  return applyDecorators(
    Transform(({ value }) => enumerationValue(value, names)),
    IsOptional(),
    IsIn([...values], { message: msg('validation.in') }),
  );
}

/** A required reference to another catalogue (an id ≥ 1). */
export function RequiredRef(mode: FormMode) {
  return applyDecorators(
    Transform(toInt),
    presence(mode),
    IsInt({ message: msg('validation.required') }),
    Min(1, { message: msg('validation.required') }),
    Max(ID_MAX, { message: msg('validation.invalid') }),
  );
}

/** An optional reference; 0, '' or null mean none. */
export function OptionalRef() {
  return applyDecorators(
    Transform(toRef),
    IsOptional(),
    IsInt({ message: msg('validation.invalid') }),
    Min(0, { message: msg('validation.invalid') }),
    Max(ID_MAX, { message: msg('validation.invalid') }),
  );
}

/** An amount ≥ 0 with at most two decimals, sent as a number or a string; stored from its text, exactly. */
export function Money() {
  return applyDecorators(
    Transform(({ value }) => (typeof value === 'number' && Number.isFinite(value) ? String(value) : value === null ? undefined : trim({ value }))),
    IsOptional(),
    ValidateBy({
      name: 'money',
      validator: {
        validate: (value: unknown) => typeof value === 'string' && /^\d{1,12}(\.\d{1,2})?$/.test(value) && Number(value) <= MONEY_MAX,
        defaultMessage: (args?: ValidationArguments) => {
          const negative = typeof args?.value === 'string' && /^-\d+(\.\d+)?$/.test(args.value);
          return JSON.stringify({ key: negative ? 'validation.min' : 'validation.money', field: args?.property ?? '', min: 0 });
        },
      },
    }),
  );
}

/** Comma-separated image paths, sent as a string or an array. */
export function ImageList(max = 10000) {
  return applyDecorators(
    Transform(({ value }) =>
      Array.isArray(value) ? value.map((item) => (typeof item === 'string' ? item.trim() : item)).filter((item) => item !== '').join(',') : trimOrEmpty({ value }),
    ),
    IsOptional(),
    IsString({ message: msg('validation.invalid') }),
    MaxLength(max, { message: msg('validation.max_length', { max }) }),
  );
}

/** An optional code that is NULL when empty (bar codes). */
export function NullableCode(max: number) {
  return applyDecorators(
    Transform(({ value }) => (value === '' || value === null ? null : typeof value === 'number' ? String(value) : trim({ value }) === '' ? null : trim({ value }))),
    IsOptional(),
    IsString({ message: msg('validation.invalid') }),
    MaxLength(max, { message: msg('validation.max_length', { max }) }),
  );
}
