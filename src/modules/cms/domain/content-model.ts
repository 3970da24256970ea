import { isSafeAddress } from './rich-text';

/*
 * Content models: the extra fields a channel's content carries (the spec's content models). A model is a
 * list of fields; content of a channel with a model stores their values in `extra`, checked here.
 */

export const MODEL_FIELD_TYPES = ['text', 'number', 'image', 'select'] as const;
export type ModelFieldType = (typeof MODEL_FIELD_TYPES)[number];

export interface ModelField {
  /** The key of the value in `extra`: a lower-case identifier. */
  name: string;
  /** What the form shows. */
  title: string;
  type: ModelFieldType;
  /** The choices of a `select`. */
  options: string[];
  required: boolean;
}

export const MODEL_FIELDS_MAX = 30;
export const FIELD_OPTIONS_MAX = 50;
export const EXTRA_TEXT_MAX = 1000;
const NAME = /^[a-z][a-z0-9_]{0,29}$/;

/** A refused model or value: the message key (under `cms.`) and its arguments. */
export class ContentModelError extends Error {
  constructor(
    readonly key: string,
    readonly args: Record<string, string | number> = {},
  ) {
    super(key);
  }
}

const text = (value: unknown, max: number): string | null => (typeof value === 'string' && value.trim().length <= max ? value.trim() : null);

/** The fields of a model as sent by a form: each checked, names unique; throws ContentModelError. */
export function parseModelFields(input: unknown): ModelField[] {
  if (!Array.isArray(input)) throw new ContentModelError('model_fields_invalid');
  if (input.length > MODEL_FIELDS_MAX) throw new ContentModelError('model_fields_too_many', { max: MODEL_FIELDS_MAX });
  const seen = new Set<string>();
  return input.map((raw: unknown) => {
    const item = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
    const name = typeof item.name === 'string' ? item.name.trim() : '';
    if (!NAME.test(name)) throw new ContentModelError('model_field_name_invalid', { name: String(item.name ?? '') });
    if (seen.has(name)) throw new ContentModelError('model_field_name_taken', { name });
    seen.add(name);
    const type = item.type as ModelFieldType;
    if (!MODEL_FIELD_TYPES.includes(type)) throw new ContentModelError('model_field_type_invalid', { name });
    const title = text(item.title ?? name, 50);
    if (title === null || /[<>]/.test(title)) throw new ContentModelError('model_field_title_invalid', { name });
    const rawOptions = typeof item.options === 'string' ? item.options.split(/[\n,]/) : Array.isArray(item.options) ? item.options : [];
    const options = [...new Set(rawOptions.map((option) => (typeof option === 'string' || typeof option === 'number' ? String(option).trim() : '')).filter(Boolean))];
    if (type === 'select' && (!options.length || options.length > FIELD_OPTIONS_MAX || options.some((option) => option.length > 50))) {
      throw new ContentModelError('model_field_options_invalid', { name });
    }
    const required = item.required === true || item.required === 1 || item.required === '1' || item.required === 'true';
    return { name, title: title || name, type, options: type === 'select' ? options : [], required };
  });
}

/**
 * The `extra` values content of a model's channel stores: every field checked (a required one present, a
 * number a number, an image a safe address, a select one of its options); values of other names dropped.
 */
export function checkExtraValues(fields: readonly ModelField[], input: unknown): Record<string, string | number> {
  if (input !== undefined && input !== null && (typeof input !== 'object' || Array.isArray(input))) throw new ContentModelError('extra_invalid');
  const values = (input ?? {}) as Record<string, unknown>;
  const out: Record<string, string | number> = {};
  for (const field of fields) {
    const raw = values[field.name];
    const empty = raw === undefined || raw === null || (typeof raw === 'string' && raw.trim() === '');
    if (empty) {
      if (field.required) throw new ContentModelError('extra_required', { field: field.title });
      continue;
    }
    if (field.type === 'number') {
      const number = typeof raw === 'number' ? raw : typeof raw === 'string' && /^-?\d{1,12}(\.\d{1,4})?$/.test(raw.trim()) ? Number(raw) : NaN;
      if (!Number.isFinite(number)) throw new ContentModelError('extra_number', { field: field.title });
      out[field.name] = number;
      continue;
    }
    const value = typeof raw === 'string' || typeof raw === 'number' ? String(raw).trim() : null;
    if (value === null || value.length > EXTRA_TEXT_MAX) throw new ContentModelError('extra_invalid_value', { field: field.title });
    if (field.type === 'image' && !isSafeAddress(value)) throw new ContentModelError('extra_invalid_value', { field: field.title });
    if (field.type === 'select' && !field.options.includes(value)) throw new ContentModelError('extra_option', { field: field.title });
    out[field.name] = value;
  }
  return out;
}
