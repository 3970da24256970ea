import { ValueTransformer } from 'typeorm';

/**
 * A set of small numbers stored as a comma list ("1,3"), so FIND_IN_SET searches work on MySQL and SQLite
 * alike; rows carry it as an array of numbers.
 */
export const numberListTransformer: ValueTransformer = {
  to: (value: unknown) => (Array.isArray(value) ? value.join(',') : value),
  from: (value: unknown) =>
    typeof value === 'string'
      ? value
          .split(',')
          .map((item) => Number(item.trim()))
          .filter((item) => Number.isSafeInteger(item) && item > 0)
      : [],
};

/** DECIMAL arrives as a string from MySQL and as a number from SQLite: always the two-decimal string. */
export const moneyTransformer: ValueTransformer = {
  to: (value: unknown) => value,
  from: (value: unknown) => (value === null || value === undefined ? value : Number(value).toFixed(2)),
};

/** A JSON value stored as text (a content model's fields, content's extra values); unreadable text reads as null. */
export const jsonTransformer: ValueTransformer = {
  to: (value: unknown) => (value === undefined ? undefined : value === null ? null : JSON.stringify(value)),
  from: (value: unknown) => {
    if (typeof value !== 'string' || !value) return null;
    try {
      return JSON.parse(value) as unknown;
    } catch {
      return null;
    }
  },
};
