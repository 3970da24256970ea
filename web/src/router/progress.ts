import NProgress from 'nprogress';

/** The top progress bar (minimum 0.08, speed 200 ms, trickle 800 ms). */
NProgress.configure({ minimum: 0.08, speed: 200, trickleSpeed: 800, showSpinner: false });

let active = 0;

export const progress = {
  start() {
    active++;
    NProgress.start();
  },
  done() {
    active = Math.max(0, active - 1);
    if (active === 0) NProgress.done();
  },
};

export const LOADING_BLOCK_DELAY = 1000;
let hideScheduled = false;

/** Removes the full-page loading block of index.html about 1 s after the navigation has ended. */
export function hideLoadingBlock(delay = LOADING_BLOCK_DELAY) {
  if (hideScheduled || typeof document === 'undefined') return;
  const block = document.getElementById('block-loading');
  if (!block) return;
  hideScheduled = true;
  window.setTimeout(() => {
    block.style.opacity = '0';
    window.setTimeout(() => block.remove(), 200);
  }, delay);
}
