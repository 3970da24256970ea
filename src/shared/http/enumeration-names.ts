/** Names a client may send for an enumeration's numbers (`{ normal: 1, unaudited: 0 }`), matched without case. */
export type EnumerationNames = Readonly<Record<string, number>>;

/**
 * The number an enumeration value stands for: a number, a numeric string, or one of `names` (any case) — as
 * BuildAdmin's clients send enumerations by name. '' and null count as absent (undefined); anything else is
 * answered as it came, for the validator to refuse.
 */
export function enumerationValue(value: unknown, names?: EnumerationNames): unknown {
  if (value === '' || value === null) return undefined;
  if (typeof value !== 'string') return value;
  if (/^\s*[+-]?\d+\s*$/.test(value)) return Number(value);
  if (!names) return value;
  const wanted = value.trim().toLowerCase();
  const match = Object.keys(names).find((name) => name.toLowerCase() === wanted);
  return match === undefined ? value : names[match];
}
