import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { siteDayOf, siteTimeFormatter } from './site-day';
import { canonicalTimeZone } from './time-zone';

dayjs.extend(utc);
dayjs.extend(timezone);

describe('siteDayOf', () => {
  // Around the zones' midnights and DST changes, the remembered quarter-hour answers equal a fresh conversion.
  it.each(['Asia/Shanghai', 'America/New_York', 'Asia/Kathmandu', 'Australia/Lord_Howe', 'UTC'])('agrees with dayjs in %s', (zone) => {
    const dayOf = siteDayOf(zone);
    const timeOf = siteTimeFormatter(zone);
    const windows = ['2026-03-07', '2026-03-28', '2026-04-04', '2026-10-03', '2026-10-24', '2026-10-31'].map((d) => dayjs.utc(d).unix());
    for (const start of windows) {
      for (let t = start; t < start + 3 * 86400; t += 7 * 60 + 13) {
        expect(dayOf(t)).toBe(dayjs.unix(t).tz(zone).format('YYYY-MM-DD'));
        expect(timeOf(t)).toBe(dayjs.unix(t).tz(zone).format('YYYY-MM-DD HH:mm:ss'));
      }
    }
  });

  it('puts 23:30 site time on that day and 00:10 on the next', () => {
    const dayOf = siteDayOf('Asia/Shanghai');
    expect(dayOf(dayjs.tz('2026-11-30 23:30:00', 'Asia/Shanghai').unix())).toBe('2026-11-30');
    expect(dayOf(dayjs.tz('2026-12-01 00:10:00', 'Asia/Shanghai').unix())).toBe('2026-12-01');
  });
});

describe('canonicalTimeZone', () => {
  it('answers known zones and refuses unknown ones, repeatedly', () => {
    expect(canonicalTimeZone('Asia/Shanghai')).toBe('Asia/Shanghai');
    expect(canonicalTimeZone('Mars/Olympus')).toBeNull();
    expect(canonicalTimeZone('Mars/Olympus')).toBeNull();
    expect(canonicalTimeZone('')).toBeNull();
  });
});
