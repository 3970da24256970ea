/**
 * Client validation for the CRUD form (the server applies the same rules). The account / password / e-mail / mobile checks and their
 * messages are the app's own (utils/validate, common.json "validate.*"); number / integer / url live in
 * crud.json.
 */
import type { TFunction } from '@/lang';
import { isAccount, isEditorEmpty, isEmail, isMobile, isName, isPassword, validateMessageKeys } from '@/utils/validate';
import type { CrudCustomRule, CrudFormMode, CrudRuleSpec } from './types';

export const URL_REGEX = /^(https?:)?\/\/[^\s]+$|^\/[^\s]*$/;
/** An amount ≥ 0 with at most two decimals (as the server's money fields). */
export const MONEY_REGEX = /^\d{1,12}(\.\d{1,2})?$/;

/** A text of at most `max` characters (message crud.validate.maxLength). */
export function maxLengthRule(max: number): CrudCustomRule {
  return { test: (v) => String(v).length <= max, message: 'crud.validate.maxLength', args: { max } };
}

export function isBlank(v: unknown): boolean {
  return v === undefined || v === null || (typeof v === 'string' && v.trim() === '') || (Array.isArray(v) && v.length === 0);
}

/** The Arco rule shape this module produces. */
export interface ArcoRule {
  required?: boolean;
  validator: (value: any, callback: (error?: string) => void) => void;
}

/** Checks one value against one rule; returns the message key or null. Rules other than required pass empty values. */
export function checkRule(spec: CrudRuleSpec, value: unknown, values: Record<string, any> = {}): string | null {
  if (typeof spec === 'object') {
    if (isBlank(value)) return null;
    return (spec as CrudCustomRule).test(value, values) ? null : spec.message;
  }
  if (spec === 'required') return isBlank(value) ? validateMessageKeys.required : null;
  if (spec === 'editor') return isEditorEmpty(value) ? validateMessageKeys.editorEmpty : null;
  if (isBlank(value)) return null;
  const s = String(value);
  switch (spec) {
    case 'account':
      return isAccount(s) ? null : validateMessageKeys.account;
    case 'password':
      return isPassword(s) ? null : validateMessageKeys.password;
    case 'email':
      return isEmail(s) ? null : validateMessageKeys.email;
    case 'mobile':
      return isMobile(s) ? null : validateMessageKeys.mobile;
    case 'name':
      return isName(s.trim()) ? null : validateMessageKeys.name;
    case 'number':
      return s.trim() !== '' && Number.isFinite(Number(s)) ? null : 'crud.validate.number';
    case 'integer':
      return /^-?\d+$/.test(s.trim()) ? null : 'crud.validate.integer';
    case 'url':
      return URL_REGEX.test(s.trim()) ? null : 'crud.validate.url';
    case 'money':
      return MONEY_REGEX.test(s.trim()) ? null : 'crud.validate.money';
    default:
      return null;
  }
}

/** Arco Form rules for a field; messages translated (`{field}` receives the translated label). */
export function buildRules(
  specs: CrudRuleSpec[] | ((mode: CrudFormMode) => CrudRuleSpec[]) | undefined,
  mode: CrudFormMode,
  t: TFunction,
  label: string,
  getValues: () => Record<string, any> = () => ({}),
): ArcoRule[] {
  const list = typeof specs === 'function' ? specs(mode) : (specs ?? []);
  return list.map((spec) => ({
    required: spec === 'required' || spec === 'editor' || undefined,
    validator: (value: any, callback: (error?: string) => void) => {
      const key = checkRule(spec, value, getValues());
      const args = typeof spec === 'object' ? spec.args : undefined;
      callback(key ? t(key, { ...args, field: label }) : undefined);
    },
  }));
}
