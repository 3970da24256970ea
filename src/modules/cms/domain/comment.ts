import { CmsRuleError } from './cms-errors';

/** 0 unaudited (just posted), 1 normal (shown under the content), 2 refused. */
export const COMMENT_STATUS = { unaudited: 0, normal: 1, refused: 2 } as const;
export const COMMENT_STATUSES = Object.values(COMMENT_STATUS);

export const COMMENT_MAX = 1000;
/** Seconds a member (or, for visitors, an address) waits between two comments. */
export const COMMENT_INTERVAL = 10;

/**
 * A comment's text as it is stored: plain text (never HTML: it is escaped wherever it is shown), without
 * control characters other than line breaks, trimmed, at most COMMENT_MAX characters.
 */
export function commentText(value: unknown): string {
  if (typeof value !== 'string') throw new CmsRuleError('comment_empty');
  // eslint-disable-next-line no-control-regex
  const text = value.replace(/\r\n?/g, '\n').replace(/[\u0000-\u0009\u000b-\u001f\u007f]/g, '').trim();
  if (!text) throw new CmsRuleError('comment_empty');
  if ([...text].length > COMMENT_MAX) throw new CmsRuleError('comment_too_long', { max: COMMENT_MAX });
  return text;
}

/** An audit of comments sets them shown or refused. */
export function assertCommentAuditStatus(status: number): void {
  if (status !== COMMENT_STATUS.normal && status !== COMMENT_STATUS.refused) throw new CmsRuleError('comment_audit_invalid');
}
