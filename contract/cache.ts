/**
 * `POST /admin/ajax/clearCache {type}`: the kinds of in-memory server cache (`config`: the site configuration
 * values; `rules`: permission data, rule trees and per-token rights), and the names that clear every kind at
 * once (`all`; BuildAdmin's `tp`, "the server cache", means the same here).
 */
export const CACHE_TYPES = ['config', 'rules'] as const;
export type CacheType = (typeof CACHE_TYPES)[number];

export const CLEAR_ALL_TYPES = ['all', 'tp'] as const;
export type ClearCacheType = CacheType | (typeof CLEAR_ALL_TYPES)[number];

/** The answer's data: the kinds that were cleared. */
export interface ClearCacheAnswer {
  types: CacheType[];
}
