import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);
dayjs.extend(timezone);

/** The calendar day (YYYY-MM-DD) of a Unix time in the site's time zone. */
export function siteDayOf(timeZone: string): (unixSeconds: number) => string {
  // Zone offsets and their changes fall on quarter hours, so every second of a quarter hour has the same
  // day. Remembering it per quarter spares dayjs's time-zone conversion, which dominated a ledger replay.
  const days = new Map<number, string>();
  return (unixSeconds) => {
    const quarter = Math.floor(unixSeconds / 900);
    let day = days.get(quarter);
    if (day === undefined) {
      day = dayjs.unix(quarter * 900).tz(timeZone).format('YYYY-MM-DD');
      if (days.size >= 100_000) days.clear();
      days.set(quarter, day);
    }
    return day;
  };
}

/** `YYYY-MM-DD HH:mm:ss` of a Unix time in the site's time zone (exports, documents). */
export function siteTimeFormatter(timeZone: string): (unixSeconds: number) => string {
  return (unixSeconds) => dayjs.unix(unixSeconds).tz(timeZone).format('YYYY-MM-DD HH:mm:ss');
}

/** The last second of a calendar day (YYYY-MM-DD) in the site's time zone, as a Unix time. */
export function endOfSiteDay(day: string, timeZone: string): number | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return null;
  const start = dayjs.tz(day, 'YYYY-MM-DD', timeZone);
  return start.isValid() ? start.add(1, 'day').unix() - 1 : null;
}
