import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';

/** The nice level of background threads (render workers): below the event loop and the database. */
export const BACKGROUND_NICE = 10;

/**
 * Lowers the calling thread's CPU priority, and only its own: on Linux the nice level belongs to each thread,
 * and `setPriority` given a thread's id changes that thread. Elsewhere (no /proc/thread-self), or where it is
 * not allowed, the thread keeps the process's priority.
 */
export function lowerThisThreadPriority(): void {
  try {
    const tid = Number(/task\/(\d+)$/.exec(readlinkSync('/proc/thread-self'))?.[1]);
    if (tid) setPriority(tid, BACKGROUND_NICE);
  } catch {
    // not Linux, or not allowed: the thread keeps the process's priority
  }
}
