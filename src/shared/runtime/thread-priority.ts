import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';

/** The nice level of background threads (render workers): below the event loop and the database. */
export const BACKGROUND_NICE = 10;

/**
 * Lowers the calling thread's CPU priority, and only its own: on Linux the nice level belongs to each thread,
 * and `setPriority` given a thread's id changes that thread. Elsewhere (no /proc/thread-self), or where it is
 * not allowed, the thread keeps the process's priority. Answers the thread id it changed, or null.
 */
export function lowerThisThreadPriority(nice = BACKGROUND_NICE): number | null {
  try {
    const tid = Number(/task\/(\d+)$/.exec(readlinkSync('/proc/thread-self'))?.[1]);
    if (!tid) return null;
    setPriority(tid, nice);
    return tid;
  } catch {
    return null;
  }
}
