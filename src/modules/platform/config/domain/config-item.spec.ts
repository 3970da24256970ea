import { AppError } from '../../../../shared/http/app-error';
import {
  buildNewConfigItem,
  ConfigItemRecord,
  normalizeConfigValue,
  parseGroups,
  planConfigEdit,
  presentConfig,
  presentConfigItem,
  restoreTranslatedTexts,
  SECRET_MASK,
} from './config-item';

const TEXTS: Record<string, string> = {
  'platform.config.group.basics': 'Basics',
  'platform.config.group.mail': 'Mail',
  'platform.config.title.site_name': 'Site name',
  'platform.config.title.smtp_pass': 'SMTP password',
  'platform.config.option.ssl': 'Secure',
  'platform.config.quick_entrance.attachment': 'Attachments',
};
const translate = (text: string) => TEXTS[text] ?? text;

let nextId = 1;
function item(partial: Partial<ConfigItemRecord> & Pick<ConfigItemRecord, 'name' | 'type'>): ConfigItemRecord {
  return { id: nextId++, group: 'basics', title: partial.name, tip: '', value: '', content: '', rule: '', extend: '', allow_del: 0, weigh: 0, ...partial };
}

/** The AppError `work` throws, as {key, args}. */
function refusal(work: () => unknown): { key: string; args: Record<string, unknown> } {
  try {
    work();
  } catch (error) {
    if (error instanceof AppError) return { key: error.messageKey, args: error.args };
    throw error;
  }
  throw new Error('expected a refusal');
}

const GROUPS = JSON.stringify([
  { key: 'basics', value: 'platform.config.group.basics' },
  { key: 'mail', value: 'platform.config.group.mail' },
]);

