import { I18nContext } from 'nestjs-i18n';
import { translate } from './translate';

/**
 * Names the installation seeds in the site's language (zh-cn): the admin groups, the member group, the
 * site name. They are data an administrator may rename, so they are stored as typed; while one still reads
 * as seeded, an English reader sees it in English (`seeded.<key>` in the i18n files). A renamed one is
 * shown as typed. Lists and selects use this; edit forms show the stored text.
 */
const SEEDED: Readonly<Record<string, string>> = {
  超级管理组: 'super_admins',
  一级管理员: 'level1_admins',
  二级管理员: 'level2_admins',
  三级管理员: 'level3_admins',
  审计员: 'auditors',
  默认分组: 'default_members',
  仓库管理系统: 'site_name',
};

/** The seeded text in the reader's language; any other text as it is. */
export function seededText(text: string, lang: string | undefined = I18nContext.current()?.lang): string {
  const key = SEEDED[text];
  if (!key || !lang || lang === 'zh-cn') return text;
  return translate(`common.seeded.${key}`);
}

/**
 * The same for a reader of `lang` outside that reader's request (a notice sent after the answer, in the
 * member's language): translated through the i18n service, not the current request.
 */
export function seededTextIn(text: string, lang: string | undefined, i18n: { translate(key: string, options: { lang: string }): unknown }): string {
  const key = SEEDED[text];
  if (!key || !lang || lang === 'zh-cn') return text;
  return String(i18n.translate(`common.seeded.${key}`, { lang }));
}
