/**
 * The site settings page's form logic, without React: what `GET /admin/routine.Config/index` answers, the
 * form value of an item by its type and back, its client rules, the body of the add dialog, and the part of
 * the answer the site config store follows (site name → page titles).
 *
 * Secrets (type `password`) arrive as SECRET_MASK when a value is stored and '' when none is; sending the
 * mask back keeps the stored value, '' clears it.
 */
import { CONFIG_RULES, OPTION_TYPES, SECRET_MASK, type ConfigGroupView, type ConfigIndexView, type ConfigItemView, type KeyValue } from '@contract/config';
import type { CrudRuleSpec } from '@/components/crud/types';

/** The item types, rules, secret mask and name pattern the server accepts: contract/config.ts. */
export { CONFIG_NAME_PATTERN, CONFIG_RULES, CONFIG_TYPES, OPTION_TYPES, SECRET_MASK } from '@contract/config';
export type { ConfigType } from '@contract/config';

export const CONFIG_API = '/admin/routine.Config';
export const MAIL_GROUP = 'mail';

const LIST_TYPES = new Set(['checkbox', 'selects', 'images', 'files']);

/** The SMTP fields the test mail sends from the mail tab. */
export const SMTP_FIELDS = ['smtp_server', 'smtp_port', 'smtp_user', 'smtp_pass', 'smtp_verification', 'smtp_sender_mail'] as const;

/** The settings page's answer (contract/config.ts); the page reads a value of any shape before it knows the type. */
export type KeyValueRow = KeyValue;
export type ConfigItem = Omit<ConfigItemView, 'value'> & { value: unknown };
export type ConfigGroupData = Omit<ConfigGroupView, 'list'> & { list: ConfigItem[] };
export type ConfigIndexData = Omit<ConfigIndexView, 'list'> & { list: Record<string, ConfigGroupData> };

export function isSecret(item: Pick<ConfigItem, 'type'>): boolean {
  return item.type === 'password';
}

const text = (value: unknown) => (value === null || value === undefined ? '' : String(value));

/** The value a form control holds for an item (InputNumber a number, Switch a boolean, lists arrays). */
export function formValueOf(item: Pick<ConfigItem, 'type' | 'value'>): unknown {
  const { type, value } = item;
  if (type === 'switch') return value === true || value === 1 || value === '1' || value === 'true';
  if (type === 'number') {
    const raw = text(value).trim();
    return raw !== '' && Number.isFinite(Number(raw)) ? Number(raw) : undefined;
  }
  if (type === 'array') {
    return Array.isArray(value) ? value.map((row) => ({ key: text((row as KeyValueRow)?.key), value: text((row as KeyValueRow)?.value) })) : [];
  }
  if (LIST_TYPES.has(type)) {
    if (Array.isArray(value)) return value.map(text).filter(Boolean);
    return text(value)
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean);
  }
  return text(value);
}

/** What the server receives for a form value (blank numbers as '', switches as 1 / 0, blank rows dropped). */
export function bodyValueOf(item: Pick<ConfigItem, 'type'>, value: unknown): unknown {
  switch (item.type) {
    case 'switch':
      return value ? 1 : 0;
    case 'number':
      return value === undefined || value === null || value === '' ? '' : value;
    case 'array':
      return (Array.isArray(value) ? (value as KeyValueRow[]) : [])
        .map((row) => ({ key: text(row?.key).trim(), value: text(row?.value).trim() }))
        .filter((row) => row.key !== '' || row.value !== '');
    default:
      if (LIST_TYPES.has(item.type)) return Array.isArray(value) ? value : [];
      return value === undefined || value === null ? '' : value;
  }
}

/** The initial values of a group's form, by item name. */
export function groupFormValues(items: ConfigItem[]): Record<string, unknown> {
  return Object.fromEntries(items.map((item) => [item.name, formValueOf(item)]));
}

/** The edit body of one group (every item of the tab, as BuildAdmin's page posts it). */
export function groupBody(items: ConfigItem[], values: Record<string, unknown>): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const item of items) {
    if (!Object.prototype.hasOwnProperty.call(values, item.name)) continue;
    body[item.name] = bodyValueOf(item, values[item.name]);
  }
  return body;
}

/** An http(s) address, as the server checks the `url` rule. */
const HTTP_URL = /^https?:\/\/\S+$/i;

