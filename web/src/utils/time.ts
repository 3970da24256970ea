import dayjs, { type Dayjs } from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);
dayjs.extend(timezone);

/**
 * The zone every time is shown in: the site's (config `time_zone`, sent with the bootstrap), the zone the
 * server uses for order numbers, exports and "today". Until the bootstrap has said, the browser's own.
 * Set by the site-config store when the bootstrap arrives; read by every formatter here and in the tables.
 */
let displayZone: string | null = null;

function isKnownZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

export function setDisplayTimeZone(zone: string | null | undefined): void {
  displayZone = zone && isKnownZone(zone) ? zone : null;
}

/** The site's zone once the bootstrap has said (an IANA name), else null. */
export function siteTimeZone(): string | null {
  return displayZone;
}

/** The zone times are shown in (an IANA name). */
export function displayTimeZone(): string {
  return displayZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone ?? 'UTC';
}

/** A moment as seen in the display zone. */
export function inDisplayZone(value: number | Date): Dayjs {
  return displayZone ? dayjs(value).tz(displayZone) : dayjs(value);
}

/** The site's day (`YYYY-MM-DD` in the display zone) at a moment: the day the server dates what happens then. */
export function siteDay(at: number | Date = Date.now()): string {
  return inDisplayZone(at).format('YYYY-MM-DD');
}

/** The instant a wall-clock text of the site's zone names ("2026-11-29" → its midnight there); invalid: null. */
export function siteInstant(text: string, zone: string = displayTimeZone()): Dayjs | null {
  const instant = dayjs.tz(text, zone);
  return instant.isValid() ? instant : null;
}

/** An instant as the site's wall clock, in a dayjs format. */
export function siteWallClock(at: number | Date | Dayjs, format: string, zone: string = displayTimeZone()): string {
  return dayjs(dayjs.isDayjs(at) ? at.valueOf() : at).tz(zone).format(format);
}

/** "Asia/Shanghai (UTC+08:00)": what a page says about the times it shows. */
export function timeZoneLabel(at: number | Date = Date.now()): string {
  return `${displayTimeZone()} (UTC${inDisplayZone(at).format('Z')})`;
}

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
 * No argument formats the current time; null, '' and 0 (no time recorded) give '-'. Shown in the display zone.
 */
export function timeFormat(value?: number | string | Date | null, format: string = DEFAULT_TIME_FORMAT): string {
  if (value === null || value === '' || value === 0 || value === '0') return '-';
  const date = value === undefined ? new Date() : toDate(value);
  if (!date) return '-';
  const pattern = format.replace(/yyyy|mm|dd|hh|MM|ss|\[[^\]]*\]/g, (token) => (token.startsWith('[') ? token : TOKENS[token]));
  return inDisplayZone(date).format(pattern);
}
