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
 * `dashboard/index`: today's inbound and outbound quantities and the twelve months of a year, the counts of
 * orders awaiting review, and the stock in lots expiring within the warning days or expired — from figures
 * the ledger keeps current in each posting's transaction (daily and monthly statistics, each lot's stock),
 * never summed from the history or the stock rows per request. Two statements once warm besides the token's:
 * the kept figures, the pending counts. "Today" and months are in the site time zone.
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
    const [rows, pending, remark] = await this.transactions.read((manager) => Promise.all([
      // figures the ledger keeps in each posting's transaction, read by key in one statement: the year's
      // months (12 × form types rows of the monthly statistics), today's rows of the daily statistics, and the
      // lots with stock whose expiry is on or before the end of the warning window (`stock_lot.quantity`, read
      // along its (expiry_date, quantity) index). Amounts as whole cents, exact on both databases (SQLite keeps
      // DECIMAL as a float).
      manager.query(
        `SELECT 'month' AS kind, month AS k, form_type, quantity, ROUND(amount * 100) AS cents FROM inventory_monthly_stat WHERE month >= ? AND month <= ?
         UNION ALL SELECT 'today', day, form_type, quantity, 0 FROM inventory_daily_stat WHERE day = ?
         UNION ALL SELECT 'expiring', '', COUNT(*), COALESCE(SUM(quantity), 0), 0 FROM stock_lot WHERE expiry_date <> '' AND expiry_date <= ? AND quantity > 0`,
        [`${year}-01`, `${year}-12`, today, warnUntil],
      ) as Promise<Array<{ kind: string; k: string; form_type: number | string; quantity: number | string; cents: number | string }>>,
      this.pendingOrders.count(manager),
      // the remark is cached per process (see SiteVersion): no statement once warm
      this.kit.environment ? this.kit.environment.remark('dashboard') : '',
    ]));
    const yearRows: DailyStatRow[] = rows
      .filter((row) => row.kind === 'month')
      .map((row) => ({ day: row.k, form_type: row.form_type, quantity: row.quantity, amount: fromCents(wholeCents(row.cents)) }));
    const todayRows: DailyStatRow[] = rows.filter((row) => row.kind === 'today').map((row) => ({ day: today, form_type: row.form_type, quantity: row.quantity, amount: 0 }));
    // the expiring row: its lot count travels in form_type, its units in quantity
    const expiring = rows.find((row) => row.kind === 'expiring');
    return {
      remark: remark ?? '',
      today: todayFigures(todayRows),
      pending,
      monthly: monthlyFigures(year, yearRows),
      expiring: { lots: Number(expiring?.form_type ?? 0), quantity: Number(expiring?.quantity ?? 0) },
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
