import { Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { TransactionRunner } from '../../../shared/database/transaction-runner';
import { isDuplicateKey } from '../../../shared/database/sql-dialect';
import { unixNow } from '../../../shared/http/envelope';
import { ModuleRegistry } from '../../../shared/modules/module-registry';
import { siteDayOf } from '../../../shared/time/site-day';
import { ExpiringLotsReader } from '../../inventory';
import { SiteConfigService } from '../../platform';
import { RobotDailyEntity } from '../persistence/robot.entities';
import { RobotNotifier } from './robot-notifier.service';

/** How often a running server looks whether today's daily alerts went out. */
const CHECK_EVERY_MS = 10 * 60 * 1000;
/** The job's name in the module registry: it does not run while the robots module is disabled. */
export const LOT_EXPIRING_JOB = 'robots.lot_expiring';

/** Lots one message lists at most. */
const LOTS_LISTED = 20;

/**
 * `lot.expiring`, once per site day: the lots on hand that expire within the warning window, sent by
 * whichever server process first claims the day (a unique row of `robot_daily`), so two processes never send
 * it twice. Started by the server (main.ts), not by tests or scripts (they call `runDue`).
 */
@Injectable()
export class DailyRobotAlerts implements OnApplicationShutdown {
  private readonly logger = new Logger('Robots');
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly transactions: TransactionRunner,
    private readonly siteConfig: SiteConfigService,
    private readonly lots: ExpiringLotsReader,
    private readonly notifier: RobotNotifier,
    private readonly modules: ModuleRegistry,
  ) {}

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.runDue(), CHECK_EVERY_MS);
    this.timer.unref();
    void this.runDue();
  }

  /** Sends today's `lot.expiring` unless a process did already; answers how many lots it listed (null: not due). */
  async runDue(now = unixNow()): Promise<number | null> {
    try {
      if (!(await this.modules.runs(LOT_EXPIRING_JOB))) return null;
      // the day is claimed only when a robot listens: one added later that day still gets today's list
      if (!(await this.notifier.listens('lot.expiring'))) return null;
      const day = siteDayOf(await this.siteConfig.timeZone())(now);
      const claimed = await this.transactions
        .run((manager) => manager.insert(RobotDailyEntity, { event: 'lot.expiring', day, createtime: now }))
        .then(
          () => true,
          (error: unknown) => {
            if (isDuplicateKey(error)) return false;
            throw error;
          },
        );
      if (!claimed) return null;
      const { warningDays, lots } = await this.lots.within(LOTS_LISTED);
      if (!lots.length) return 0;
      const list = lots.map((lot) => `- ${lot.product_name} (${lot.product_no}) ${lot.lot_no || '-'} ${lot.expiry_date} × ${lot.quantity}`).join('\n');
      await this.notifier.notify('lot.expiring', { count: lots.length, days: warningDays, lots: list });
      return lots.length;
    } catch (error) {
      this.logger.warn(`Could not send the daily robot alerts: ${(error as Error).message}`);
      return null;
    }
  }

  onApplicationShutdown(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }
}
