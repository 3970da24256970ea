import { randomBytes, scrypt as scryptCallback, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';

const scrypt = promisify(scryptCallback) as (password: string, salt: Buffer, keylen: number, options: object) => Promise<Buffer>;

/** scrypt parameters: memory-hard (N·r·128 = 16 MiB), about 50 ms on this hardware. */
const DEFAULT_N = 16384;
const COST = { r: 8, p: 1 } as const;
const KEY_LENGTH = 32;

/**
 * scrypt's N for new hashes: `PASSWORD_COST` (a power of two from 1,024 to 1,048,576), 16,384 without it. The
 * test suite hashes with 1,024 (some two thousand sign-ins a run); a value outside the range is refused, not
 * bent, so a typo cannot weaken every new password silently.
 */
export function passwordCost(env: NodeJS.ProcessEnv = process.env): number {
  const text = env.PASSWORD_COST;
  if (text === undefined || text === '') return DEFAULT_N;
  const n = Number(text);
  if (!Number.isInteger(n) || n < 1024 || n > 1048576 || (n & (n - 1)) !== 0) {
    throw new Error(`PASSWORD_COST must be a power of two from 1024 to 1048576 (scrypt's N), not "${text}"`);
  }
  return n;
}

/** `scrypt$N$r$p$<salt b64>$<hash b64>`: the parameters travel with the hash so they can be raised later. */
export async function hashPassword(plain: string): Promise<string> {
  const salt = randomBytes(16);
  const N = passwordCost();
  // N·r·128 bytes: 128 MiB at the largest N allowed
  const hash = await scrypt(plain, salt, KEY_LENGTH, { N, ...COST, maxmem: 2 * 128 * N * COST.r });
  return ['scrypt', N, COST.r, COST.p, salt.toString('base64'), hash.toString('base64')].join('$');
}

export async function verifyPassword(plain: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const actual = await scrypt(plain, Buffer.from(salt, 'base64'), expected.length, { N: Number(n), r: Number(r), p: Number(p), maxmem: 2 * 128 * Number(n) * Number(r) });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** Passwords: 6–32 characters without & < > " ' (nor line breaks). */
export const PASSWORD_PATTERN = /^(?!.*[&<>"'\r\n]).{6,32}$/;
/** Usernames: 3–15 characters, a letter first, then letters, digits and underscores. */
export const ACCOUNT_PATTERN = /^[a-zA-Z][a-zA-Z0-9_]{2,14}$/;

let dummyHash: Promise<string> | null = null;

/**
 * A hash of a random password with the cost of real ones: a sign-in for a name without an account checks
 * against it, so it takes as long as one for a real account and the time tells nobody which names exist.
 */
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(24).toString('base64'));
  return dummyHash;
}
