/**
 * A new build replaces the hashed chunk files, so a tab opened before it fails to load the pages it has not
 * loaded yet. The cure is a reload (the session, layout and open tabs are persisted), done at most once
 * per RELOAD_GUARD_MS so a chunk that is really missing does not reload forever.
 */
export const CHUNK_RELOAD_KEY = 'chunkReloadAt';
export const RELOAD_GUARD_MS = 10_000;

const PATTERNS = [
  /failed to fetch dynamically imported module/i,
  /error loading dynamically imported module/i,
  /importing a module script failed/i,
  /unable to preload css/i,
  /loading (css )?chunk .* failed/i,
];

/** True for the errors browsers raise when a lazily imported chunk cannot be fetched. */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  return PATTERNS.some((p) => p.test(message));
}

interface SessionLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

/** Reloads unless a reload for the same reason happened within the guard time. Returns whether it reloads. */
export function reloadForNewBuild(storage: SessionLike | undefined, reload: () => void, now = Date.now()): boolean {
  try {
    const last = Number(storage?.getItem(CHUNK_RELOAD_KEY) ?? 0);
    if (last && now - last < RELOAD_GUARD_MS) return false;
    storage?.setItem(CHUNK_RELOAD_KEY, String(now));
  } catch {
    return false;
  }
  reload();
  return true;
}

/** The browser's own reload, guarded by sessionStorage. */
export function reloadPageForNewBuild(): boolean {
  if (typeof window === 'undefined') return false;
  return reloadForNewBuild(window.sessionStorage, () => window.location.reload());
}
