import { Global, Injectable, Module } from '@nestjs/common';
import { EventEmitter2 } from '@nestjs/event-emitter';
import { CACHE_TYPES, CLEAR_ALL_TYPES, type CacheType } from '../../../contract/cache';

/**
 * The kinds of in-memory cache this process may hold, and the names that clear them all: the wire contract's
 * (contract/cache.ts), which the back office's clear-cache control offers. `ajax/clearCache` names one of
 * them, or `all` (BuildAdmin's `tp`, "the server cache", means the same here).
 *  - `config`: site configuration values;
 *  - `rules`: permission data (rule trees, per-token rights).
 */
export { CACHE_TYPES, CLEAR_ALL_TYPES, type CacheType };

export type ClearCache = () => void | Promise<void>;

export function isCacheType(value: unknown): value is CacheType {
  return typeof value === 'string' && (CACHE_TYPES as readonly string[]).includes(value);
}

export function isClearRequestType(value: unknown): value is CacheType | (typeof CLEAR_ALL_TYPES)[number] {
  return isCacheType(value) || (typeof value === 'string' && (CLEAR_ALL_TYPES as readonly string[]).includes(value));
}

/** The in-process signal that empties the caches of one type. */
const clearSignal = (type: CacheType) => `cache.clear.${type}`;

/**
 * Where a cache registers the function that empties it, by type: a listener of the type's signal on the
 * process's event emitter (@nestjs/event-emitter), which never swallows a listener's error. Caches live in
 * one process: with several app processes behind a balancer, each clears its own (keep cache lifetimes short
 * for that reason). Domain events after a commit go the other way, on the cqrs EventBus.
 *
 *   constructor(caches: CacheRegistry) { caches.register('rules', () => this.rights.clear()); }
 */
@Injectable()
export class CacheRegistry {
  constructor(private readonly signals: EventEmitter2 = new EventEmitter2()) {}

  /** Adds a clear function for `type`; the answer removes it again (for caches that go away). */
  register(type: CacheType, clear: ClearCache): () => void {
    const listener = () => clear();
    this.signals.on(clearSignal(type), listener);
    return () => void this.signals.off(clearSignal(type), listener);
  }

  /** How many clear functions are registered for a type. */
  count(type: CacheType): number {
    return this.signals.listenerCount(clearSignal(type));
  }

  /** Empties the caches of one type, or of every type for `all` / `tp`; answers the types it cleared. */
  async clear(type: CacheType | 'all' | 'tp'): Promise<CacheType[]> {
    const types = type === 'all' || type === 'tp' ? [...CACHE_TYPES] : [type];
    for (const each of types) await this.signals.emitAsync(clearSignal(each));
    return types;
  }
}

/** Global, so any context can register its caches without importing the platform context. */
@Global()
@Module({ providers: [CacheRegistry], exports: [CacheRegistry] })
export class CacheModule {}
