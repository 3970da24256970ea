import { TableColumnOptions } from 'typeorm';

/** Column shorthands so each migration reads as a field list and produces the same DDL on SQLite and MySQL. */
export const col = {
  id: (): TableColumnOptions => ({ name: 'id', type: 'integer', isPrimary: true, isGenerated: true, generationStrategy: 'increment', unsigned: true }),
  int: (name: string, options: Partial<TableColumnOptions> = {}): TableColumnOptions => ({ name, type: 'int', default: 0, ...options }),
  ref: (name: string, options: Partial<TableColumnOptions> = {}): TableColumnOptions => ({ name, type: 'int', unsigned: true, default: 0, ...options }),
  tinyint: (name: string, fallback = 0): TableColumnOptions => ({ name, type: 'tinyint', default: fallback }),
  varchar: (name: string, length: number, options: Partial<TableColumnOptions> = {}): TableColumnOptions => ({ name, type: 'varchar', length: String(length), default: "''", ...options }),
  text: (name: string, options: Partial<TableColumnOptions> = {}): TableColumnOptions => ({ name, type: 'text', isNullable: true, ...options }),
  money: (name: string): TableColumnOptions => ({ name, type: 'decimal', precision: 14, scale: 2, default: "'0.00'" }),
  /** Unix seconds; unsigned on MySQL so it lasts past 2038. */
  time: (name: string, options: Partial<TableColumnOptions> = {}): TableColumnOptions => ({ name, type: 'int', unsigned: true, isNullable: true, ...options }),
  timestamps: (): TableColumnOptions[] => [col.time('createtime'), col.time('updatetime')],
};
