import { act } from 'react';
import { setLocale } from '@/lang';
import { mountEachTest } from '@/test-support/react-root';
import { ExpiryCell } from './LotCells';

const view = mountEachTest();

afterEach(() => setLocale('zh-cn'));

const shown = (expiry: unknown, daysLeft: unknown) => {
  act(() => view.root.render(<ExpiryCell expiry={expiry} daysLeft={daysLeft} warningDays={30} />));
  return view.container.textContent;
};

describe('ExpiryCell', () => {
  it('shows a date with its days left, and "no expiry" only where there is no date', async () => {
    await act(() => setLocale('en'));
    expect(shown('2031-06-30', 1673)).toBe('2031-06-301673 days');
    expect(shown('2026-12-01', 0)).toBe('2026-12-01Expires today');
    expect(shown('', null)).toBe('No expiry');
  });

  it('shows a date without a count alone (the stock list as of a past day sends no days left)', async () => {
    await act(() => setLocale('en'));
    expect(shown('2031-06-30', undefined)).toBe('2031-06-30');
    expect(view.container.querySelector('[data-lots=days-left]')).toBeNull();
  });
});
