import { ValueTransformer } from 'typeorm';

/**
 * DECIMAL(14,2) columns as strings with two decimals ("12.50"), whatever the driver returns: mysql2 answers
 * the exact decimal text, better-sqlite3 a number (SQLite keeps DECIMAL with numeric affinity; 14 significant
 * digits survive the round trip).
 */
export const moneyTransformer: ValueTransformer = {
  to: (value: unknown) => value,
  from: (value: unknown) => {
    if (value === null || value === undefined) return value;
    if (typeof value === 'string' && /^-?\d+\.\d{2}$/.test(value)) return value;
    return Number(value).toFixed(2);
  },
};
