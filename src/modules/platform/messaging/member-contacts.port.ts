import { CodeChannel } from './domain/verification-code';

/**
 * What sending a code needs to know about members, supplied by the accounts context (which owns them) as a
 * global provider under MEMBER_CONTACTS: the platform never reads the member tables itself.
 */
export interface MemberContacts {
  /** Whether a member already uses this e-mail address or mobile number. */
  isRegistered(channel: CodeChannel, value: string): Promise<boolean>;
  /** The member's bound e-mail and mobile ('' when none); null for an unknown or disabled member. */
  contactOf(memberId: number): Promise<{ email: string; mobile: string } | null>;
}

export const MEMBER_CONTACTS = Symbol('MEMBER_CONTACTS');
