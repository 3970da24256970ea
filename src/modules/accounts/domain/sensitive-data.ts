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