/** The client rules of an item: its `rule` list (unknown names skipped) with the server's meaning. */
export function rulesOf(item: Pick<ConfigItem, 'rule' | 'type'>): CrudRuleSpec[] {
  const names = item.rule
    .split(',')
    .map((part) => part.trim())
    .filter((name): name is (typeof CONFIG_RULES)[number] => (CONFIG_RULES as readonly string[]).includes(name));
  const specs: CrudRuleSpec[] = [];
  for (const name of names) {
    if (name === 'required') {
      // a switch always holds a value
      if (item.type !== 'switch') specs.push('required');
    } else if (name === 'url') specs.push({ test: (value) => HTTP_URL.test(String(value).trim()), message: 'crud.validate.url' });
    else if (!LIST_TYPES.has(item.type) && item.type !== 'array' && item.type !== 'switch') specs.push(name);
  }
  return specs;
}

/** The input attributes an item may set through `extend` (others are ignored, never spread onto inputs). */
export function inputPropsOf(item: Pick<ConfigItem, 'extend'>): { placeholder?: string; maxLength?: number; min?: number; max?: number; step?: number } {
  const extend = item.extend ?? {};
  const props: { placeholder?: string; maxLength?: number; min?: number; max?: number; step?: number } = {};
  if (typeof extend.placeholder === 'string' && extend.placeholder) props.placeholder = extend.placeholder;
  for (const key of ['maxLength', 'min', 'max', 'step'] as const) {
    const n = Number(extend[key]);
    if (extend[key] !== undefined && extend[key] !== '' && Number.isFinite(n)) props[key] = n;
  }
  return props;
}

/** `a=Apple` lines → {a: 'Apple'} (a line without `=` is its own label), as the server reads them. */
export function parseOptionLines(input: string): Record<string, string> {
  const options: Record<string, string> = {};
  for (const line of String(input ?? '').split(/\r?\n/)) {
    if (!line.trim()) continue;
    const at = line.indexOf('=');
    const key = (at < 0 ? line : line.slice(0, at)).trim();
    if (key && !Object.prototype.hasOwnProperty.call(options, key)) options[key] = at < 0 ? key : line.slice(at + 1).trim();
  }
  return options;
}

export interface AddItemForm {
  name?: string;
  group?: string;
  title?: string;
  tip?: string;
  type?: string;
  rule?: string[];
  content?: string;
  extend?: string;
  weigh?: number | null;
  value?: unknown;
}

/** The item the add dialog's default-value control edits, following the chosen type and options. */
export function draftItem(form: AddItemForm): ConfigItem {
  const type = form.type || 'string';
  return {
    id: 0,
    name: form.name ?? '',
    group: form.group ?? '',
    title: form.title ?? '',
    tip: '',
    type,
    value: undefined,
    content: OPTION_TYPES.has(type) ? parseOptionLines(form.content ?? '') : {},
    rule: (form.rule ?? []).join(','),
    extend: parseOptionLines(form.extend ?? ''),
    allow_del: 1,
    weigh: 0,
  };
}

/** The body of `POST add` from the dialog. */
export function addItemBody(form: AddItemForm): Record<string, unknown> {
  const type = form.type || 'string';
  const item = draftItem(form);
  return {
    name: (form.name ?? '').trim(),
    group: form.group ?? '',
    title: (form.title ?? '').trim(),
    tip: (form.tip ?? '').trim(),
    type,
    rule: (form.rule ?? []).join(','),
    content: OPTION_TYPES.has(type) ? (form.content ?? '') : '',
    extend: form.extend ?? '',
    weigh: form.weigh === undefined || form.weigh === null ? 0 : form.weigh,
    value: bodyValueOf(item, form.value === undefined ? formValueOf({ type, value: '' }) : form.value),
  };
}

/** The mail tab's SMTP fields and the recipient: the body of `POST sendTestMail`. */
export function testMailBody(values: Record<string, unknown>, items: ConfigItem[], testMail: string): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const name of SMTP_FIELDS) {
    const item = items.find((i) => i.name === name);
    if (item && Object.prototype.hasOwnProperty.call(values, name)) body[name] = bodyValueOf(item, values[name]);
  }
  body.testMail = testMail.trim();
  return body;
}

/** What the bootstrap's siteConfig holds that this page can change (the page title follows siteName). */
export function siteConfigPatch(data: ConfigIndexData): { siteName?: string; recordNumber?: string; version?: string; timeZone?: string } {
  const items = Object.values(data.list).flatMap((group) => group.list);
  const value = (name: string) => {
    const item = items.find((i) => i.name === name);
    return item === undefined ? undefined : text(item.value);
  };
  const patch: { siteName?: string; recordNumber?: string; version?: string; timeZone?: string } = {};
  const siteName = value('site_name');
  const recordNumber = value('record_number');
  const version = value('version');
  if (siteName !== undefined) patch.siteName = siteName;
  if (recordNumber !== undefined) patch.recordNumber = recordNumber;
  if (version !== undefined) patch.version = version;
  // the times of every page follow the site's zone at once
  const timeZone = value('time_zone');
  if (timeZone) patch.timeZone = timeZone;
  return patch;
}
