/** Site settings (`routine.Config`): the item types, their rules, and how secrets travel; what every page reads of them. */
import type { CloudUploadParams } from './upload';

export const CONFIG_TYPES = [
  'string',
  'password',
  'number',
  'textarea',
  'editor',
  'radio',
  'checkbox',
  'select',
  'selects',
  'switch',
  'array',
  'image',
  'images',
  'file',
  'files',
  'date',
  'time',
  'datetime',
  'icon',
] as const;
export type ConfigType = (typeof CONFIG_TYPES)[number];

/** Types whose value is picked from the item's options (`content`). */
export const OPTION_TYPES: ReadonlySet<string> = new Set(['radio', 'checkbox', 'select', 'selects']);

/** The validation rules an item may carry (`rule`, comma-separated). */
export const CONFIG_RULES = ['required', 'number', 'integer', 'email', 'url', 'mobile'] as const;

/** What a stored `password` item is answered as; sending it back keeps the stored value, '' clears it. */
export const SECRET_MASK = '******';

/** A config name: 2 to 30 lower-case letters, digits or underscores, starting with a letter. */
export const CONFIG_NAME_PATTERN = /^[a-z][a-z0-9_]{1,29}$/;

/** A value as the settings page receives it, decoded by the item's type. */
export type ConfigValue = string | boolean | string[] | unknown[] | Record<string, unknown>;

/** A `{key, value}` pair: a config group, a quick entrance, a row of an `array` item. */
export interface KeyValue {
  key: string;
  value: string;
}

/** An item as the settings page receives it: value decoded (secrets masked), options and extend as objects. */
export interface ConfigItemView {
  id: number;
  name: string;
  group: string;
  title: string;
  tip: string;
  type: string;
  value: ConfigValue;
  content: Record<string, string>;
  rule: string;
  extend: Record<string, string>;
  allow_del: number;
  weigh: number;
}

export interface ConfigGroupView {
  name: string;
  title: string;
  list: ConfigItemView[];
}

/** `GET routine.Config/index` (and the answer of `edit`): the items by group. */
export interface ConfigIndexView {
  list: Record<string, ConfigGroupView>;
  configGroup: Record<string, string>;
  quickEntrance: KeyValue[];
  remark: string;
}

/** The site settings every page reads (the bootstraps' `siteConfig`). */
export interface SiteConfigForClient {
  siteName: string;
  recordNumber: string;
  version: string;
  cdnUrl: string;
  apiUrl: string;
  /** The site time zone (IANA name, config `time_zone`): the pages show every time in it. */
  timeZone: string;
  headNav: unknown[];
  upload: {
    /** `local` (the product's server), otherwise a cloud bucket. */
    mode: string;
    /** Bytes. */
    maxsize: number;
    savename: string;
    mimetype: string;
    /** Cloud mode: bucket, region, endpoint, or the error number and message when it cannot work. */
    params: CloudUploadParams | Record<string, never>;
  };
}
