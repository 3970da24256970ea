/**
 * The rules of the site configuration's items (`routine.Config`): the types an item may have, how a
 * submitted value is checked and stored for its type, rules and options, which items are secret and how
 * they are shown, what a new item must look like. Plain TypeScript: the service loads the rows, asks these
 * functions, and writes what they plan.
 *
 * Secrets: an item of type `password` is secret (the one rule). Its value is shown as SECRET_MASK when one is
 * stored and as '' when none is; submitting SECRET_MASK back keeps the stored value, '' clears it, anything
 * else replaces it.
 */
import { AppError, MessageArgs } from '../../../../shared/http/app-error';
import { ConfigValue, decodeConfigValue, validTimeZone } from './config-value';
import { parseFileSize } from '../../upload/domain/file-size';
import { CONFIG_NAME_PATTERN, CONFIG_RULES, CONFIG_TYPES, ConfigType, OPTION_TYPES, SECRET_MASK } from '../../../../../contract/config';
import type { ConfigGroupView, ConfigItemView, ConfigIndexView as ContractConfigIndexView, KeyValue } from '../../../../../contract/config';

/** The item types, their rules, the secret mask and the name pattern are the web app's too: contract/config.ts. */
export { CONFIG_NAME_PATTERN, CONFIG_RULES, CONFIG_TYPES, OPTION_TYPES, SECRET_MASK } from '../../../../../contract/config';
export type { ConfigType } from '../../../../../contract/config';

const MULTI_OPTION_TYPES = new Set(['checkbox', 'selects']);
const PATH_LIST_TYPES = new Set(['images', 'files']);
/** Values kept as typed (no trimming): what a person writes at length, and secrets. */
const UNTRIMMED_TYPES = new Set(['password', 'textarea', 'editor']);

/** A group key: the same shape as a name. */
export const GROUP_KEY_PATTERN = /^[a-z][a-z0-9_]{0,29}$/;
/** The `value` column is TEXT: 65 535 bytes on MySQL. */
export const MAX_VALUE_BYTES = 65535;
export const MAX_TITLE_LENGTH = 100;
export const MAX_RULE_LENGTH = 100;
export const MAX_EXTEND_LENGTH = 255;
export const MAX_OPTIONS = 200;

const EXTEND_KEY_PATTERN = /^[A-Za-z][A-Za-z0-9_-]{0,49}$/;
const ICON_PATTERN = /^[A-Za-z][A-Za-z0-9]{0,99}$/;
const NUMBER_PATTERN = /^-?\d+(\.\d+)?$/;
const INTEGER_PATTERN = /^-?\d+$/;
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const URL_PATTERN = /^https?:\/\/[^\s]+$/i;
const MOBILE_PATTERN = /^1[3-9]\d{9}$/;

/** A stored config row, as the service reads it. */
export interface ConfigItemRecord {
  id: number;
  name: string;
  group: string;
  title: string;
  tip: string;
  type: string;
  value: string | null;
  content: string | null;
  rule: string;
  extend: string;
  allow_del: number;
  weigh: number;
}

/** A config group (`{key, value}`) and the settings page's views: contract/config.ts. */
export type ConfigGroup = KeyValue;
export type { ConfigGroupView, ConfigItemView } from '../../../../../contract/config';
/** The index view without the list's remark (the service adds it). */
export type ConfigIndexView = Omit<ContractConfigIndexView, 'remark'>;

export interface ConfigValueChange {
  id: number;
  name: string;
  value: string;
}

export interface NewConfigItem {
  name: string;
  group: string;
  title: string;
  tip: string;
  type: ConfigType;
  value: string;
  content: string;
  rule: string;
  extend: string;
  weigh: number;
  allow_del: 1;
  secret: 0 | 1;
}

/** Shows a stored text (title, tip, label) in the reader's language; texts that are not keys come back as typed. */
export type TextTranslator = (text: string) => string;

/** A refused configuration change, answered with code 0 and the translated message `config.<key>`. */
export class ConfigRuleError extends AppError {
  constructor(key: string, args: MessageArgs = {}) {
    super(`config.${key}`, args);
  }
}

