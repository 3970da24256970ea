const SENSITIVE_KEY = /password|salt|token|secret|captchainfo|smtp_pass/i;
export const MASK = '***';

/** Deeper than this, a logged value is cut (requests nested deeper are refused anyway). */
const MAX_MASK_DEPTH = 40;
/** The `data` column is a TEXT: 65,535 bytes on MySQL. */
const MAX_DATA_BYTES = 60000;

/**
 * Copies `value` with every sensitive key, at any depth, replaced by `***` (admin log, error reports).
 * Sensitive: keys whose name says so, and the `extraKeys` a request marked (config items of type password).
 * Past MAX_MASK_DEPTH levels the rest is replaced by a note, so the copy never overflows the stack.
 */
export function maskSensitive(value: unknown, extraKeys: ReadonlySet<string> = new Set(), depth = 0): unknown {
  if (value && typeof value === 'object' && depth >= MAX_MASK_DEPTH) return '[nested too deeply]';
  if (Array.isArray(value)) return value.map((inner) => maskSensitive(inner, extraKeys, depth + 1));
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>).map(([key, inner]) => [key, SENSITIVE_KEY.test(key) || extraKeys.has(key) ? MASK : maskSensitive(inner, extraKeys, depth + 1)]),
    );
  }
  return value;
}

/** `text` cut to at most `maxBytes` of UTF-8 (a column's limit is in bytes, a CJK character takes three). */
export function truncateUtf8(text: string, maxBytes: number): string {
  if (text.length * 3 <= maxBytes) return text;
  const bytes = Buffer.from(text, 'utf8');
  if (bytes.length <= maxBytes) return text;
  let end = maxBytes;
  while (end > 0 && (bytes[end] & 0xc0) === 0x80) end--; // never end inside a character
  return bytes.subarray(0, end).toString('utf8');
}

/**
 * The `data` of an admin log entry: the request masked, as JSON, cut to the column. When that cannot be
 * made, a note with the reason takes its place — the entry itself is never dropped for its body.
 */
export function adminLogData(value: unknown, extraKeys: ReadonlySet<string> = new Set()): string {
  try {
    return truncateUtf8(JSON.stringify(maskSensitive(value, extraKeys)) ?? 'null', MAX_DATA_BYTES);
  } catch (error) {
    return unrecordedData(error);
  }
}

/** What an admin log entry says when its body could not be recorded. */
export function unrecordedData(error: unknown): string {
  const reason = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return JSON.stringify({ unrecorded: 'the request body could not be recorded', error: reason.slice(0, 500) });
}

/** A request URL for the log: the value of every sensitive query parameter (`?batoken=…`) masked. */
export function maskSensitiveUrl(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return url;
  const params = new URLSearchParams(url.slice(at + 1));
  const secrets = [...new Set(params.keys())].filter((key) => SENSITIVE_KEY.test(key));
  if (!secrets.length) return url;
  for (const key of secrets) params.set(key, MASK);
  return `${url.slice(0, at)}?${params.toString()}`;
}
