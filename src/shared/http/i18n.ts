import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { HeaderResolver, I18nModule, QueryResolver } from 'nestjs-i18n';
import { DEFAULT_LANGUAGE } from './translate';

/** Language files stay in src/i18n (tsc does not copy JSON); found from src/ and from dist/src/ alike. */
function i18nDir(): string {
  const candidates = [join(__dirname, '..', '..', 'i18n'), join(__dirname, '..', '..', '..', '..', 'src', 'i18n')];
  return candidates.find((dir) => existsSync(join(dir, DEFAULT_LANGUAGE))) ?? candidates[0];
}

export const I18N_DIR = i18nDir();

export const i18nModule = I18nModule.forRoot({
  fallbackLanguage: DEFAULT_LANGUAGE,
  fallbacks: { 'zh-*': 'zh-cn', zh: 'zh-cn', 'en-*': 'en' },
  loaderOptions: { path: I18N_DIR, watch: false },
  resolvers: [new QueryResolver(['lang']), new HeaderResolver(['think-lang'])],
  logging: false,
});
