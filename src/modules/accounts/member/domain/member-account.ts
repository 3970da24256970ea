/** Rules about member accounts that do not depend on storage (plain TypeScript). */

export const MOBILE_PATTERN = /^1[3-9]\d{9}$/;
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** Member usernames: 3–15 characters, a letter first, then letters, digits and underscores. */
export const USERNAME_PATTERN = /^[a-zA-Z][a-zA-Z0-9_]{2,14}$/;
/** YYYY-MM-DD of a real calendar day. */
export const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

export type LoginKind = 'mobile' | 'email' | 'username';

/** Which column a sign-in name refers to: a mobile number, an e-mail address or a username. */
export function loginKindOf(account: string): LoginKind | null {
  const value = account.trim();
  if (MOBILE_PATTERN.test(value)) return 'mobile';
  if (EMAIL_PATTERN.test(value)) return 'email';
  if (USERNAME_PATTERN.test(value)) return 'username';
  return null;
}

/** 138****1234 */
export function maskMobile(mobile: string): string {
  return mobile.length === 11 ? `${mobile.slice(0, 3)}****${mobile.slice(7)}` : mobile;
}

export function isCalendarDate(value: string): boolean {
  if (!DATE_PATTERN.test(value)) return false;
  const [y, m, d] = value.split('-').map(Number);
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d && y >= 1900;
}

export const GENDERS = [0, 1, 2] as const;
