import { Injectable } from '@nestjs/common';
import { CrudKit } from '../../../../shared/crud';
import { TransactionRunner } from '../../../../shared/database/transaction-runner';
import { AppError } from '../../../../shared/http/app-error';
import { unixNow } from '../../../../shared/http/envelope';
import { siteDayOf } from '../../../../shared/time/site-day';
import { SiteConfigService } from '../../../platform';
import { DailyStatRow, monthlyFigures, MonthlyFigures, TodayFigures, todayFigures } from './dashboard-figures';
import { PendingOrderFigures, PendingOrdersSource } from './pending-orders.source';

export interface DashboardAnswer {
  remark: string;
  today: TodayFigures;
  pending: PendingOrderFigures;
  monthly: MonthlyFigures;
}

/**
 * `dashboard/index` (CONTRACT.md §4): today's inbound and outbound quantities and the twelve months of a
 * year, read from the daily statistics projection only (at most 366 × 6 rows by primary key, never the
 * history), and the counts of orders awaiting review. "Today" and months are in the site time zone.
 */
@Injectable()
export class GetDashboardQuery {
  constructor(
    private readonly transactions: TransactionRunner,
    private readonly siteConfig: SiteConfigService,
    private readonly pendingOrders: PendingOrdersSource,
    private readonly kit: CrudKit,
  ) {}

  async execute(query: { year?: unknown }): Promise<DashboardAnswer> {
    const today = siteDayOf(await this.siteConfig.timeZone())(unixNow());
    const currentYear = Number(today.slice(0, 4));
    const year = query.year === undefined || query.year === '' ? currentYear : parseYear(query.year);
    const manager = this.transactions.manager;
    const select = 'SELECT day, form_type, quantity, amount FROM inventory_daily_stat';
    const [yearRows, pending, remark] = await Promise.all([
      manager.query(`${select} WHERE day >= ? AND day <= ?`, [`${year}-01-01`, `${year}-12-31`]) as Promise<DailyStatRow[]>,
      this.pendingOrders.count(),
      this.kit.environment ? this.kit.environment.remark('dashboard') : '',
    ]);
    // today lies in the current year: its rows came with the year's
    const todayRows: DailyStatRow[] = year === currentYear ? yearRows.filter((row) => String(row.day) === today) : await manager.query(`${select} WHERE day = ?`, [today]);
    return { remark: remark ?? '', today: todayFigures(todayRows), pending, monthly: monthlyFigures(year, yearRows) };
  }
}

function parseYear(value: unknown): number {
  if (typeof value !== 'string' && typeof value !== 'number') throw new AppError('inventory.bad_year');
  const text = String(value).trim();
  if (!/^\d{4}$/.test(text) || Number(text) < 1970) throw new AppError('inventory.bad_year');
  return Number(text);
}
