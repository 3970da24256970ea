/**
 * Pure helpers of the monthly charts: the wide answer of `dashboard/index` (one array per series) becomes
 * the long rows bizcharts plots, and amounts in yuan become ten-thousands of yuan for the amount axis.
 */

export interface MonthlySeries {
  /** legend and tooltip name (already translated) */
  name: string;
  /** one value per month: numbers (quantities) or exact decimal strings (amounts, yuan) */
  values: Array<number | string>;
}

export interface ChartRow {
  /** the month's label on the x axis */
  month: string;
  series: string;
  /** plotted value: the quantity, or the amount in ten-thousands of yuan */
  value: number;
  /** the exact figure for the tooltip (quantity, or yuan with two decimals) */
  exact: string;
}

export type ChartMeasure = 'quantity' | 'amount';

export const TEN_THOUSAND = 10000;

/** Yuan (exact string) → ten-thousands of yuan, for plotting only. */
export function toTenThousands(yuan: number | string): number {
  const value = Number(yuan);
  return Number.isFinite(value) ? value / TEN_THOUSAND : 0;
}

/** An axis label in ten-thousands: at most two decimals, no trailing zeros (`1.5`, `12`, `0.03`). */
export function tenThousandsLabel(value: number | string): string {
  const n = Number(value);
  if (!Number.isFinite(n)) return String(value);
  return String(Math.round(n * 100) / 100);
}

/** `1234567.8` → `1,234,567.80` (exact strings keep their digits). */
export function groupedAmount(yuan: number | string): string {
  const text = typeof yuan === 'number' ? yuan.toFixed(2) : String(yuan);
  const [whole, fraction = '00'] = text.split('.');
  const sign = whole.startsWith('-') ? '-' : '';
  return `${sign}${whole.replace('-', '').replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${fraction.padEnd(2, '0').slice(0, 2)}`;
}

/**
 * Long rows for a grouped chart: every month × every series, in month order. `lastMonth` (index) leaves the
 * months after it out — the months of the current year still to come have no figures yet.
 */
export function chartRows(monthLabels: string[], series: MonthlySeries[], measure: ChartMeasure, lastMonth = monthLabels.length - 1): ChartRow[] {
  const rows: ChartRow[] = [];
  monthLabels.forEach((month, i) => {
    if (i > lastMonth) return;
    for (const s of series) {
      const raw = s.values[i] ?? 0;
      rows.push(
        measure === 'amount'
          ? { month, series: s.name, value: toTenThousands(raw), exact: groupedAmount(raw) }
          : { month, series: s.name, value: Number(raw) || 0, exact: String(Number(raw) || 0) },
      );
    }
  });
  return rows;
}