describe('config items', () => {
  describe('checking a value for its type', () => {
    const check = (partial: Partial<ConfigItemRecord> & { type: string }, input: unknown) => normalizeConfigValue({ name: 'x', content: '', rule: '', ...partial }, input, 'X');

    it('keeps text, trims one-line strings only, and prints numbers', () => {
      expect(check({ type: 'string' }, '  Depot  ')).toBe('Depot');
      expect(check({ type: 'textarea' }, ' line 1\nline 2 ')).toBe(' line 1\nline 2 ');
      expect(check({ type: 'password' }, ' pa ss ')).toBe(' pa ss ');
      expect(check({ type: 'string' }, 42)).toBe('42');
      expect(check({ type: 'string' }, null)).toBe('');
      expect(refusal(() => check({ type: 'string' }, { a: 1 }))).toEqual({ key: 'validation.invalid', args: { field: 'X' } });
      expect(refusal(() => check({ type: 'string' }, true)).key).toBe('validation.invalid');
    });

    it('accepts numbers and numeric text for number items, nothing else', () => {
      expect(check({ type: 'number' }, 12.5)).toBe('12.5');
      expect(check({ type: 'number' }, ' -3 ')).toBe('-3');
      expect(check({ type: 'number' }, '')).toBe('');
      expect(refusal(() => check({ type: 'number' }, '12a'))).toEqual({ key: 'validation.number', args: { field: 'X' } });
      expect(refusal(() => check({ type: 'number' }, Number.NaN)).key).toBe('validation.invalid');
    });

    it('stores switches as 1 / 0 and refuses anything else', () => {
      expect(check({ type: 'switch' }, true)).toBe('1');
      expect(check({ type: 'switch' }, '1')).toBe('1');
      expect(check({ type: 'switch' }, 0)).toBe('0');
      expect(check({ type: 'switch' }, 'false')).toBe('0');
      expect(refusal(() => check({ type: 'switch' }, 'yes')).key).toBe('validation.invalid');
    });

    it('takes options only from the item content', () => {
      const content = JSON.stringify({ SSL: 'SSL', TLS: 'TLS' });
      expect(check({ type: 'select', content }, 'TLS')).toBe('TLS');
      expect(check({ type: 'radio', content }, '')).toBe('');
      expect(refusal(() => check({ type: 'select', content }, 'PLAIN'))).toEqual({ key: 'validation.in', args: { field: 'X' } });
      expect(check({ type: 'checkbox', content }, ['TLS', 'SSL', 'TLS'])).toBe('["TLS","SSL"]');
      expect(check({ type: 'selects', content }, 'SSL,TLS')).toBe('["SSL","TLS"]');
      expect(refusal(() => check({ type: 'checkbox', content }, ['SSL', 'X'])).key).toBe('validation.in');
      expect(refusal(() => check({ type: 'checkbox', content }, { a: 1 })).key).toBe('validation.array');
      // a hidden inherited property is not an option
      expect(refusal(() => check({ type: 'select', content }, 'constructor')).key).toBe('validation.in');
    });

    it('stores key / value lists as JSON, dropping blank rows and refusing keyless or repeated ones', () => {
      expect(check({ type: 'array' }, [{ key: 'a', value: '1' }, { key: '', value: '' }, { key: ' b ', value: 2 }])).toBe('[{"key":"a","value":"1"},{"key":"b","value":"2"}]');
      expect(refusal(() => check({ type: 'array' }, [{ key: '', value: 'x' }]))).toEqual({ key: 'config.array_key_required', args: { field: 'X' } });
      expect(refusal(() => check({ type: 'array' }, [{ key: 'a', value: '1' }, { key: 'a', value: '2' }]))).toEqual({ key: 'config.array_key_duplicate', args: { field: 'X', key: 'a' } });
      expect(refusal(() => check({ type: 'array' }, 'a=1')).key).toBe('validation.array');
      expect(refusal(() => check({ type: 'array' }, ['a'])).key).toBe('validation.invalid');
    });

    it('stores image and file lists as comma-separated paths', () => {
      expect(check({ type: 'images' }, ['/storage/a.png', '/storage/b.png'])).toBe('/storage/a.png,/storage/b.png');
      expect(check({ type: 'image' }, '/storage/a.png')).toBe('/storage/a.png');
      expect(check({ type: 'files' }, [])).toBe('');
    });

    it('normalises dates and times and refuses impossible ones', () => {
      expect(check({ type: 'date' }, '2026-02-28')).toBe('2026-02-28');
      expect(refusal(() => check({ type: 'date' }, '2026-02-30')).key).toBe('validation.invalid');
      expect(check({ type: 'time' }, '9:05')).toBe('09:05:00');
      expect(refusal(() => check({ type: 'time' }, '24:00')).key).toBe('validation.invalid');
      expect(check({ type: 'datetime' }, '2026-01-02 03:04')).toBe('2026-01-02 03:04:00');
      expect(refusal(() => check({ type: 'datetime' }, '2026-01-02')).key).toBe('validation.invalid');
    });

    it('accepts icon names only', () => {
      expect(check({ type: 'icon' }, 'IconHome')).toBe('IconHome');
      expect(refusal(() => check({ type: 'icon' }, '<svg onload=x>')).key).toBe('validation.invalid');
    });

    it('applies the item rules after the type', () => {
      expect(refusal(() => check({ type: 'string', rule: 'required' }, '  '))).toEqual({ key: 'validation.required', args: { field: 'X' } });
      expect(refusal(() => check({ type: 'array', rule: 'required' }, [])).key).toBe('validation.required');
      expect(refusal(() => check({ type: 'string', rule: 'email' }, 'not-mail')).key).toBe('validation.email');
      expect(check({ type: 'string', rule: 'email' }, '')).toBe('');
      expect(refusal(() => check({ type: 'string', rule: 'integer' }, '1.5')).key).toBe('validation.integer');
      expect(refusal(() => check({ type: 'string', rule: 'url' }, 'ftp://x')).key).toBe('config.invalid_url');
      expect(refusal(() => check({ type: 'string', rule: 'mobile' }, '123')).key).toBe('validation.mobile');
      expect(check({ type: 'string', rule: 'required,url' }, 'https://example.com/a')).toBe('https://example.com/a');
    });

    it('checks the settings the product reads', () => {
      expect(check({ name: 'time_zone', type: 'string' }, 'Europe/Paris')).toBe('Europe/Paris');
      expect(refusal(() => check({ name: 'time_zone', type: 'string' }, 'Mars/Olympus')).key).toBe('config.invalid_time_zone');
      expect(refusal(() => check({ name: 'upload_maxsize', type: 'string' }, 'lots')).key).toBe('config.invalid_file_size');
      expect(refusal(() => check({ name: 'smtp_port', type: 'string' }, '70000')).key).toBe('config.invalid_port');
      expect(check({ name: 'smtp_port', type: 'string' }, '587')).toBe('587');
      expect(refusal(() => check({ name: 'config_group', type: 'array' }, [{ key: 'Bad Key', value: 'x' }])).key).toBe('config.invalid_group_key');
      expect(refusal(() => check({ name: 'config_group', type: 'array' }, [{ key: 'basics', value: '' }])).key).toBe('config.group_title_required');
    });

    it('refuses a value larger than the column', () => {
      expect(refusal(() => check({ type: 'textarea' }, '仓'.repeat(22000))).key).toBe('config.value_too_long');
    });
  });

  describe('planning an edit', () => {
    const rows = () => [
      item({ name: 'config_group', type: 'array', value: GROUPS, rule: 'required' }),
      item({ name: 'site_name', type: 'string', value: 'Depot', rule: 'required', title: 'platform.config.title.site_name' }),
      item({ name: 'smtp_port', group: 'mail', type: 'string', value: '465', rule: 'number' }),
      item({ name: 'smtp_pass', group: 'mail', type: 'password', value: 'stored-secret' }),
    ];
    const plan = (items: ConfigItemRecord[], body: Record<string, unknown>) => planConfigEdit(items, body, (i) => translate(i.title), translate);

    it('answers only the values that change and ignores unknown names', () => {
      const items = rows();
      expect(plan(items, { site_name: 'Depot', smtp_port: '587', unknown: 'x', constructor: 'x' })).toEqual([{ id: items[2].id, name: 'smtp_port', value: '587' }]);
    });

    it('keeps a secret sent back masked, clears it when empty, replaces it otherwise', () => {
      const items = rows();
      expect(plan(items, { smtp_pass: SECRET_MASK })).toEqual([]);
      expect(plan(items, { smtp_pass: '' })).toEqual([{ id: items[3].id, name: 'smtp_pass', value: '' }]);
      expect(plan(items, { smtp_pass: 'new' })).toEqual([{ id: items[3].id, name: 'smtp_pass', value: 'new' }]);
    });

    it('fails on the first bad value, naming the item in the reader language', () => {
      expect(refusal(() => plan(rows(), { smtp_port: '25', site_name: '' }))).toEqual({ key: 'validation.required', args: { field: 'Site name' } });
    });

    it('keeps translation keys of list texts that come back unchanged', () => {
      const items = rows();
      const shown = [
        { key: 'basics', value: 'Basics' },
        { key: 'mail', value: 'Post' },
      ];
      expect(plan(items, { config_group: shown })).toEqual([
        { id: items[0].id, name: 'config_group', value: JSON.stringify([{ key: 'basics', value: 'platform.config.group.basics' }, { key: 'mail', value: 'Post' }]) },
      ]);
      expect(plan(items, { config_group: [{ key: 'basics', value: 'Basics' }, { key: 'mail', value: 'Mail' }] })).toEqual([]);
    });

    it('refuses to drop a group that still holds items, and allows adding one', () => {
      expect(refusal(() => plan(rows(), { config_group: [{ key: 'basics', value: 'Basics' }] }))).toEqual({ key: 'config.group_not_empty', args: { group: 'Mail' } });
      expect(plan(rows(), { config_group: [{ key: 'basics', value: 'Basics' }, { key: 'mail', value: 'Mail' }, { key: 'cloud', value: 'Cloud' }] })).toHaveLength(1);
    });
  });

  describe('a new item', () => {
    const groups = parseGroups(GROUPS);
    const names = ['site_name', 'smtp_pass'];
    const add = (input: Record<string, unknown>) => buildNewConfigItem({ name: 'shop_notice', group: 'basics', title: 'Notice', type: 'string', ...input }, groups, names);

    it('is built with defaults, deletable, and secret exactly when it is a password', () => {
      expect(add({})).toEqual({
        name: 'shop_notice',
        group: 'basics',
        title: 'Notice',
        tip: '',
        type: 'string',
        value: '',
        content: '',
        rule: '',
        extend: '',
        weigh: 0,
        allow_del: 1,
        secret: 0,
      });
      expect(add({ type: 'password', value: 'k' })).toMatchObject({ secret: 1, value: 'k' });
    });

    it('needs a safe, unused name', () => {
      expect(refusal(() => add({ name: '' }))).toEqual({ key: 'validation.required', args: { field: '@config.field.name' } });
      for (const name of ['1abc', 'a', 'has space', 'drop;table', 'Upper', '__proto__', 'x'.repeat(31)]) {
        expect(refusal(() => add({ name })).key).toBe('config.invalid_name');
      }
      expect(refusal(() => add({ name: 'site_name' }))).toEqual({ key: 'config.name_taken', args: { name: 'site_name' } });
    });

    it('needs a known group, a title and a known type and rules', () => {
      expect(refusal(() => add({ group: 'nope' })).key).toBe('config.unknown_group');
      expect(refusal(() => add({ title: ' ' })).key).toBe('validation.required');
      expect(refusal(() => add({ title: 't'.repeat(101) })).key).toBe('validation.max_length');
      expect(refusal(() => add({ type: 'script' }))).toEqual({ key: 'validation.in', args: { field: '@config.field.type' } });
      expect(refusal(() => add({ rule: 'required,eval' }))).toEqual({ key: 'config.unknown_rule', args: { rule: 'eval' } });
      expect(add({ rule: ['required', 'email'], value: 'a@b.cn' })).toMatchObject({ rule: 'required,email', value: 'a@b.cn' });
    });

    it('takes options as key=value lines or an object for option types, and needs at least one', () => {
      expect(add({ type: 'select', content: 'a=Apple\nb = Banana\n\nc', value: 'b' })).toMatchObject({ content: JSON.stringify({ a: 'Apple', b: 'Banana', c: 'c' }), value: 'b' });
      expect(add({ type: 'radio', content: { x: 'X' } }).content).toBe('{"x":"X"}');
      expect(refusal(() => add({ type: 'checkbox', content: '' })).key).toBe('config.options_required');
      expect(refusal(() => add({ type: 'select', content: 'a=1', value: 'z' })).key).toBe('validation.in');
      expect(add({ type: 'string', content: 'a=1' }).content).toBe('');
    });

    it('checks input attributes, weight and the initial value', () => {
      expect(add({ extend: 'placeholder=Say hi\nmaxLength=20' }).extend).toBe('{"placeholder":"Say hi","maxLength":"20"}');
      expect(refusal(() => add({ extend: 'on click=x' }))).toEqual({ key: 'config.invalid_extend', args: { key: 'on click' } });
      expect(refusal(() => add({ weigh: '1.5' })).key).toBe('validation.integer');
      expect(add({ weigh: '-3' }).weigh).toBe(-3);
      expect(refusal(() => add({ type: 'number', value: 'abc' }))).toEqual({ key: 'validation.number', args: { field: 'Notice' } });
    });
  });

  describe('presenting', () => {
    it('masks secrets, decodes values, translates texts and options', () => {
      const secret = presentConfigItem(item({ name: 'smtp_pass', type: 'password', value: 'hunter2', title: 'platform.config.title.smtp_pass' }), translate);
      expect(secret).toMatchObject({ value: SECRET_MASK, title: 'SMTP password' });
      expect(JSON.stringify(secret)).not.toContain('hunter2');
      expect(presentConfigItem(item({ name: 'empty_key', type: 'password', value: '' }), translate).value).toBe('');
      expect(presentConfigItem(item({ name: 'v', type: 'select', value: 'SSL', content: '{"SSL":"platform.config.option.ssl"}' }), translate)).toMatchObject({ value: 'SSL', content: { SSL: 'Secure' } });
      expect(presentConfigItem(item({ name: 's', type: 'switch', value: '1', extend: '{"placeholder":"p"}' }), translate)).toMatchObject({ value: true, extend: { placeholder: 'p' } });
    });

    it('lists items by the groups of config_group, then any other group, with the quick entrances', () => {
      const view = presentConfig(
        [
          item({ name: 'config_group', type: 'array', value: GROUPS }),
          item({ name: 'smtp_user', group: 'mail', type: 'string', value: 'u' }),
          item({ name: 'orphan', group: 'legacy', type: 'string' }),
          item({ name: 'config_quick_entrance', group: 'mail', type: 'array', value: JSON.stringify([{ key: 'platform.config.quick_entrance.attachment', value: '/admin/routine/attachment' }]) }),
        ],
        translate,
      );
      expect(Object.keys(view.list)).toEqual(['basics', 'mail', 'legacy']);
      expect(view.configGroup).toEqual({ basics: 'Basics', mail: 'Mail', legacy: 'legacy' });
      expect(view.list.basics.list[0].value).toEqual([
        { key: 'basics', value: 'Basics' },
        { key: 'mail', value: 'Mail' },
      ]);
      expect(view.list.mail.list.map((i) => i.name)).toEqual(['smtp_user', 'config_quick_entrance']);
      expect(view.quickEntrance).toEqual([{ key: 'Attachments', value: '/admin/routine/attachment' }]);
    });

    it('restores keys by position only when the text is unchanged', () => {
      const stored = JSON.stringify([{ key: 'platform.config.quick_entrance.attachment', value: '/a' }]);
      expect(restoreTranslatedTexts(stored, [{ key: 'Attachments', value: '/b' }], translate)).toEqual([{ key: 'platform.config.quick_entrance.attachment', value: '/b' }]);
      expect(restoreTranslatedTexts(stored, [{ key: 'Files', value: '/a' }], translate)).toEqual([{ key: 'Files', value: '/a' }]);
      expect(restoreTranslatedTexts(stored, 'x', translate)).toBe('x');
    });
  });
});
