import { plainToInstance } from 'class-transformer';
import { validate, ValidationError } from 'class-validator';
import { Type } from '@nestjs/common';
import { MessageArgs } from '../../../shared/http/app-error';
import { ImportField } from './transfer-definitions';

/*
 * The pure part of an import: headers to fields, cells to row values, enumeration labels to numbers, and
 * every form (DTO) failure of every row, not just the first.
 */

/** One problem of one row, before translation. */
export interface RowProblem {
  line: number;
  /** The field key (its header label is shown). */
  field: string;
  message: string;
  args?: MessageArgs;
}

export interface ImportRow {
  line: number;
  /** Cell texts by field key (trimmed). */
  raw: Record<string, string>;
  /** Values after the form (DTO) transformations; references are filled in by the importer. */
  data: Record<string, unknown>;
  valid: boolean;
}

export function normaliseHeader(text: string): string {
  return text
    .replace(/[*＊]/g, '')
    .replace(/[\s\u3000]+/g, ' ')
    .trim()
    .toLowerCase();
}

/**
 * Which column holds which field: a header matches the field key, an alias or the field's label in either
 * language (`labels(key)`), with `*` and spaces ignored. Unknown headers are ignored (an exported file
 * has ID and time columns). Answers the missing required fields and the headers used twice.
 */
export function mapHeaders(
  header: string[],
  fields: ImportField[],
  labels: (key: string) => string[],
): { columns: Map<number, ImportField>; missing: ImportField[]; duplicated: string[] } {
  const byName = new Map<string, ImportField>();
  for (const field of fields) {
    // the field's own label, and the generic name of the field (a header written before the label changed)
    for (const name of [field.key, ...(field.aliases ?? []), ...labels(field.label), ...labels(`fields.${field.key}`)]) byName.set(normaliseHeader(name), field);
  }
  const columns = new Map<number, ImportField>();
  const seen = new Set<string>();
  const duplicated: string[] = [];
  header.forEach((text, index) => {
    const field = byName.get(normaliseHeader(text));
    if (!field) return;
    if (seen.has(field.key)) duplicated.push(text);
    else columns.set(index, field);
    seen.add(field.key);
  });
  const missing = fields.filter((field) => field.required && !seen.has(field.key));
  return { columns, missing, duplicated };
}

/** An enumeration cell: its number, or a label in either language (`labelsOf(value)`), else the text as it is. */
export function enumValue(text: string, values: number[], labelsOf: (value: number) => string[]): string | number {
  if (text === '') return text;
  const wanted = normaliseHeader(text);
  for (const value of values) {
    if (String(value) === text.trim() || labelsOf(value).some((label) => normaliseHeader(label) === wanted)) return value;
  }
  return text;
}

/** The message of one property's failure, read as validationErrorToAppError does (missing → required). */
export function problemOf(error: ValidationError): { message: string; args: MessageArgs } {
  if (error.value === undefined || error.value === null || error.value === '') return { message: 'validation.required', args: { field: `@fields.${error.property}` } };
  const raw = Object.values(error.constraints ?? {})[0];
  try {
    const { key, field, ...rest } = JSON.parse(raw) as { key: string; field: string } & MessageArgs;
    return { message: key, args: { field: `@fields.${field}`, ...rest } };
  } catch {
    return { message: 'validation.invalid', args: { field: `@fields.${error.property}` } };
  }
}

/** Runs the form on one row's values and answers its transformed values and every failing property. */
export async function validateRow(dto: Type<object>, values: Record<string, unknown>): Promise<{ data: Record<string, unknown>; errors: Array<{ field: string; message: string; args: MessageArgs }> }> {
  const instance = plainToInstance(dto, values, { enableImplicitConversion: false }) as Record<string, unknown>;
  const errors = await validate(instance, { whitelist: true });
  return {
    data: { ...instance },
    errors: errors.filter((e) => e.constraints && Object.keys(e.constraints).length).map((e) => ({ field: e.property, ...problemOf(e) })),
  };
}

/** The texts an example value may read as: a literal, or `@key` in each language (`labels`). */
export function exampleTexts(field: ImportField, labels: (key: string) => string[]): string[] {
  if (!field.example) return [''];
  return field.example.startsWith('@') ? labels(field.example.slice(1)) : [field.example];
}

/**
 * Whether a row is the template's example, left in the file: every field with an example holds it (in
 * either language), every other field is empty. Such a row is skipped, not imported.
 */
export function isExampleRow(raw: Record<string, string>, fields: ImportField[], labels: (key: string) => string[]): boolean {
  if (!fields.some((field) => field.example)) return false;
  return fields.every((field) => exampleTexts(field, labels).includes(raw[field.key] ?? ''));
}
