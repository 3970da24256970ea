/**
 * "Remember my account" of both sign-in forms: the account name, kept in local storage under the spec's
 * persisted key `account` (one entry per identity), filled in on the next visit. Never the password.
 */
import { defaultStorage, type StorageLike } from '@/stores/persist';

export const ACCOUNT_KEY = 'account';
export type AccountKind = 'admin' | 'user';

function read(storage: StorageLike): Partial<Record<AccountKind, string>> {
  try {
    const saved = JSON.parse(storage.getItem(ACCOUNT_KEY) ?? '{}') as unknown;
    return saved && typeof saved === 'object' ? (saved as Partial<Record<AccountKind, string>>) : {};
  } catch {
    return {};
  }
}

/** The account name remembered for this identity ('' when none). */
export function rememberedAccount(kind: AccountKind, storage: StorageLike = defaultStorage()): string {
  const name = read(storage)[kind];
  return typeof name === 'string' ? name.slice(0, 100) : '';
}

/** After a successful sign-in: remembers the name, or forgets it when the box is not ticked. */
export function rememberAccount(kind: AccountKind, name: string, remember: boolean, storage: StorageLike = defaultStorage()): void {
  const saved = read(storage);
  if (remember && name.trim()) saved[kind] = name.trim().slice(0, 100);
  else delete saved[kind];
  if (Object.keys(saved).length) storage.setItem(ACCOUNT_KEY, JSON.stringify(saved));
  else storage.removeItem(ACCOUNT_KEY);
}
