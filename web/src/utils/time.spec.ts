import { formatDatetime } from '@/components/crud/params';
import { displayTimeZone, setDisplayTimeZone, siteDay, siteInstant, siteWallClock, timeFormat, timeZoneLabel, toDate } from './time';

describe('timeFormat', () => {
  const local = new Date(2023, 8, 8, 7, 5, 9); // 2023-09-08 07:05:09 local time
  const seconds = Math.floor(local.getTime() / 1000);

  it('formats yyyy-mm-dd hh:MM:ss by default', () => {
    expect(timeFormat(local)).toBe('2023-09-08 07:05:09');
  });

  it('treats 10-digit timestamps as seconds and 13-digit ones as milliseconds', () => {
    expect(String(seconds)).toHaveLength(10);
    expect(timeFormat(seconds)).toBe('2023-09-08 07:05:09');
    expect(timeFormat(String(seconds))).toBe('2023-09-08 07:05:09');
    expect(timeFormat(local.getTime())).toBe('2023-09-08 07:05:09');
    expect(timeFormat(String(local.getTime()))).toBe('2023-09-08 07:05:09');
  });

  it('honours other formats: mm is the month, MM the minutes', () => {
    expect(timeFormat(seconds, 'yyyy-mm-dd')).toBe('2023-09-08');
    expect(timeFormat(seconds, 'hh:MM')).toBe('07:05');
    expect(timeFormat(seconds, 'dd/mm/yyyy ss')).toBe('08/09/2023 09');
  });

  it('parses date strings', () => {
    expect(timeFormat('2023-09-08 07:05:09', 'yyyy-mm-dd hh:MM:ss')).toBe('2023-09-08 07:05:09');
  });

  it('shows "-" when no time is recorded and the current time without an argument', () => {
    expect(timeFormat(null)).toBe('-');
    expect(timeFormat('')).toBe('-');
    expect(timeFormat(0)).toBe('-');
    expect(timeFormat('not a date')).toBe('-');
    const now = timeFormat();
    expect(now).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it('toDate converts seconds, milliseconds and strings', () => {
    expect(toDate(1694127909)?.getTime()).toBe(1694127909000);
    expect(toDate(1694127909123)?.getTime()).toBe(1694127909123);
    expect(toDate('garbage')).toBeNull();
  });
});

describe('times in the site time zone', () => {
  afterEach(() => setDisplayTimeZone(null));

  it('shows every time in the zone the bootstrap named, whatever the browser zone, and says which', () => {
    // 2026-11-25 16:44:00 UTC = 2026-11-26 00:44 in Shanghai: the order of that moment is numbered 20261126
    const moment = Date.UTC(2026, 10, 25, 16, 44, 0) / 1000;
    setDisplayTimeZone('Asia/Shanghai');
    expect(timeFormat(moment)).toBe('2026-11-26 00:44:00');
    expect(formatDatetime(moment)).toBe('2026-11-26 00:44:00');
    expect(formatDatetime(moment, 'YYYY-MM-DD')).toBe('2026-11-26');
    expect(displayTimeZone()).toBe('Asia/Shanghai');
    expect(timeZoneLabel(moment * 1000)).toBe('Asia/Shanghai (UTC+08:00)');
    setDisplayTimeZone('America/New_York');
    expect(timeFormat(moment)).toBe('2026-11-25 11:44:00');
    expect(timeZoneLabel(moment * 1000)).toBe('America/New_York (UTC-05:00)');
  });

  it('ignores a zone it does not know (the browser zone stays)', () => {
    setDisplayTimeZone('Mars/Olympus');
    expect(displayTimeZone()).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
  });
});

describe('siteDay', () => {
  afterEach(() => setDisplayTimeZone(null));

  it('is the day in the site time zone, not the browser’s: late evening in UTC is the next morning in Shanghai', () => {
    const lateEvening = Date.UTC(2026, 10, 28, 23, 15);
    setDisplayTimeZone('UTC');
    expect(siteDay(lateEvening)).toBe('2026-11-28');
    setDisplayTimeZone('Asia/Shanghai');
    expect(siteDay(lateEvening)).toBe('2026-11-29');
  });
});

describe("the site's wall clock for date pickers", () => {
  it('reads a day or a time of the site as the instant it names there, whatever the zone of the browser', () => {
    expect(siteInstant('2026-11-29', 'Asia/Shanghai')!.toISOString()).toBe('2026-11-28T16:00:00.000Z');
    expect(siteInstant('2026-11-29 08:30:00', 'Pacific/Kiritimati')!.toISOString()).toBe('2026-11-28T18:30:00.000Z');
    expect(siteInstant('not a day', 'Asia/Shanghai')).toBeNull();
  });

  it("writes an instant as the site sees it: the day there, not the browser's", () => {
    const instant = Date.UTC(2026, 10, 28, 20, 0, 0); // 2026-11-28 20:00 UTC: the 29th in Shanghai, the 28th in Samoa
    expect(siteWallClock(instant, 'YYYY-MM-DD', 'Asia/Shanghai')).toBe('2026-11-29');
    expect(siteWallClock(instant, 'YYYY-MM-DD HH:mm:ss', 'Pacific/Pago_Pago')).toBe('2026-11-28 09:00:00');
    expect(siteWallClock(siteInstant('2026-11-29', 'Asia/Shanghai')!, 'YYYY-MM-DD', 'Asia/Shanghai')).toBe('2026-11-29');
  });
});
