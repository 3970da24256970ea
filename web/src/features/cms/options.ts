/**
 * The content enumerations as the server sends them (numbers), with their labels (cmsText.* keys) and tag
 * colours: status, flags, link target, currency, visit and comment groups, comment status.
 */
import type { CSSProperties } from 'react';
import { tagOptions } from '@/components/crud/options';

export const CONTENT_STATUS = { unaudited: 0, normal: 1, refused: 2, offline: 3 } as const;
export const COMMENT_STATUS = { unaudited: 0, normal: 1, refused: 2 } as const;

export const CONTENT_STATUS_OPTIONS = tagOptions('cmsText.status', [[0, 'orange'], [1, 'green'], [2, 'red'], [3, 'gray']]);
export const FLAG_OPTIONS = tagOptions('cmsText.flag', [[1, 'red'], [2, 'orangered'], [3, 'arcoblue'], [4, 'green']]);
export const TARGET_OPTIONS = tagOptions('cmsText.target', [[1], [2], [3], [4]]);
export const CURRENCY_OPTIONS = tagOptions('cmsText.currency', [[1], [2]]);
export const VISIT_OPTIONS = tagOptions('cmsText.visit', [[1, 'green'], [2, 'arcoblue']]);
export const COMMENT_GROUP_OPTIONS = tagOptions('cmsText.commentGroup', [[0, 'gray'], [1, 'green'], [2, 'arcoblue']]);
export const COMMENT_STATUS_OPTIONS = tagOptions('cmsText.commentStatus', [[0, 'orange'], [1, 'green'], [2, 'red']]);

const TARGETS: Record<number, string> = { 1: '_blank', 2: '_self', 3: '_top', 4: '_parent' };

/** The HTML target of a link target value. */
export function targetAttr(value: unknown): string {
  return TARGETS[Number(value)] ?? '_self';
}

/** `title_style` ("#ff0000 bold") as a style; anything else is ignored (the server only stores that form). */
export function titleStyle(value: unknown): CSSProperties {
  const style: CSSProperties = {};
  if (typeof value !== 'string') return style;
  const color = /^#[0-9a-f]{6}\b/i.exec(value.trim());
  if (color) style.color = color[0];
  if (/\bbold\b/.test(value)) style.fontWeight = 600;
  return style;
}
