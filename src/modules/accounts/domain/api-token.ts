import { createHash, randomInt } from 'node:crypto';
import { API_TOKEN_PREFIX } from '../../../../contract/integration';

/*
 * API tokens: `wms_` + 40 letters and digits (62^40 ≈ 2^238 possibilities), answered once and kept only as
 * their SHA-256. A fast hash is right here, unlike for passwords: a password is short and guessable, so it
 * needs a slow, salted KDF to make guessing expensive; a token is a uniformly random 238-bit secret that no
 * one can guess, and the hash must be looked up by equality on every request (an indexed column), which a
 * salted KDF would not allow.
 */

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
export const API_TOKEN_PATTERN = /^wms_[A-Za-z0-9]{40}$/;
/** How long a token's `last_used_time` may lag: it is written at most once per this many seconds. */
export const LAST_USED_GRANULARITY = 60;

/** A new token (uniform over the alphabet: `randomInt` draws without modulo bias). */
export function newApiToken(): string {
  let token = API_TOKEN_PREFIX;
  for (let i = 0; i < 40; i++) token += ALPHABET[randomInt(ALPHABET.length)];
  return token;
}

export function isApiToken(value: string): boolean {
  return value.startsWith(API_TOKEN_PREFIX);
}

export function apiTokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** What a list shows of a token: its prefix and the first four characters of its secret part. */
export function apiTokenPrefix(token: string): string {
  return token.slice(0, API_TOKEN_PREFIX.length + 4);
}

/** A token row's state at `now`: usable, expired, or switched off. */
export function apiTokenState(row: { status: number; expire_time: number | null }, now: number): 'valid' | 'expired' | 'disabled' {
  if (Number(row.status) !== 1) return 'disabled';
  const expires = Number(row.expire_time ?? 0);
  return expires > 0 && expires <= now ? 'expired' : 'valid';
}

/** The permission nodes a token grants: those of its own rules that its admin still holds (a super admin holds all). */
export function tokenNodes(adminNodes: ReadonlySet<string>, adminIsSuper: boolean, tokenRuleNodes: ReadonlySet<string>): Set<string> {
  return new Set([...tokenRuleNodes].filter((node) => adminIsSuper || adminNodes.has(node)));
}

/** Whether `last_used_time` is due to be written again. */
export function lastUseDue(lastUsed: number | null, now: number): boolean {
  return !lastUsed || now - Number(lastUsed) >= LAST_USED_GRANULARITY;
}

/** Rule ids as stored (`'3,7,9'`) → numbers; anything else is dropped. */
export function tokenRuleIds(stored: string | null | undefined): number[] {
  return String(stored ?? '')
    .split(',')
    .map((part) => Number(part.trim()))
    .filter((id) => Number.isInteger(id) && id > 0);
}

/** The ids among `requested` the admin does not hold (empty: the token's rules are a subset of the admin's). */
export function rulesBeyond(requested: readonly number[], held: ReadonlySet<number>): number[] {
  return requested.filter((id) => !held.has(id));
}
