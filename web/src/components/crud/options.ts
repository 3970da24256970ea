/**
 * Enumerations shared by many pages (labels are crud.* language keys).
 */
import type { CrudOption } from './types';

/** status 0 disabled / 1 enabled */
export const STATUS_OPTIONS: CrudOption[] = [
  { value: 0, label: 'crud.disable', color: 'red' },
  { value: 1, label: 'crud.enable', color: 'green' },
];

/** 0 hidden / 1 shown */
export const SHOW_OPTIONS: CrudOption[] = [
  { value: 0, label: 'crud.hidden', color: 'gray' },
  { value: 1, label: 'crud.shown', color: 'green' },
];

export const YES_NO_OPTIONS: CrudOption[] = [
  { value: 0, label: 'crud.no', color: 'gray' },
  { value: 1, label: 'crud.yes', color: 'arcoblue' },
];

/**
 * The options of an enumeration whose labels are the language keys `<prefix>.<value>`: each value, in order,
 * with its tag colour. `tagOptions('orders.auditStatus', [[0, 'orange'], [1, 'green']])`.
 */
export function tagOptions(prefix: string, values: ReadonlyArray<readonly [value: string | number, color?: string]>): CrudOption[] {
  return values.map(([value, color]) => ({ value, label: `${prefix}.${value}`, ...(color ? { color } : {}) }));
}
