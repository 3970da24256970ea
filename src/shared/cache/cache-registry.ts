import { Global, Injectable, Module } from '@nestjs/common';

/**
 * The kinds of in-memory cache this process may hold. `ajax/clearCache` names one of them, or `all`
 * (BuildAdmin's `tp`, "the server cache", means the same here).
 *  - `config`: site configuration values;
 *  - `rules`: permission data (rule trees, per-token rights).
 */
export const CACHE_TYPES = ['config', 'rules'] as const;
export type CacheType = (typeof CACHE_TYPES)[number];

/** What a clear request may name: one type, or every type at once. */
export const CLEAR_ALL_TYPES = ['all', 'tp'] as const;

export type ClearCache = () => void | Promise<void>;

export function isCacheType(value: unknown): value is CacheType {
  return typeof value === 'string' && (CACHE_TYPES as readonly string[]).includes(value);
}

export function isClearRequestType(value: unknown): value is CacheType | (typeof CLEAR_ALL_TYPES)[number] {
  return isCacheType(value) || (typeof value === 'string' && (CLEAR_ALL_TYPES as readonly string[]).includes(value));
}

/**
 * Where a cache registers the function that empties it, by type. Caches live in one process: with several
 * app processes behind a balancer, each clears its own (keep cache lifetimes short for that reason).
 *
 *   constructor(caches: CacheRegistry) { caches.register('rules', () => this.rights.clear()); }
 */
@Injectable()
export class CacheRegistry {
  private readonly clearers = new Map<CacheType, Set<ClearCache>>();

  /** Adds a clear function for `type`; the answer removes it again (for caches that go away). */
  register(type: CacheType, clear: ClearCache): () => void {
    let set = this.clearers.get(type);
    if (!set) this.clearers.set(type, (set = new Set()));
    set.add(clear);
    return () => set.delete(clear);
  }

  /** How many clear functions are registered for a type. */
  count(type: CacheType): number {
    return this.clearers.get(type)?.size ?? 0;
  }

  /** Empties the caches of one type, or of every type for `all` / `tp`; answers the types it cleared. */
  async clear(type: CacheType | 'all' | 'tp'): Promise<CacheType[]> {
    const types = type === 'all' || type === 'tp' ? [...CACHE_TYPES] : [type];
    for (const each of types) {
      for (const clear of this.clearers.get(each) ?? []) await clear();
    }
    return types;
  }
}

/** Global, so any context can register its caches without importing the platform context. */
@Global()
@Module({ providers: [CacheRegistry], exports: [CacheRegistry] })
export class CacheModule {}
