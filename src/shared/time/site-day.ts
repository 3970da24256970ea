import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);
dayjs.extend(timezone);

/** The calendar day (YYYY-MM-DD) of a Unix time in the site's time zone. */
export function siteDayOf(timeZone: string): (unixSeconds: number) => string {
  const local = siteClock(timeZone);
  return (unixSeconds) => local(unixSeconds).toISOString().slice(0, 10);
}

/** One clock per zone name, kept for the process: requests and postings reuse its quarter hours. */
const clocks = new Map<string, (unixSeconds: number) => Date>();

/**
 * The site's wall-clock time of a Unix time, as a Date whose UTC fields read as that local time. Zone offsets
 * and their changes fall on quarter hours, so the offset is looked up once per quarter hour: dayjs's zone
 * conversion per call dominated a ledger replay and a history export. The clock of a zone is kept for the
 * process (a dashboard request asked for "today" twice and paid a conversion — 0.3–1.6 ms of CPU — each time;
 * every posting once).
 */
function siteClock(timeZone: string): (unixSeconds: number) => Date {
  let clock = clocks.get(timeZone);
  if (!clock) {
    if (clocks.size >= 100) clocks.clear();
    clocks.set(timeZone, (clock = newClock(timeZone)));
  }
  return clock;
}

function newClock(timeZone: string): (unixSeconds: number) => Date {
  const offsets = new Map<number, number>();
  return (unixSeconds) => {
    const quarter = Math.floor(unixSeconds / 900);
    let offset = offsets.get(quarter);
    if (offset === undefined) {
      offset = dayjs.unix(quarter * 900).tz(timeZone).utcOffset();
      if (offsets.size >= 100_000) offsets.clear();
      offsets.set(quarter, offset);
    }
    return new Date((unixSeconds + offset * 60) * 1000);
  };
}

/** `YYYY-MM-DD HH:mm:ss` of a Unix time in the site's time zone (exports, documents). */
export function siteTimeFormatter(timeZone: string): (unixSeconds: number) => string {
  const local = siteClock(timeZone);
  return (unixSeconds) => local(unixSeconds).toISOString().slice(0, 19).replace('T', ' ');
}

/** The last second of a calendar day (YYYY-MM-DD) in the site's time zone, as a Unix time. */
export function endOfSiteDay(day: string, timeZone: string): number | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return null;
  const start = dayjs.tz(day, 'YYYY-MM-DD', timeZone);
  return start.isValid() ? start.add(1, 'day').unix() - 1 : null;
}

/** The first second of a calendar day (YYYY-MM-DD) in the site's time zone, as a Unix time. */
export function startOfSiteDay(day: string, timeZone: string): number | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return null;
  const start = dayjs.tz(day, 'YYYY-MM-DD', timeZone);
  return start.isValid() ? start.unix() : null;
}
