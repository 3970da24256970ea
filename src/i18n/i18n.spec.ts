import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Every server message exists in both languages, with the same placeholders. */
const DIR = __dirname;
const flatten = (value: unknown, prefix = ''): Record<string, string> =>
  typeof value === 'object' && value
    ? Object.assign({}, ...Object.entries(value).map(([k, v]) => flatten(v, prefix ? `${prefix}.${k}` : k)))
    : { [prefix]: String(value) };
const load = (lang: string) =>
  Object.assign({}, ...readdirSync(join(DIR, lang)).map((file) => flatten(JSON.parse(readFileSync(join(DIR, lang, file), 'utf8')), file.replace(/\.json$/, ''))));
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('server language files', () => {
  const zh = load('zh-cn');
  const en = load('en');

  it('have the same keys in zh-cn and en', () => {
    expect(Object.keys(zh).sort()).toEqual(Object.keys(en).sort());
    expect(Object.keys(zh).length).toBeGreaterThan(50);
  });

  it('use the same placeholders in both languages and leave no message empty', () => {
    for (const key of Object.keys(zh)) {
      expect({ key, placeholders: placeholders(zh[key]) }).toEqual({ key, placeholders: placeholders(en[key] ?? '') });
      expect({ key, empty: zh[key].trim() === '' || (en[key] ?? '').trim() === '' }).toEqual({ key, empty: false });
    }
  });
});
