/**
 * The content enumerations as the server sends them (numbers), with their labels (cmsText.* keys) and tag
 * colours: status, flags, link target, currency, visit and comment groups, comment status.
 */
import type { CSSProperties } from 'react';
import type { CrudOption } from '@/components/crud';

export const CONTENT_STATUS = { unaudited: 0, normal: 1, refused: 2, offline: 3 } as const;
export const COMMENT_STATUS = { unaudited: 0, normal: 1, refused: 2 } as const;

export const CONTENT_STATUS_OPTIONS: CrudOption[] = [
  { value: 0, label: 'cmsText.status.0', color: 'orange' },
  { value: 1, label: 'cmsText.status.1', color: 'green' },
  { value: 2, label: 'cmsText.status.2', color: 'red' },
  { value: 3, label: 'cmsText.status.3', color: 'gray' },
];
export const FLAG_OPTIONS: CrudOption[] = [
  { value: 1, label: 'cmsText.flag.1', color: 'red' },
  { value: 2, label: 'cmsText.flag.2', color: 'orangered' },
  { value: 3, label: 'cmsText.flag.3', color: 'arcoblue' },
  { value: 4, label: 'cmsText.flag.4', color: 'green' },
];
export const TARGET_OPTIONS: CrudOption[] = [1, 2, 3, 4].map((value) => ({ value, label: `cmsText.target.${value}` }));
export const CURRENCY_OPTIONS: CrudOption[] = [1, 2].map((value) => ({ value, label: `cmsText.currency.${value}` }));
export const VISIT_OPTIONS: CrudOption[] = [
  { value: 1, label: 'cmsText.visit.1', color: 'green' },
  { value: 2, label: 'cmsText.visit.2', color: 'arcoblue' },
];
export const COMMENT_GROUP_OPTIONS: CrudOption[] = [
  { value: 0, label: 'cmsText.commentGroup.0', color: 'gray' },
  { value: 1, label: 'cmsText.commentGroup.1', color: 'green' },
  { value: 2, label: 'cmsText.commentGroup.2', color: 'arcoblue' },
];
export const COMMENT_STATUS_OPTIONS: CrudOption[] = [
  { value: 0, label: 'cmsText.commentStatus.0', color: 'orange' },
  { value: 1, label: 'cmsText.commentStatus.1', color: 'green' },
  { value: 2, label: 'cmsText.commentStatus.2', color: 'red' },
];

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
