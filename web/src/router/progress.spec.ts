/**
 * The navigation progress bar and the full-page loading block (jsdom): the bar is configured as the
 * specification says (minimum 0.08, speed 200 ms, trickle 800 ms, no spinner), stays while any navigation is
 * in flight and ends with the last one; the loading block goes 1,000 ms after the first navigation ended
 * (faded, then removed), once.
 */
import NProgress from 'nprogress';
import { hideLoadingBlock, LOADING_BLOCK_DELAY, progress } from './progress';

describe('the navigation progress bar', () => {
  afterEach(() => NProgress.remove());

  it('is configured with minimum 0.08, speed 200 ms and trickle 800 ms, without a spinner', () => {
    expect(NProgress.settings).toMatchObject({ minimum: 0.08, speed: 200, trickleSpeed: 800, showSpinner: false });
  });

  it('given two navigations in flight, when the first ends the bar stays, and when the second ends it finishes', () => {
    const done = jest.spyOn(NProgress, 'done');
    progress.start();
    progress.start();
    expect(NProgress.isStarted()).toBe(true);
    progress.done();
    expect(done).not.toHaveBeenCalled();
    progress.done();
    expect(done).toHaveBeenCalledTimes(1);
    // an extra done() does not drive the count below zero: the next navigation starts the bar again
    progress.done();
    progress.start();
    expect(NProgress.isStarted()).toBe(true);
    done.mockRestore();
  });
});

describe('the full-page loading block', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('fades 1,000 ms after the navigation ended and is removed 200 ms later, once', () => {
    expect(LOADING_BLOCK_DELAY).toBe(1000);
    document.body.innerHTML = '<div id="block-loading">…</div>';
    const block = document.getElementById('block-loading')!;
    hideLoadingBlock();
    hideLoadingBlock(); // a second navigation schedules nothing more
    jest.advanceTimersByTime(999);
    expect(block.style.opacity).toBe('');
    jest.advanceTimersByTime(1);
    expect(block.style.opacity).toBe('0');
    expect(document.getElementById('block-loading')).not.toBeNull();
    jest.advanceTimersByTime(200);
    expect(document.getElementById('block-loading')).toBeNull();
    expect(jest.getTimerCount()).toBe(0);
  });
});
