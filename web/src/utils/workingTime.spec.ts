import { hoursAndMinutes, today, toggle, worked, WORKING_TIME_KEY } from './workingTime';

function memory() {
  const map = new Map<string, string>();
  return { getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v), removeItem: (k: string) => void map.delete(k), map };
}

const at = (h: number, m = 0) => new Date(2026, 10, 29, h, m).getTime();

describe('the working-time counter', () => {
  it('counts from the first visit of the day, less the pauses, kept across reloads', () => {
    const storage = memory();
    const start = today(at(9), storage);
    expect(worked(today(at(10, 30), storage), at(10, 30))).toBe(90 * 60000);
    const paused = toggle(start, at(11), storage);
    expect(worked(paused, at(11, 45))).toBe(120 * 60000);
    const resumed = toggle(today(at(12), storage), at(12), storage);
    expect(hoursAndMinutes(worked(resumed, at(13)))).toEqual({ hours: 3, minutes: 0 });
    expect(JSON.parse(storage.map.get(WORKING_TIME_KEY)!)).toMatchObject({ pauseTime: 0, pausedMs: 60 * 60000 });
  });

  it('starts from zero on a new day or after a damaged entry', () => {
    const storage = memory();
    today(at(9), storage);
    const tomorrow = new Date(2026, 10, 30, 8).getTime();
    expect(worked(today(tomorrow, storage), tomorrow)).toBe(0);
    storage.setItem(WORKING_TIME_KEY, '{oops');
    expect(worked(today(at(10), storage), at(10))).toBe(0);
  });
});
