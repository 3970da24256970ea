import { act } from 'react';
import { mountEachTest } from '@/test-support/react-root';
import { setDisplayTimeZone } from '@/utils/time';
import { DatePicker } from './index';

/** Noon UTC on the last day of a month: 26 hours apart, Kiritimati is already in December, Pago Pago still in November. */
const NOW = new Date('2026-11-30T12:00:00Z');

function monthIn(zone: string | undefined): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit' }).format(NOW);
}

/** A site zone whose month at NOW is not the browser's (this process's zone, whatever the machine's is). */
const SITE_ZONE = ['Pacific/Kiritimati', 'Pacific/Pago_Pago'].find((zone) => monthIn(zone) !== monthIn(undefined))!;
const SITE_DAY = new Intl.DateTimeFormat('en-CA', { timeZone: SITE_ZONE, day: 'numeric' }).format(NOW);
/** The panel's header in Chinese, the default language: "2026年12月". */
const SITE_MONTH = monthIn(SITE_ZONE).replace(/^(\d+)-0?(\d+)$/, '$1年$2月');

const view = mountEachTest();

beforeEach(() => {
  // only the clock is fixed: React and Arco keep their real timers
  jest.useFakeTimers({ now: NOW, doNotFake: ['nextTick', 'setImmediate', 'clearImmediate', 'setInterval', 'clearInterval', 'setTimeout', 'clearTimeout', 'queueMicrotask', 'requestAnimationFrame', 'cancelAnimationFrame', 'requestIdleCallback', 'cancelIdleCallback', 'hrtime', 'performance'] });
  setDisplayTimeZone(SITE_ZONE);
});

afterEach(() => {
  // the popups Arco mounted beside the container
  document.body.innerHTML = '';
  setDisplayTimeZone(null);
  jest.useRealTimers();
});

/** Renders a picker held open and waits for its panel (Arco's popup mounts after the trigger). */
async function open(picker: React.ReactElement): Promise<void> {
  act(() => view.root.render(picker));
  for (let tries = 0; !document.querySelector('.arco-picker-cell'); tries++) {
    if (tries > 200) throw new Error('the panel did not open');
    await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
  }
}

const todayCells = () => [...document.querySelectorAll('.arco-picker-cell-today')].map((cell) => cell.textContent?.trim());

describe('SiteDatePicker', () => {
  it("opens an empty picker on the site's month, its today marked, where the browser's day is in another month", async () => {
    expect(monthIn(SITE_ZONE)).not.toBe(monthIn(undefined));
    await open(<DatePicker popupVisible />);
    expect(document.querySelector('.arco-picker-header-value')?.textContent).toBe(SITE_MONTH);
    expect(todayCells()).toEqual([SITE_DAY]);
  });

  it("opens an empty range picker on the site's month too", async () => {
    await open(<DatePicker.RangePicker popupVisible />);
    // the first of its two months is the site's
    expect(document.querySelector('.arco-picker-header-value')?.textContent).toBe(SITE_MONTH);
    expect(todayCells()).toEqual([SITE_DAY]);
  });

  it('opens on the chosen day when there is one', async () => {
    await open(<DatePicker popupVisible value="2026-06-15" />);
    expect(document.querySelector('.arco-picker-cell-selected')?.textContent?.trim()).toBe('15');
    expect(todayCells()).toEqual([]);
  });
});