const hasOwn = (object: object, key: string) => Object.prototype.hasOwnProperty.call(object, key);

export function isSecretItem(item: { type: string }): boolean {
  return item.type === 'password';
}

export function isConfigType(type: unknown): type is ConfigType {
  return typeof type === 'string' && (CONFIG_TYPES as readonly string[]).includes(type);
}

/** The options of a radio / checkbox / select item: a JSON object of key → label ({} when none or broken). */
export function parseOptions(content: string | null | undefined): Record<string, string> {
  return parseStringRecord(content);
}

/** The input attributes of an item (`extend`, a JSON object of name → value). */
export function parseExtend(extend: string | null | undefined): Record<string, string> {
  return parseStringRecord(extend);
}

function parseStringRecord(raw: string | null | undefined): Record<string, string> {
  if (!raw || !raw.trim()) return {};
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
    const out: Record<string, string> = {};
    for (const [key, value] of Object.entries(parsed as Record<string, unknown>)) {
      if (value === null || typeof value === 'object') continue;
      out[key] = String(value);
    }
    return out;
  } catch {
    return {};
  }
}

export function parseRuleList(rule: string | null | undefined): string[] {
  return String(rule ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
}

/** The tabs of the config page: the `config_group` item's value, keeping well-formed entries only. */
export function parseGroups(raw: string | null | undefined): ConfigGroup[] {
  const decoded = decodeConfigValue('array', raw);
  if (!Array.isArray(decoded)) return [];
  const seen = new Set<string>();
  const groups: ConfigGroup[] = [];
  for (const entry of decoded) {
    if (!entry || typeof entry !== 'object') continue;
    const { key, value } = entry as Record<string, unknown>;
    if (typeof key !== 'string' || !GROUP_KEY_PATTERN.test(key) || seen.has(key)) continue;
    seen.add(key);
    groups.push({ key, value: typeof value === 'string' && value ? value : key });
  }
  return groups;
}

// ---------------------------------------------------------------------------------------------------------
// Values

type ValueItem = Pick<ConfigItemRecord, 'name' | 'type' | 'content' | 'rule'>;

const fail = (key: string, field: string, extra: MessageArgs = {}) => new AppError(key, { field, ...extra });

/** A scalar as text: strings as they are, finite numbers printed, null/undefined as ''; anything else refused. */
function asText(input: unknown, field: string): string {
  if (input === null || input === undefined) return '';
  if (typeof input === 'string') return input;
  if (typeof input === 'number' && Number.isFinite(input)) return String(input);
  throw fail('validation.invalid', field);
}

/** A list of texts: an array of scalars, or a comma-separated string; blanks dropped, duplicates once. */
function asTextList(input: unknown, field: string): string[] {
  if (input === null || input === undefined || input === '') return [];
  const parts = typeof input === 'string' ? input.split(',') : Array.isArray(input) ? input : null;
  if (!parts) throw fail('validation.array', field);
  const list: string[] = [];
  for (const part of parts) {
    const text = asText(part, field).trim();
    if (text && !list.includes(text)) list.push(text);
  }
  return list;
}

function asSwitch(input: unknown, field: string): '1' | '0' {
  if (input === true || input === 1 || input === '1' || input === 'true') return '1';
  if (input === false || input === 0 || input === '0' || input === 'false' || input === '' || input === null || input === undefined) return '0';
  throw fail('validation.invalid', field);
}

function asKeyValueList(input: unknown, field: string): ConfigGroup[] {
  if (input === null || input === undefined || input === '') return [];
  if (!Array.isArray(input)) throw fail('validation.array', field);
  const entries: ConfigGroup[] = [];
  for (const entry of input) {
    if (!entry || typeof entry !== 'object' || Array.isArray(entry)) throw fail('validation.invalid', field);
    const key = asText((entry as Record<string, unknown>).key, field).trim();
    const value = asText((entry as Record<string, unknown>).value, field).trim();
    if (!key && !value) continue;
    if (!key) throw new ConfigRuleError('array_key_required', { field });
    if (entries.some((e) => e.key === key)) throw new ConfigRuleError('array_key_duplicate', { field, key });
    entries.push({ key, value });
  }
  return entries;
}

const pad = (n: number) => String(n).padStart(2, '0');

function validDate(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** `9:05` / `09:05:30` → `09:05:00` / `09:05:30`; null when not a time of day. */
function normaliseTime(text: string): string | null {
  const match = /^(\d{1,2}):(\d{2})(?::(\d{2}))?$/.exec(text);
  if (!match) return null;
  const [h, m, s] = [Number(match[1]), Number(match[2]), Number(match[3] ?? 0)];
  return h < 24 && m < 60 && s < 60 ? `${pad(h)}:${pad(m)}:${pad(s)}` : null;
}

/** The stored form of a submitted value and the text the scalar rules look at (null for lists). */
function encodeByType(item: ValueItem, input: unknown, field: string): { stored: string; text: string | null; blank: boolean } {
  const type = item.type;
  const scalar = (text: string) => ({ stored: text, text, blank: text === '' });
  if (type === 'switch') return { stored: asSwitch(input, field), text: null, blank: false };
  if (type === 'array') {
    const entries = asKeyValueList(input, field);
    return { stored: JSON.stringify(entries), text: null, blank: entries.length === 0 };
  }
  if (MULTI_OPTION_TYPES.has(type)) {
    const list = asTextList(input, field);
    const options = parseOptions(item.content);
    if (Object.keys(options).length && list.some((key) => !hasOwn(options, key))) throw fail('validation.in', field);
    return { stored: JSON.stringify(list), text: null, blank: list.length === 0 };
  }
  if (PATH_LIST_TYPES.has(type)) {
    const list = asTextList(input, field);
    return { stored: list.join(','), text: null, blank: list.length === 0 };
  }
  const raw = asText(input, field);
  const text = UNTRIMMED_TYPES.has(type) ? raw : raw.trim();
  if (text === '') return scalar('');
  switch (type) {
    case 'number':
      if (!NUMBER_PATTERN.test(text)) throw fail('validation.number', field);
      return scalar(text);
    case 'radio':
    case 'select': {
      const options = parseOptions(item.content);
      if (Object.keys(options).length && !hasOwn(options, text)) throw fail('validation.in', field);
      return scalar(text);
    }
    case 'date':
      if (!validDate(text)) throw fail('validation.invalid', field);
      return scalar(text);
    case 'time': {
      const time = normaliseTime(text);
      if (!time) throw fail('validation.invalid', field);
      return scalar(time);
    }
    case 'datetime': {
      const [date, time, extra] = text.split(/\s+/);
      const clock = time ? normaliseTime(time) : null;
      if (extra !== undefined || !validDate(date) || !clock) throw fail('validation.invalid', field);
      return scalar(`${date} ${clock}`);
    }
    case 'icon':
      if (!ICON_PATTERN.test(text)) throw fail('validation.invalid', field);
      return scalar(text);
    default:
      return scalar(text);
  }
}

function checkRules(rules: string[], encoded: { text: string | null; blank: boolean }, field: string): void {
  if (rules.includes('required') && encoded.blank) throw fail('validation.required', field);
  const text = encoded.text;
  if (text === null || text === '') return;
  for (const rule of rules) {
    if (rule === 'number' && !NUMBER_PATTERN.test(text)) throw fail('validation.number', field);
    if (rule === 'integer' && !INTEGER_PATTERN.test(text)) throw fail('validation.integer', field);
    if (rule === 'email' && !EMAIL_PATTERN.test(text)) throw fail('validation.email', field);
    if (rule === 'url' && !URL_PATTERN.test(text)) throw new ConfigRuleError('invalid_url', { field });
    if (rule === 'mobile' && !MOBILE_PATTERN.test(text)) throw fail('validation.mobile', field);
  }
}

/** What particular settings must hold beyond their type (the product reads them). */
const SETTING_CHECKS: Record<string, (stored: string, field: string) => void> = {
  time_zone(stored, field) {
    if (stored && !validTimeZone(stored)) throw new ConfigRuleError('invalid_time_zone', { field });
  },
  upload_maxsize(stored, field) {
    if (stored && parseFileSize(stored) === null) throw new ConfigRuleError('invalid_file_size', { field });
  },
  // the GS1 company prefix in every SSCC (carton and pallet labels): 6 to 12 digits
  gs1_company_prefix(stored, field) {
    if (stored && !/^\d{6,12}$/.test(stored)) throw new ConfigRuleError('invalid_gs1_prefix', { field });
  },
  smtp_port(stored, field) {
    if (stored && !(INTEGER_PATTERN.test(stored) && Number(stored) >= 1 && Number(stored) <= 65535)) throw new ConfigRuleError('invalid_port', { field });
  },
  config_group(stored, field) {
    const entries = decodeConfigValue('array', stored) as ConfigGroup[];
    if (!entries.length) throw fail('validation.required', field);
    for (const entry of entries) {
      if (!GROUP_KEY_PATTERN.test(entry.key)) throw new ConfigRuleError('invalid_group_key', { key: entry.key });
      if (!entry.value) throw new ConfigRuleError('group_title_required', { key: entry.key });
    }
  },
};

/**
 * Checks a submitted value against the item's type, options, rules and the setting's own constraints, and
 * answers the text to store. Throws an AppError naming `field` (the item's title, already translated).
 */
export function normalizeConfigValue(item: ValueItem, input: unknown, field: string): string {
  const encoded = encodeByType(item, input, field);
  checkRules(parseRuleList(item.rule), encoded, field);
  SETTING_CHECKS[item.name]?.(encoded.stored, field);
  if (Buffer.byteLength(encoded.stored, 'utf8') > MAX_VALUE_BYTES) throw new ConfigRuleError('value_too_long', { field });
  return encoded.stored;
}

/**
 * Array items show their translation-key texts translated (`platform.config.group.basics` → "Basics"). When
 * the page sends such a text back unchanged, the stored key is kept, so the item stays bilingual.
 */
export function restoreTranslatedTexts(storedRaw: string | null, submitted: unknown, translate: TextTranslator): unknown {
  if (!Array.isArray(submitted)) return submitted;
  const stored = decodeConfigValue('array', storedRaw);
  if (!Array.isArray(stored)) return submitted;
  return submitted.map((entry, index) => {
    const before = stored[index] as Record<string, unknown> | undefined;
    if (!entry || typeof entry !== 'object' || !before || typeof before !== 'object') return entry;
    const next = { ...(entry as Record<string, unknown>) };
    for (const field of ['key', 'value']) {
      const key = before[field];
      if (typeof key !== 'string') continue;
      const shown = translate(key);
      if (shown !== key && next[field] === shown) next[field] = key;
    }
    return next;
  });
}

/**
 * Plans an edit: `body` is `{ <name>: value }` for any number of items; unknown names are ignored, a secret
 * sent back as SECRET_MASK is kept. Every value is checked before anything is written: the first bad one
 * throws and nothing is saved. Answers the values that change.
 */
export function planConfigEdit(items: ConfigItemRecord[], body: Record<string, unknown>, labelOf: (item: ConfigItemRecord) => string, translate: TextTranslator): ConfigValueChange[] {
  const changes: ConfigValueChange[] = [];
  for (const item of items) {
    if (!hasOwn(body, item.name)) continue;
    let input = body[item.name];
    if (isSecretItem(item) && input === SECRET_MASK) continue;
    if (item.type === 'array') input = restoreTranslatedTexts(item.value, input, translate);
    const value = normalizeConfigValue(item, input, labelOf(item));
    if (value !== (item.value ?? '')) changes.push({ id: item.id, name: item.name, value });
  }
  const groupChange = changes.find((change) => change.name === 'config_group');
  if (groupChange) assertGroupsKept(items, parseGroups(groupChange.value), translate);
  return changes;
}

/** A group that still holds items cannot be dropped from `config_group`. */
function assertGroupsKept(items: ConfigItemRecord[], next: ConfigGroup[], translate: TextTranslator): void {
  const kept = new Set(next.map((group) => group.key));
  const before = parseGroups(items.find((item) => item.name === 'config_group')?.value);
  for (const item of items) {
    if (kept.has(item.group)) continue;
    const title = before.find((group) => group.key === item.group)?.value ?? item.group;
    throw new ConfigRuleError('group_not_empty', { group: translate(title) });
  }
}

// ---------------------------------------------------------------------------------------------------------
// New items

/** `{a: 'A'}` or lines `a=A` (a line without `=` is its own label). */
function parseKeyValueInput(input: unknown, field: string): Record<string, string> {
  if (input === null || input === undefined || input === '') return {};
  const out: Record<string, string> = {};
  const put = (key: string, value: string) => {
    if (!key) throw fail('validation.invalid', field);
    if (hasOwn(out, key)) throw new ConfigRuleError('array_key_duplicate', { field, key });
    out[key] = value;
  };
  if (typeof input === 'string') {
    for (const line of input.split(/\r?\n/)) {
      if (!line.trim()) continue;
      const at = line.indexOf('=');
      const key = (at < 0 ? line : line.slice(0, at)).trim();
      put(key, at < 0 ? key : line.slice(at + 1).trim());
    }
    return out;
  }
  if (typeof input === 'object' && !Array.isArray(input)) {
    for (const [key, value] of Object.entries(input as Record<string, unknown>)) put(key.trim(), asText(value, field).trim());
    return out;
  }
  throw fail('validation.invalid', field);
}

function requiredText(input: unknown, field: string, max: number): string {
  const text = asText(input, field).trim();
  if (!text) throw fail('validation.required', field);
  if ([...text].length > max) throw fail('validation.max_length', field, { max });
  return text;
}

/**
 * Checks a new item (name unique and a safe identifier, an existing group, a title, a known type and
 * rules, options for option types, input attributes, a weight, an initial value valid for all of them)
 * and answers the row to insert. `names` are the names in use.
 */
export function buildNewConfigItem(input: Record<string, unknown>, groups: ConfigGroup[], names: string[]): NewConfigItem {
  const label = (name: string) => `@config.field.${name}`;
  const name = asText(input.name, label('name')).trim();
  if (!name) throw fail('validation.required', label('name'));
  if (!CONFIG_NAME_PATTERN.test(name)) throw new ConfigRuleError('invalid_name');
  if (names.some((taken) => taken.toLowerCase() === name)) throw new ConfigRuleError('name_taken', { name });

  const group = asText(input.group, label('group')).trim();
  if (!group) throw fail('validation.required', label('group'));
  if (!groups.some((g) => g.key === group)) throw new ConfigRuleError('unknown_group');

  const title = requiredText(input.title, label('title'), MAX_TITLE_LENGTH);
  const tip = asText(input.tip, label('tip')).trim();
  if ([...tip].length > MAX_TITLE_LENGTH) throw fail('validation.max_length', label('tip'), { max: MAX_TITLE_LENGTH });

  const type = asText(input.type, label('type')).trim();
  if (!type) throw fail('validation.required', label('type'));
  if (!isConfigType(type)) throw fail('validation.in', label('type'));

  const rules = asTextList(input.rule, label('rule'));
  const unknownRule = rules.find((rule) => !(CONFIG_RULES as readonly string[]).includes(rule));
  if (unknownRule) throw new ConfigRuleError('unknown_rule', { rule: unknownRule });
  const rule = rules.join(',');
  if (rule.length > MAX_RULE_LENGTH) throw fail('validation.max_length', label('rule'), { max: MAX_RULE_LENGTH });

  let content = '';
  if (OPTION_TYPES.has(type)) {
    const options = parseKeyValueInput(input.content, label('content'));
    const count = Object.keys(options).length;
    if (!count) throw new ConfigRuleError('options_required');
    if (count > MAX_OPTIONS) throw fail('validation.max', label('content'), { max: MAX_OPTIONS });
    content = JSON.stringify(options);
    if (Buffer.byteLength(content, 'utf8') > MAX_VALUE_BYTES) throw new ConfigRuleError('value_too_long', { field: label('content') });
  }

  const extendInput = parseKeyValueInput(input.extend, label('extend'));
  const badKey = Object.keys(extendInput).find((key) => !EXTEND_KEY_PATTERN.test(key));
  if (badKey !== undefined) throw new ConfigRuleError('invalid_extend', { key: badKey });
  const extend = Object.keys(extendInput).length ? JSON.stringify(extendInput) : '';
  if (extend.length > MAX_EXTEND_LENGTH) throw fail('validation.max_length', label('extend'), { max: MAX_EXTEND_LENGTH });

  const weighText = asText(input.weigh, label('weigh')).trim();
  if (weighText && !(INTEGER_PATTERN.test(weighText) && Math.abs(Number(weighText)) <= 2147483647)) throw fail('validation.integer', label('weigh'));
  const weigh = weighText ? Number(weighText) : 0;

  const value = normalizeConfigValue({ name, type, content, rule }, input.value, title);
  return { name, group, title, tip, type, value, content, rule, extend, weigh, allow_del: 1, secret: isSecretItem({ type }) ? 1 : 0 };
}

// ---------------------------------------------------------------------------------------------------------
// Presentation

function translateLeaves(value: ConfigValue, translate: TextTranslator): ConfigValue {
  if (!Array.isArray(value)) return value;
  return value.map((entry) => {
    if (!entry || typeof entry !== 'object') return entry;
    return Object.fromEntries(Object.entries(entry as Record<string, unknown>).map(([k, v]) => [k, typeof v === 'string' ? translate(v) : v]));
  });
}

/** One item for the page: the value decoded by type, a secret masked, texts in the reader's language. */
export function presentConfigItem(item: ConfigItemRecord, translate: TextTranslator): ConfigItemView {
  let value: ConfigValue;
  if (isSecretItem(item)) value = item.value ? SECRET_MASK : '';
  else if (item.type === 'array') value = translateLeaves(decodeConfigValue(item.type, item.value), translate);
  else value = decodeConfigValue(item.type, item.value);
  const options = parseOptions(item.content);
  return {
    id: item.id,
    name: item.name,
    group: item.group,
    title: translate(item.title),
    tip: item.tip ? translate(item.tip) : '',
    type: item.type,
    value,
    content: Object.fromEntries(Object.entries(options).map(([key, text]) => [key, translate(text)])),
    rule: item.rule,
    extend: parseExtend(item.extend),
    allow_del: Number(item.allow_del),
    weigh: Number(item.weigh),
  };
}

/**
 * The page's data: items by group in the order of `config_group` (groups not listed there follow, titled
 * by their key, so no item is ever hidden), the group titles, and the quick entrances.
 */
export function presentConfig(items: ConfigItemRecord[], translate: TextTranslator): ConfigIndexView {
  const groups = parseGroups(items.find((item) => item.name === 'config_group')?.value);
  const list: Record<string, ConfigGroupView> = {};
  const configGroup: Record<string, string> = {};
  for (const group of groups) {
    configGroup[group.key] = translate(group.value);
    list[group.key] = { name: group.key, title: configGroup[group.key], list: [] };
  }
  for (const item of items) {
    if (!list[item.group]) {
      configGroup[item.group] = item.group;
      list[item.group] = { name: item.group, title: item.group, list: [] };
    }
    list[item.group].list.push(presentConfigItem(item, translate));
  }
  const quick = decodeConfigValue('array', items.find((item) => item.name === 'config_quick_entrance')?.value);
  const quickEntrance = (Array.isArray(quick) ? quick : [])
    .filter((entry): entry is ConfigGroup => Boolean(entry) && typeof (entry as ConfigGroup).key === 'string' && typeof (entry as ConfigGroup).value === 'string')
    .map((entry) => ({ key: translate(entry.key), value: entry.value }));
  return { list, configGroup, quickEntrance };
}
