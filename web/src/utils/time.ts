import dayjs from 'dayjs';

export const DEFAULT_TIME_FORMAT = 'yyyy-mm-dd hh:MM:ss';

const TOKENS: Record<string, string> = { yyyy: 'YYYY', mm: 'MM', dd: 'DD', hh: 'HH', MM: 'mm', ss: 'ss' };

/**
 * Converts a timestamp to a Date: 10-digit numbers (or digit strings) are Unix seconds, 13-digit ones are
 * milliseconds; other strings are parsed as dates.
 */
export function toDate(value: number | string | Date): Date | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  const text = String(value).trim();
  if (/^-?\d+$/.test(text)) {
    const n = Number(text);
    const ms = text.replace('-', '').length <= 10 ? n * 1000 : n;
    return new Date(ms);
  }
  const parsed = dayjs(text);
  return parsed.isValid() ? parsed.toDate() : null;
}

/**
 * Formats a time: tokens yyyy (year), mm (month), dd (day), hh (hour, 24 h), MM (minutes), ss (seconds).
 * No argument formats the current time; null, '' and 0 (no time recorded) give '-'.
 */
export function timeFormat(value?: number | string | Date | null, format: string = DEFAULT_TIME_FORMAT): string {
  if (value === null || value === '' || value === 0 || value === '0') return '-';
  const date = value === undefined ? new Date() : toDate(value);
  if (!date) return '-';
  const pattern = format.replace(/yyyy|mm|dd|hh|MM|ss|\[[^\]]*\]/g, (token) => (token.startsWith('[') ? token : TOKENS[token]));
  return dayjs(date).format(pattern);
}
