import { randomInt } from 'node:crypto';
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);
dayjs.extend(timezone);

/**
 * The saved name of an upload from the configured pattern:
 * `{topic} {year} {mon} {day} {hour} {min} {sec} {random} {random32} {filename} {suffix} {.suffix} {filesha1}`.
 * A leading slash is removed. Pure apart from the random parts, which can be passed in.
 */
export interface SaveNameInput {
  pattern: string;
  topic: string;
  /** The original file name (with its extension). */
  originalName: string;
  /** Lower-case extension (`file` when none). */
  suffix: string;
  sha1: string;
  /** Upload time, and the site time zone the date parts are read in. */
  now: Date;
  timeZone: string;
  random?: () => string;
  random32?: () => string;
}

export const FILENAME_MAX_CHARS = 100;
/** A file name part longer than this in UTF-8 could push a path segment past the file system's 255 bytes. */
const FILENAME_MAX_BYTES = 150;
const ALPHANUMERIC = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

export function randomAlnum(length: number): string {
  let text = '';
  for (let i = 0; i < length; i++) text += ALPHANUMERIC[randomInt(ALPHANUMERIC.length)];
  return text;
}

/**
 * `{filename}`: the original name without its extension, reduced to characters that are safe in a path
 * and a URL (letters and digits of any script, `-`, `_`, `.`; runs of anything else become one `_`), no
 * leading dots, at most 100 characters (and 150 UTF-8 bytes). Never a path of its own: no `/`, `\` or `..`.
 */
export function sanitizeFilename(originalName: string, suffix: string): string {
  const base = originalName.split(/[\\/]/).pop() ?? '';
  const withoutSuffix = suffix !== 'file' && base.toLowerCase().endsWith(`.${suffix}`) ? base.slice(0, -(suffix.length + 1)) : base;
  let name = withoutSuffix
    .normalize('NFC')
    .replace(/[^\p{L}\p{N}\-_.]+/gu, '_')
    .replace(/\.{2,}/g, '.')
    .replace(/^[._]+/, '')
    .replace(/_+$/, '');
  let chars = [...name].slice(0, FILENAME_MAX_CHARS);
  while (chars.length && Buffer.byteLength(chars.join('')) > FILENAME_MAX_BYTES) chars.pop();
  name = chars.join('').replace(/\.+$/, '');
  return name;
}

export function buildSaveName(input: SaveNameInput): string {
  const time = dayjs(input.now).tz(input.timeZone);
  const random = input.random ?? (() => randomAlnum(16));
  const random32 = input.random32 ?? (() => randomAlnum(32));
  const values: Record<string, () => string> = {
    topic: () => input.topic,
    year: () => time.format('YYYY'),
    mon: () => time.format('MM'),
    day: () => time.format('DD'),
    hour: () => time.format('HH'),
    min: () => time.format('mm'),
    sec: () => time.format('ss'),
    random,
    random32,
    filename: () => sanitizeFilename(input.originalName, input.suffix),
    suffix: () => input.suffix,
    '.suffix': () => `.${input.suffix}`,
    filesha1: () => input.sha1,
  };
  const name = input.pattern.replace(/\{(\.?[a-z0-9]+)\}/g, (whole, key: string) => (values[key] ? values[key]() : whole));
  return name.replace(/^\/+/, '');
}
