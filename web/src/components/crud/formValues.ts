/**
 * Pure conversions between server rows and form values, driven by the field definitions.
 */
import { getByPath, toMilliseconds, toSeconds } from './params';
import type { CrudField, CrudFormMode } from './types';

export function fieldVisible(field: CrudField, values: Record<string, any>, mode: CrudFormMode): boolean {
  return field.visible ? field.visible(values, mode) : true;
}

/** Values the form starts with: the add defaults, or the edited row converted by the fields. */
export function rowToForm(fields: CrudField[], row: Record<string, any> | null, mode: CrudFormMode): Record<string, any> {
  const out: Record<string, any> = {};
  const source = row ?? {};
  for (const f of fields) {
    let v = getByPath(source, f.prop);
    if (f.type === 'password') v = '';
    if (f.toForm) v = f.toForm(v, source);
    else if ((f.type === 'date' || f.type === 'datetime') && v !== undefined && v !== null && v !== '') v = toMilliseconds(v) ?? undefined;
    if ((v === undefined || v === null) && mode === 'add' && f.defaultValue !== undefined) {
      v = typeof f.defaultValue === 'function' ? f.defaultValue() : f.defaultValue;
    }
    out[f.prop] = v;
  }
  return out;
}

/** empty text controls post '' (like a cleared input), other empty controls null. */
const TEXT_TYPES: CrudField['type'][] = ['input', 'textarea', 'iconSelect'];

/** Posted body: visible fields only; empty passwords left out; dates as Unix seconds; empty texts ''. */
export function formToBody(fields: CrudField[], values: Record<string, any>, mode: CrudFormMode): Record<string, any> {
  const body: Record<string, any> = {};
  for (const f of fields) {
    if (!fieldVisible(f, values, mode)) continue;
    let v = values[f.prop];
    if (f.toServer) {
      v = f.toServer(v, values, mode);
      if (v === undefined) continue;
      body[f.prop] = v;
      continue;
    }
    if (f.type === 'password' && (v === undefined || v === null || v === '')) continue;
    if (f.type === 'date' || f.type === 'datetime') v = v === undefined || v === null || v === '' ? null : toSeconds(v);
    if (v === undefined || v === null) v = TEXT_TYPES.includes(f.type) ? '' : f.type === 'switch' ? 0 : null;
    if (typeof v === 'string' && f.type !== 'password') v = v.trim();
    body[f.prop] = v;
  }
  return body;
}

/**
 * The fields to empty when the user changed `changed` (their `clearOnChange`, followed transitively: the
 * warehouse clears the area, the area clears the shelf). The changed fields themselves are never cleared.
 */
export function fieldsToClear(fields: CrudField[], changed: string[]): string[] {
  const byProp = new Map(fields.map((f) => [f.prop, f]));
  const out: string[] = [];
  const queue = [...changed];
  const seen = new Set(changed);
  while (queue.length) {
    const prop = queue.shift() as string;
    for (const dependent of byProp.get(prop)?.clearOnChange ?? []) {
      if (seen.has(dependent)) continue;
      seen.add(dependent);
      out.push(dependent);
      queue.push(dependent);
    }
  }
  return out;
}
