/**
 * The form validation rules (the server applies the same), as pure checks and as rules for Arco forms. Each has the key of its
 * translated message (in common.json, "validate.*").
 */
import { isEmptyMarkup } from '@contract/rich-text';
import type { TFunction } from '@/lang';

export const ACCOUNT_REGEX = /^[a-zA-Z][a-zA-Z0-9_]{2,14}$/;
export const PASSWORD_REGEX = /^(?!.*[&<>"'\n\r]).{6,32}$/;
export const MOBILE_REGEX = /^1[3-9]\d{9}$/;
export const EMAIL_REGEX = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/;
export const ID_NUMBER_REGEX = /(^\d{15}$)|(^\d{17}(\d|X|x)$)/;
/** A variable-style name (config item names, field names): a letter, `_` or `$` first, then letters, digits, `_` or `$`; CJK allowed. */
export const NAME_REGEX = /^([^\x00-\xff]|[a-zA-Z_$])([^\x00-\xff]|[a-zA-Z0-9_$])*$/;

export const validateMessageKeys = {
  required: 'validate.required',
  account: 'validate.account',
  password: 'validate.password',
  mobile: 'validate.mobile',
  email: 'validate.email',
  idNumber: 'validate.idNumber',
  name: 'validate.name',
  contentEmpty: 'validate.contentEmpty',
  editorEmpty: 'validate.editorEmpty',
} as const;

export type ValidatorName = 'account' | 'password' | 'mobile' | 'email' | 'idNumber' | 'name';

export const isAccount = (value: string) => ACCOUNT_REGEX.test(value);
export const isPassword = (value: string) => PASSWORD_REGEX.test(value);
export const isMobile = (value: string) => MOBILE_REGEX.test(value);
export const isEmail = (value: string) => EMAIL_REGEX.test(value);
export const isIdNumber = (value: string) => ID_NUMBER_REGEX.test(value);
export const isName = (value: string) => NAME_REGEX.test(value);
/** A rich-text body with no text and no image or media: `<p><br></p>`, `<p>&nbsp;</p>`, spaces, nothing. */
export const isEditorEmpty = (value: unknown) => isEmptyMarkup(value);
/** A plain-text content with nothing but spaces. */
export const isContentEmpty = (value: unknown) => value === undefined || value === null || String(value).trim() === '';

const checks: Record<ValidatorName, (value: string) => boolean> = {
  account: isAccount,
  password: isPassword,
  mobile: isMobile,
  email: isEmail,
  idNumber: isIdNumber,
  name: isName,
};

/** The message key when the value breaks the rule, or null when it passes (empty values pass: use `required`). */
export function validateValue(name: ValidatorName, value: unknown): string | null {
  if (value === undefined || value === null || value === '') return null;
  return checks[name](String(value)) ? null : validateMessageKeys[name];
}

/** A rule for an Arco Form.Item: `rules={[required(t), rule('password', t)]}`. */
export function rule(name: ValidatorName, t: TFunction) {
  return {
    validator: (value: unknown, callback: (error?: string) => void) => {
      const key = validateValue(name, value);
      callback(key ? t(key) : undefined);
    },
  };
}

export function required(t: TFunction) {
  return { required: true, message: t(validateMessageKeys.required) };
}

/** A required rich-text field: empty markup answers "The editor content cannot be empty". */
export function editorRequired(t: TFunction) {
  return {
    required: true,
    validator: (value: unknown, callback: (error?: string) => void) => callback(isEditorEmpty(value) ? t(validateMessageKeys.editorEmpty) : undefined),
  };
}

/** A required plain-text content: blank answers "The content cannot be empty". */
export function contentRequired(t: TFunction) {
  return {
    required: true,
    validator: (value: unknown, callback: (error?: string) => void) => callback(isContentEmpty(value) ? t(validateMessageKeys.contentEmpty) : undefined),
  };
}
