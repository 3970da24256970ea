const SENSITIVE_KEY = /password|salt|token|secret|captchainfo|smtp_pass/i;
export const MASK = '***';

/** Copies `value` with every sensitive key, at any depth, replaced by `***` (admin log, error reports). */
export function maskSensitive(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(maskSensitive);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>).map(([key, inner]) => [key, SENSITIVE_KEY.test(key) ? MASK : maskSensitive(inner)]),
    );
  }
  return value;
}
