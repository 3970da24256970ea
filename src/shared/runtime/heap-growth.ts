import { setFlagsFromString } from 'node:v8';

/**
 * How far V8 lets the old space grow past what the last full collection kept before it collects again, in
 * percent. V8's own choice (up to about 4×) let a 1,000,000-row export pile up 150 MB of promoted rows, every
 * page of them dead, before a collection: 340 MB peak for some 60 MB live. At 50 % the same export peaks at
 * about 200 MB, and list and audit requests cost the same CPU (a full collection of a 60 MB heap costs
 * milliseconds, mostly off the main thread); see docs/PERFORMANCE.md, round eight.
 */
export const HEAP_GROWING_PERCENT = 50;

/** Set once, first thing in the server's process (before the modules that allocate are loaded). */
export function limitHeapGrowth(): void {
  setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
}
