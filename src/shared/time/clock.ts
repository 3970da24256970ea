import { AsyncLocalStorage } from 'node:async_hooks';

const pinned = new AsyncLocalStorage<number>();

/**
 * Runs `work` with the application clock (`unixNow()`) reading `unixSeconds`, for it and everything it
 * awaits — and nothing else running at the same time. For seeding history (the demo data's orders are
 * audited through the real commands on past days), never for request handling.
 */
export function runAtTime<T>(unixSeconds: number, work: () => Promise<T>): Promise<T> {
  return pinned.run(Math.floor(unixSeconds), work);
}

/** The pinned time of the current async context, if any. */
export function pinnedUnixTime(): number | undefined {
  return pinned.getStore();
}
