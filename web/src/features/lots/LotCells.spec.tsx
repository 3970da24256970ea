import '@/test-support/dom-globals';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { setLocale } from '@/lang';
import { ExpiryCell } from './LotCells';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let container: HTMLDivElement;
let root: Root;

beforeEach(() => {
  container = document.createElement('div');
  document.body.appendChild(container);
  root = createRoot(container);
});

afterEach(async () => {
  act(() => root.unmount());
  container.remove();
  await setLocale('zh-cn');
});

const shown = (expiry: unknown, daysLeft: unknown) => {
  act(() => root.render(<ExpiryCell expiry={expiry} daysLeft={daysLeft} warningDays={30} />));
  return container.textContent;
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
    expect(container.querySelector('[data-lots=days-left]')).toBeNull();
  });
});
