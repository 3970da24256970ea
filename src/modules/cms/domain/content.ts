import { CmsRuleError } from './cms-errors';

/*
 * The content (the spec's cms content) and its enumerations. They are stored and answered as numbers like
 * every enumeration of the spec's states (0 = the "off" or "not yet" value where there is one, as for
 * audit_status); forms, audits and list filters also take the names BuildAdmin's cms client sends (the keys
 * below, any case: `normal`, `_blank`, `RMB`, `integral`, `all`, …):
 *
 *   status                0 unaudited, 1 normal (published), 2 refused, 3 offline
 *   flag (a set)          1 top, 2 hot, 3 recommend, 4 new            — stored as "1,3"
 *   target                1 _blank, 2 _self, 3 _top, 4 _parent
 *   currency              1 RMB, 2 integral
 *   allow_visit_groups    1 all (visitors too), 2 user (signed-in members)
 *   allow_comment_groups  0 disable, 1 all (visitors too), 2 user (signed-in members)
 */
export const CONTENT_STATUS = { unaudited: 0, normal: 1, refused: 2, offline: 3 } as const;
export const CONTENT_FLAG = { top: 1, hot: 2, recommend: 3, new: 4 } as const;
export const LINK_TARGET = { _blank: 1, _self: 2, _top: 3, _parent: 4 } as const;
export const CURRENCY = { rmb: 1, integral: 2 } as const;
export const VISIT_GROUP = { all: 1, user: 2 } as const;
export const COMMENT_GROUP = { disable: 0, all: 1, user: 2 } as const;

export const CONTENT_STATUSES = Object.values(CONTENT_STATUS);
export const CONTENT_FLAGS = Object.values(CONTENT_FLAG);
export const LINK_TARGETS = Object.values(LINK_TARGET);
export const CURRENCIES = Object.values(CURRENCY);
export const VISIT_GROUPS = Object.values(VISIT_GROUP);
export const COMMENT_GROUPS = Object.values(COMMENT_GROUP);

/** The HTML `target` of a link target value (an unknown value opens in the same tab). */
export function targetAttribute(value: number): string {
  return Object.entries(LINK_TARGET).find(([, v]) => v === value)?.[0] ?? '_self';
}

/** A set of flags from an array (of numbers, numeric strings or names) or a comma list; unknown values are errors. */
export function parseFlags(value: unknown): number[] | null {
  const items = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : typeof value === 'number' ? [value] : null;
  if (!items) return null;
  const flags = new Set<number>();
  for (const item of items) {
    const text = typeof item === 'number' ? String(item) : typeof item === 'string' ? item.trim() : '';
    if (text === '') continue;
    const flag = /^\d+$/.test(text) ? Number(text) : (CONTENT_FLAG as Record<string, number>)[text.toLowerCase()];
    if (!(CONTENT_FLAGS as number[]).includes(flag)) return null;
    flags.add(flag);
  }
  return [...flags].sort((a, b) => a - b);
}

/**
 * `title_style`: how a title is drawn, '' or a colour `#rrggbb` and/or `bold`, space separated
 * (`#ff0000 bold`). Anything else is refused, so a style can never carry CSS of its own.
 */
export const TITLE_STYLE_PATTERN = /^(#[0-9a-fA-F]{6})?( ?bold)?$/;

export function normaliseTitleStyle(value: string): string {
  return value.trim().replace(/\s+/g, ' ').toLowerCase();
}

export interface ContentState {
  status: number;
  publish_time: number | null;
}

export interface AuditOutcome {
  status: number;
  memo: string;
  publish_time: number | null;
}

/**
 * Which status an audit may set from which:
 *   normal  ← unaudited, refused, offline   (publishes; the publish time is kept, or set now)
 *   refused ← unaudited                     (needs a memo: the reason the author reads)
 *   offline ← normal                        (takes published content down; a memo is optional)
 */
const AUDIT_FROM: Record<number, readonly number[]> = {
  [CONTENT_STATUS.normal]: [CONTENT_STATUS.unaudited, CONTENT_STATUS.refused, CONTENT_STATUS.offline],
  [CONTENT_STATUS.refused]: [CONTENT_STATUS.unaudited],
  [CONTENT_STATUS.offline]: [CONTENT_STATUS.normal],
};

export const MEMO_MAX = 255;

export function decideContentAudit(content: ContentState, target: number, memo: string, now: number): AuditOutcome {
  const allowedFrom = AUDIT_FROM[target];
  if (!allowedFrom) throw new CmsRuleError('audit_status_invalid');
  const reason = memo.trim();
  if (reason.length > MEMO_MAX) throw new CmsRuleError('memo_too_long', { max: MEMO_MAX });
  if (content.status === target) throw new CmsRuleError('audit_already', { status: `@cms.status.${target}` });
  if (!allowedFrom.includes(content.status)) {
    throw new CmsRuleError('audit_not_from', { from: `@cms.status.${content.status}`, to: `@cms.status.${target}` });
  }
  if (target === CONTENT_STATUS.refused && !reason) throw new CmsRuleError('refuse_needs_memo');
  return {
    status: target,
    memo: target === CONTENT_STATUS.normal ? '' : reason,
    publish_time: target === CONTENT_STATUS.normal ? (content.publish_time ?? now) : content.publish_time,
  };
}

/** Whether content is shown to the public at `now`: published, and its publish time reached. */
export function isPublished(content: ContentState, now: number): boolean {
  return content.status === CONTENT_STATUS.normal && (content.publish_time === null || content.publish_time <= now);
}

/** Reading content of the `user` visit group needs a signed-in member. */
export function assertMayRead(visitGroup: number, signedIn: boolean): void {
  if (visitGroup === VISIT_GROUP.user && !signedIn) throw new CmsRuleError('read_needs_login', {}, { needLogin: true });
}

/** Commenting: never where comments are disabled; on `user` content only as a signed-in member. */
export function assertMayComment(commentGroup: number, signedIn: boolean): void {
  if (commentGroup === COMMENT_GROUP.disable || !(COMMENT_GROUPS as number[]).includes(commentGroup)) throw new CmsRuleError('comments_disabled');
  if (commentGroup === COMMENT_GROUP.user && !signedIn) throw new CmsRuleError('comment_needs_login', {}, { needLogin: true });
}
