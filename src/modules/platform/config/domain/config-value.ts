import { canonicalTimeZone } from '../../../../shared/time/time-zone';

import type { ConfigValue } from '../../../../../contract/config';

/** What a config row's value becomes when read, depending on its `type` (BuildAdmin's rules): contract/config.ts. */
export type { ConfigValue } from '../../../../../contract/config';

const JSON_TYPES = new Set(['checkbox', 'array', 'selects']);
const COMMA_LIST_TYPES = new Set(['city', 'remoteSelects', 'images', 'files']);

/**
 * `checkbox`, `array`, `selects`: JSON (an empty list when blank or broken); `switch`: '1' → true;
 * `city`, `remoteSelects`, `images`, `files`: comma-separated list; anything else: the text itself ('' when null).
 */
export function decodeConfigValue(type: string, raw: string | null | undefined): ConfigValue {
  const text = raw ?? '';
  if (JSON_TYPES.has(type)) {
    if (!text.trim()) return [];
    try {
      const parsed: unknown = JSON.parse(text);
      return parsed !== null && typeof parsed === 'object' ? (parsed as unknown[] | Record<string, unknown>) : [];
    } catch {
      return [];
    }
  }
  if (type === 'switch') return text === '1' || text === 'true';
  if (COMMA_LIST_TYPES.has(type)) return text.split(',').map((part) => part.trim()).filter(Boolean);
  return text;
}

/** The reverse of decodeConfigValue, for storing a value the admin page sends. */
export function encodeConfigValue(type: string, value: unknown): string {
  if (JSON_TYPES.has(type)) return JSON.stringify(value ?? []);
  if (type === 'switch') return value === true || value === 1 || value === '1' || value === 'true' ? '1' : '0';
  if (Array.isArray(value)) return value.map(String).join(',');
  return value === null || value === undefined ? '' : String(value);
}

/** A time zone name the runtime knows (`Asia/Shanghai`), else null. */
export const validTimeZone = canonicalTimeZone;
