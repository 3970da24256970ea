import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { CodeChannel } from '../../../../../contract/member';

/** How a code travels (contract/member.ts). */
export type { CodeChannel };

/**
 * What a code is for (BuildAdmin's event names): signing up, resetting a forgotten password, binding a new
 * address, and proving the current address before changing it.
 */
export const CODE_EVENTS: Record<CodeChannel, readonly string[]> = {
  email: ['user_register', 'user_retrieve_pwd', 'user_change_email', 'user_email_verify'],
  mobile: ['user_register', 'user_retrieve_pwd', 'user_change_mobile', 'user_mobile_verify'],
};

export type CodePurpose = 'register' | 'retrieve' | 'change' | 'verify';

/** Seconds a code stays valid. */
export const CODE_TTL = 600;
/** Seconds before the same address may receive a new code for the same event. */
export const RESEND_INTERVAL = 60;
/** Wrong answers after which a code is void. */
export const MAX_CODE_ATTEMPTS = 5;
export const CODE_LENGTH = 6;

export function isCodeEvent(channel: CodeChannel, event: unknown): event is string {
  return typeof event === 'string' && CODE_EVENTS[channel].includes(event);
}

export function purposeOf(event: string): CodePurpose {
  if (event === 'user_register') return 'register';
  if (event === 'user_retrieve_pwd') return 'retrieve';
  if (event.startsWith('user_change_')) return 'change';
  return 'verify';
}

/** E-mail addresses compare case-insensitively; mobiles as typed, without spaces. */
export function normaliseTarget(channel: CodeChannel, target: string): string {
  const trimmed = target.trim();
  return channel === 'email' ? trimmed.toLowerCase() : trimmed.replace(/\s+/g, '');
}

export function codeKey(channel: CodeChannel, event: string, target: string): string {
  return createHash('sha256').update(`${channel}\n${event}\n${normaliseTarget(channel, target)}`, 'utf8').digest('hex');
}

/** A new code: CODE_LENGTH digits from a CSPRNG. */
export function generateCode(): string {
  return String(randomInt(0, 10 ** CODE_LENGTH)).padStart(CODE_LENGTH, '0');
}

export function newSalt(): string {
  return randomBytes(16).toString('hex');
}

export function hashCode(salt: string, code: string): string {
  return createHash('sha256').update(`${salt}:${code.trim()}`, 'utf8').digest('hex');
}

export function codeMatches(salt: string, storedHash: string, answer: unknown): boolean {
  if (typeof answer !== 'string' || !answer.trim() || answer.length > 32) return false;
  const expected = Buffer.from(storedHash, 'hex');
  const actual = Buffer.from(hashCode(salt, answer), 'hex');
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

export interface StoredCode {
  salt: string;
  code_hash: string;
  attempts: number;
  expiretime: number | null;
}

/** What checking `answer` against a stored code decides. */
export type CodeCheck = { outcome: 'match' } | { outcome: 'wrong'; attempts: number; void: boolean } | { outcome: 'void' };

export function checkCode(stored: StoredCode | null, answer: unknown, now: number): CodeCheck {
  if (!stored || (stored.expiretime ?? 0) < now || stored.attempts >= MAX_CODE_ATTEMPTS) return { outcome: 'void' };
  if (codeMatches(stored.salt, stored.code_hash, answer)) return { outcome: 'match' };
  const attempts = stored.attempts + 1;
  return { outcome: 'wrong', attempts, void: attempts >= MAX_CODE_ATTEMPTS };
}
