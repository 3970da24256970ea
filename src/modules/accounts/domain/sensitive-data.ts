const SENSITIVE_KEY = /password|salt|token|secret|captchainfo|smtp_pass/i;
export const MASK = '***';

/**
 * Copies `value` with every sensitive key, at any depth, replaced by `***` (admin log, error reports).
 * Sensitive: keys whose name says so, and the `extraKeys` a request marked (config items of type password).
 */
export function maskSensitive(value: unknown, extraKeys: ReadonlySet<string> = new Set()): unknown {
  if (Array.isArray(value)) return value.map((inner) => maskSensitive(inner, extraKeys));
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>).map(([key, inner]) => [key, SENSITIVE_KEY.test(key) || extraKeys.has(key) ? MASK : maskSensitive(inner, extraKeys)]),
    );
  }
  return value;
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
