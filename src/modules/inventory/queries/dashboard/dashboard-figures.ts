import { fromCents, toCents } from '../../../../shared/database/money';
import type { MonthlyFigures, TodayFigures } from '../../../../../contract/stock';
import { INBOUND_FORM_TYPES, OUTBOUND_FORM_TYPES } from '../../domain/stock-movement';

/** A row of the daily statistics projection (day in the site time zone). */
export interface DailyStatRow {
  day: string;
  form_type: number | string;
  quantity: number | string;
  /** DECIMAL: a string on MariaDB, a number on SQLite. */
  amount: number | string;
}

export type { MonthlyFigures, TodayFigures } from '../../../../../contract/stock';

type Direction = 'inbound' | 'outbound';

/** Inbound = form types 10/20/30, outbound = 40/50/60; moves between shelves (70) are neither. */
export function directionOf(formType: number): Direction | null {
  if (INBOUND_FORM_TYPES.includes(formType)) return 'inbound';
  if (OUTBOUND_FORM_TYPES.includes(formType)) return 'outbound';
  return null;
}

/** Quantities are stored positive; `Math.abs` keeps the answer positive whatever a row holds. */
const quantityOf = (row: DailyStatRow) => Math.abs(Number(row.quantity));
const centsOf = (row: DailyStatRow) => {
  const cents = toCents(row.amount);
  return cents < 0n ? -cents : cents;
};

/** Today's inbound and outbound quantities from the rows of one day. */
export function todayFigures(rows: DailyStatRow[]): TodayFigures {
  const figures: TodayFigures = { inbound_quantity: 0, outbound_quantity: 0 };
  for (const row of rows) {
    const direction = directionOf(Number(row.form_type));
    if (direction) figures[`${direction}_quantity`] += quantityOf(row);
  }
  return figures;
}

/** The twelve calendar months of `year`: quantities and amounts in and out, from the rows of that year. */
export function monthlyFigures(year: number, rows: DailyStatRow[]): MonthlyFigures {
  const prefix = String(year).padStart(4, '0');
  const months = Array.from({ length: 12 }, (_, i) => `${prefix}-${String(i + 1).padStart(2, '0')}`);
  const quantity = { inbound: new Array<number>(12).fill(0), outbound: new Array<number>(12).fill(0) };
  const cents = { inbound: new Array<bigint>(12).fill(0n), outbound: new Array<bigint>(12).fill(0n) };
  for (const row of rows) {
    const direction = directionOf(Number(row.form_type));
    const month = months.indexOf(String(row.day).slice(0, 7));
    if (!direction || month < 0) continue;
    quantity[direction][month] += quantityOf(row);
    cents[direction][month] += centsOf(row);
  }
  return {
    year,
    months,
    inbound_quantity: quantity.inbound,
    outbound_quantity: quantity.outbound,
    inbound_amount: cents.inbound.map(fromCents),
    outbound_amount: cents.outbound.map(fromCents),
  };
}
