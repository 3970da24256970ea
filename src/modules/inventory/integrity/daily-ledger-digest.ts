import { Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { siteDayOf } from '../../../shared/time/site-day';
import { unixNow } from '../../../shared/http/envelope';
import { SiteConfigService } from '../../platform';
import { LedgerDigests } from './ledger-digests.service';

/** How often a running server looks whether today's digest is taken. */
const CHECK_EVERY_MS = 10 * 60 * 1000;

/**
 * One digest per site day, taken by whichever server process first finds it missing (the day is unique, so
 * two processes never take two). Started by the server (main.ts), not by tests or scripts.
 */
@Injectable()
export class DailyLedgerDigest implements OnApplicationShutdown {
  private readonly logger = new Logger('LedgerDigest');
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly digests: LedgerDigests,
    private readonly siteConfig: SiteConfigService,
  ) {}

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.takeIfDue(), CHECK_EVERY_MS);
    this.timer.unref();
    void this.takeIfDue();
  }

  /** Takes today's digest unless it exists; answers whether one was taken. */
  async takeIfDue(now = unixNow()): Promise<boolean> {
    try {
      const day = siteDayOf(await this.siteConfig.timeZone())(now);
      const taken = await this.digests.byDay(day).then(
        () => true,
        () => false,
      );
      if (taken) return false;
      await this.digests.take(0, day);
      return true;
    } catch (error) {
      this.logger.warn(`Could not take the daily ledger digest: ${(error as Error).message}`);
      return false;
    }
  }

  onApplicationShutdown(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }
}
