import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CONFIG_GROUPS, CONFIG_SEED_ROWS, QUICK_ENTRANCES } from './config-rows';

type Tree = { [key: string]: string | Tree };

function load(lang: string): Tree {
  return JSON.parse(readFileSync(join(__dirname, '..', '..', '..', '..', 'i18n', lang, 'platform.json'), 'utf8')) as Tree;
}

function leaves(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) => (typeof value === 'string' ? [prefix + key] : leaves(value, `${prefix}${key}.`)));
}

function lookup(tree: Tree, key: string): string | undefined {
  const value = key.split('.').reduce<string | Tree | undefined>((node, part) => (typeof node === 'object' ? node[part] : undefined), tree);
  return typeof value === 'string' ? value : undefined;
}

describe('seeded site configuration', () => {
  const zh = load('zh-cn');
  const en = load('en');

  it('has the same platform messages in both languages', () => {
    expect(leaves(zh).sort()).toEqual(leaves(en).sort());
    for (const key of leaves(en)) {
      expect(lookup(en, key)).not.toBe('');
      expect(lookup(zh, key)).not.toBe('');
    }
  });

  it('names every seeded title, tip, group, option and quick entrance with a key both languages translate', () => {
    const keys = [
      ...CONFIG_SEED_ROWS.flatMap((row) => [row.title, row.tip]),
      ...CONFIG_GROUPS.map((g) => g.value),
      ...QUICK_ENTRANCES.map((q) => q.key),
      ...CONFIG_SEED_ROWS.filter((row) => row.content).flatMap((row) => Object.values(JSON.parse(row.content) as Record<string, string>)),
    ].filter((key) => key.startsWith('platform.'));
    expect(keys.length).toBeGreaterThan(25);
    for (const key of keys) {
      const local = key.slice('platform.'.length);
      expect([key, lookup(zh, local)]).toEqual([key, expect.any(String)]);
      expect([key, lookup(en, local)]).toEqual([key, expect.any(String)]);
    }
  });

  it('fits the columns: names and groups up to 30 characters, unique names, every group listed', () => {
    const names = CONFIG_SEED_ROWS.map((row) => row.name);
    expect(new Set(names).size).toBe(names.length);
    for (const row of CONFIG_SEED_ROWS) {
      expect(row.name.length).toBeLessThanOrEqual(30);
      expect(row.group.length).toBeLessThanOrEqual(30);
      expect(row.title.length).toBeLessThanOrEqual(100);
      expect(row.tip.length).toBeLessThanOrEqual(100);
      expect(CONFIG_GROUPS.map((g) => g.key)).toContain(row.group);
    }
  });

  it('marks the SMTP password, the cloud secret key and the SMS secret as secret and nothing public as secret', () => {
    expect(CONFIG_SEED_ROWS.filter((row) => row.secret).map((row) => row.name)).toEqual(['smtp_pass', 'upload_cloud_secret_key', 'sms_access_key_secret']);
    expect(CONFIG_SEED_ROWS.filter((row) => row.type === 'password').map((row) => row.name)).toEqual(['smtp_pass', 'upload_cloud_secret_key', 'sms_access_key_secret']);
  });
});
