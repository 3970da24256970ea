import { reaction, runInAction, toJS } from 'mobx';

export interface StorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** localStorage when there is one, else a memory store (specs, server-side use). */
export function defaultStorage(): StorageLike {
  if (typeof localStorage !== 'undefined') return localStorage;
  const memory = new Map<string, string>();
  return {
    getItem: (k) => memory.get(k) ?? null,
    setItem: (k, v) => void memory.set(k, v),
    removeItem: (k) => void memory.delete(k),
  };
}

/**
 * Restores the listed fields of a store from storage and saves them on every change.
 * Returns the disposer of the saving reaction.
 */
export function persist<T extends object>(store: T, key: string, fields: Array<keyof T & string>, storage: StorageLike, revive?: (saved: Partial<T>) => Partial<T>) {
  const raw = storage.getItem(key);
  if (raw) {
    try {
      let saved = JSON.parse(raw) as Partial<T>;
      if (revive) saved = revive(saved);
      runInAction(() => {
        for (const field of fields) {
          if (saved && Object.prototype.hasOwnProperty.call(saved, field) && saved[field] !== undefined) {
            (store as Record<string, unknown>)[field] = saved[field] as unknown;
          }
        }
      });
    } catch {
      storage.removeItem(key);
    }
  }
  return reaction(
    () => JSON.stringify(fields.reduce<Record<string, unknown>>((acc, f) => ((acc[f] = toJS((store as Record<string, unknown>)[f])), acc), {})),
    (json) => storage.setItem(key, json),
    { fireImmediately: true },
  );
}
