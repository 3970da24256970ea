import { I18nContext } from 'nestjs-i18n';
import { MessageArgs } from './app-error';

export const DEFAULT_LANGUAGE = 'zh-cn';
export const LANGUAGES = ['zh-cn', 'en'] as const;

/**
 * Translates `namespace.key` in the language of the current request. Arguments whose value is itself
 * a translation key (prefixed `@`) are translated first, so messages can name fields in the same language.
 */
export function translate(key: string, args: MessageArgs = {}, i18n = I18nContext.current()): string {
  if (!i18n) return key;
  const resolved: MessageArgs = {};
  for (const [name, value] of Object.entries(args)) {
    resolved[name] = typeof value === 'string' && value.startsWith('@') ? translateLabel(value.slice(1), i18n) : value;
  }
  return i18n.t(key, { args: resolved }) as string;
}

/** A label key that has no translation falls back to its last segment (the raw field name). */
function translateLabel(key: string, i18n: I18nContext): string {
  const text = i18n.t(key) as string;
  return text === key ? key.slice(key.lastIndexOf('.') + 1) : text;
}
