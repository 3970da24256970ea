/**
 * Client validation of SPEC §5, with translated messages (crud.validate.*).
 */
import type { CrudCustomRule, CrudFormMode, CrudRuleSpec } from './types';

/** 3–15 characters, starting with a letter; letters, digits and underscore. */
export const ACCOUNT_REGEX = /^[a-zA-Z][a-zA-Z0-9_]{2,14}$/;
/** 6–32 characters without & < > " ' (nor line breaks). */
export const PASSWORD_REGEX = /^(?!.*[&<>"'\r\n])[\s\S]{6,32}$/;
export const EMAIL_REGEX = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/;
/** mainland China mobile numbers. */
export const MOBILE_REGEX = /^1[3-9]\d{9}$/;
export const URL_REGEX = /^(https?:)?\/\/[^\s]+$|^\/[^\s]*$/;

export const isAccount = (v: string) => ACCOUNT_REGEX.test(v);
export const isPassword = (v: string) => PASSWORD_REGEX.test(v);
export const isEmail = (v: string) => EMAIL_REGEX.test(v);
export const isMobile = (v: string) => MOBILE_REGEX.test(v);

export function isBlank(v: unknown): boolean {
  return v === undefined || v === null || (typeof v === 'string' && v.trim() === '') || (Array.isArray(v) && v.length === 0);
}

type T = (key: string, args?: Record<string, unknown>) => string;

/** The Arco rule shape this module produces. */
export interface ArcoRule {
  required?: boolean;
  validator: (value: any, callback: (error?: string) => void) => void;
}

/** Checks one value against one rule; returns the message key or null. */
export function checkRule(spec: CrudRuleSpec, value: unknown, values: Record<string, any> = {}): string | null {
  if (typeof spec === 'object') {
    if (isBlank(value)) return null;
    return (spec as CrudCustomRule).test(value, values) ? null : spec.message;
  }
  if (spec === 'required') return isBlank(value) ? 'crud.validate.required' : null;
  if (isBlank(value)) return null; // the others only check what was entered
  const s = String(value);
  switch (spec) {
    case 'account':
      return isAccount(s) ? null : 'crud.validate.account';
    case 'password':
      return isPassword(s) ? null : 'crud.validate.password';
    case 'email':
      return isEmail(s) ? null : 'crud.validate.email';
    case 'mobile':
      return isMobile(s) ? null : 'crud.validate.mobile';
    case 'number':
      return Number.isFinite(Number(s)) ? null : 'crud.validate.number';
    case 'integer':
      return /^-?\d+$/.test(s) ? null : 'crud.validate.integer';
    case 'url':
      return URL_REGEX.test(s) ? null : 'crud.validate.url';
    default:
      return null;
  }
}

/** Arco Form rules for a field; messages translated with the field's translated label. */
export function buildRules(
  specs: CrudRuleSpec[] | ((mode: CrudFormMode) => CrudRuleSpec[]) | undefined,
  mode: CrudFormMode,
  t: T,
  label: string,
  getValues: () => Record<string, any> = () => ({}),
): ArcoRule[] {
  const list = typeof specs === 'function' ? specs(mode) : (specs ?? []);
  return list.map((spec) => ({
    required: spec === 'required' || undefined,
    validator: (value: any, callback: (error?: string) => void) => {
      const key = checkRule(spec, value, getValues());
      callback(key ? t(key, { field: label }) : undefined);
    },
  }));
}
