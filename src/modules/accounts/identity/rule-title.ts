import { I18nContext } from 'nestjs-i18n';

/** A rule's title (admin or member rule) in the request's language; rules added without an English title keep their own. */
export function ruleTitle(rule: { title: string; title_en: string }, lang = I18nContext.current()?.lang): string {
  return lang === 'en' && rule.title_en ? rule.title_en : rule.title;
}
