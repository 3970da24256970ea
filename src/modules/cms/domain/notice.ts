/*
 * Notices: announcements to admins, members or both, shown from their publish time while enabled; each reader
 * (an admin or a member) has its own read state.
 */

export const NOTICE_AUDIENCE = { admins: 1, members: 2, both: 3 } as const;
export const NOTICE_AUDIENCES = Object.values(NOTICE_AUDIENCE);

export type NoticeReader = { type: 'admin' | 'user'; id: number };

/** The audiences a reader of this kind sees. */
export function audiencesOf(type: NoticeReader['type']): number[] {
  return type === 'admin' ? [NOTICE_AUDIENCE.admins, NOTICE_AUDIENCE.both] : [NOTICE_AUDIENCE.members, NOTICE_AUDIENCE.both];
}
