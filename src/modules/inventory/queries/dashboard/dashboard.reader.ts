import { Injectable } from '@nestjs/common';
import { CrudKit } from '../../../../shared/crud';
import { TransactionRunner } from '../../../../shared/database/transaction-runner';
import { AppError } from '../../../../shared/http/app-error';
import { unixNow } from '../../../../shared/http/envelope';
import { siteDayOf } from '../../../../shared/time/site-day';
import { SiteConfigService } from '../../../platform';
import { fromCents } from '../../../../shared/database/money';
import type { DashboardAnswer } from '../../../../../contract/stock';
import { DailyStatRow, monthlyFigures, todayFigures } from './dashboard-figures';
import { PendingOrdersSource } from './pending-orders.source';
import { ExpiryWindowReader } from '../expiry-window/expiry-window.reader';

export type { DashboardAnswer } from '../../../../../contract/stock';

/**
 * `dashboard/index`: today's inbound and outbound quantities and the twelve months of a
 * year, read from the daily statistics projection only (at most 366 × 6 rows by primary key, never the
 * history), the counts of orders awaiting review, and the stock in lots expiring within the warning days
 * or expired. "Today" and months are in the site time zone.
 */
@Injectable()
export class DashboardReader {
  constructor(
    private readonly transactions: TransactionRunner,
    private readonly siteConfig: SiteConfigService,
    private readonly pendingOrders: PendingOrdersSource,
    private readonly kit: CrudKit,
    private readonly expiry: ExpiryWindowReader,
  ) {}

  async execute(query: { year?: unknown }): Promise<DashboardAnswer> {
    const today = siteDayOf(await this.siteConfig.timeZone())(unixNow());
    const currentYear = Number(today.slice(0, 4));
    const year = query.year === undefined || query.year === '' ? currentYear : parseYear(query.year);
    // A replica serves the dashboard when there is one (DB_READ_URL).
    const { warnUntil } = await this.expiry.view();
    const [monthRows, pending, remark, [expiring]] = await this.transactions.read((manager) => Promise.all([
      // the year summed by month in the database (12 × 6 rows instead of a year of days; amounts as whole
      // cents, exact on both databases — SQLite keeps DECIMAL as a float), today's day summed beside it in the
      // same statement (its month is a group of its own when the year asked for is another)
      manager.query(
        `SELECT SUBSTR(day, 1, 7) AS month, form_type, SUM(quantity) AS quantity, SUM(ROUND(amount * 100)) AS cents,
           SUM(CASE WHEN day = ? THEN quantity ELSE 0 END) AS today_quantity
         FROM inventory_daily_stat WHERE (day >= ? AND day <= ?) OR day = ? GROUP BY SUBSTR(day, 1, 7), form_type`,
        [today, `${year}-01-01`, `${year}-12-31`, today],
      ) as Promise<Array<{ month: string; form_type: number | string; quantity: number | string; cents: number | string; today_quantity: number | string }>>,
      this.pendingOrders.count(manager),
      // the remark is cached per process (see SiteVersion): no statement once warm
      this.kit.environment ? this.kit.environment.remark('dashboard') : '',
      // lots (product, lot number) with stock whose expiry is on or before the end of the warning window
      manager.query(
        `SELECT COUNT(*) AS lots, COALESCE(SUM(quantity), 0) AS quantity FROM
           (SELECT product_id, lot_no, SUM(quantity) AS quantity FROM stock WHERE quantity > 0 AND expiry_date <> '' AND expiry_date <= ? GROUP BY product_id, lot_no) expiring`,
        [warnUntil],
      ) as Promise<Array<{ lots: number | string; quantity: number | string }>>,
    ]));
    const yearPrefix = `${String(year).padStart(4, '0')}-`;
    const yearRows: DailyStatRow[] = monthRows
      .filter((row) => row.month.startsWith(yearPrefix))
      .map((row) => ({ day: row.month, form_type: row.form_type, quantity: row.quantity, amount: fromCents(wholeCents(row.cents)) }));
    const todayRows: DailyStatRow[] = monthRows
      .filter((row) => row.month === today.slice(0, 7))
      .map((row) => ({ day: today, form_type: row.form_type, quantity: row.today_quantity, amount: 0 }));
    return {
      remark: remark ?? '',
      today: todayFigures(todayRows),
      pending,
      monthly: monthlyFigures(year, yearRows),
      expiring: { lots: Number(expiring?.lots ?? 0), quantity: Number(expiring?.quantity ?? 0) },
    };
  }
}

/** A SUM of whole cents: a DECIMAL string on MariaDB ("1250" or "1250.0"), a float on SQLite. */
function wholeCents(value: number | string): bigint {
  return typeof value === 'number' ? BigInt(Math.round(value)) : BigInt(String(value).replace(/\.0*$/, ''));
}

function parseYear(value: unknown): number {
  if (typeof value !== 'string' && typeof value !== 'number') throw new AppError('inventory.bad_year');
  const text = String(value).trim();
  if (!/^\d{4}$/.test(text) || Number(text) < 1970) throw new AppError('inventory.bad_year');
  return Number(text);
}
