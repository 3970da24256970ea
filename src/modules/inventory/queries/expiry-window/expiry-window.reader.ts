import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { CacheRegistry } from '../../../../shared/cache/cache-registry';
import { SiteVersion, VersionedCache } from '../../../../shared/cache/site-version';
import { unixNow } from '../../../../shared/http/envelope';
import { siteDayOf } from '../../../../shared/time/site-day';
import { SiteConfigService } from '../../../platform';
import { addDays } from '../../domain/lots';

export const DEFAULT_EXPIRY_WARNING_DAYS = 30;
const MAX_DAYS = 36500;

/** Whole days from `today` to `expiry` (both `YYYY-MM-DD`): 0 on the expiry day, negative once expired; null without expiry. */
export function daysLeft(expiry: string, today: string): number | null {
  if (!expiry) return null;
  return Math.round((Date.parse(`${expiry}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000);
}

/** A day count as a query parameter or a setting holds it (0–36500), else null. */
export function dayCount(value: unknown): number | null {
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  const text = String(value).trim();
  if (!/^\d{1,5}$/.test(text)) return null;
  const days = Number(text);
  return days <= MAX_DAYS ? days : null;
}

export interface ExpiryView {
  /** Today in the site time zone. */
  today: string;
  /** The site setting `expiry_warning_days` (30 when unset or not a day count). */
  warningDays: number;
  /** The last expiry day that counts as "expiring soon". */
  warnUntil: string;
}

/**
 * "Today" and the expiry warning window, from the site settings. The warning days are kept per process while
 * the site version stays the same (an edit of any setting raises it), like the time zone.
 */
@Injectable()
export class ExpiryWindowReader {
  private readonly days: VersionedCache<'expiry_warning_days', number>;

  constructor(
    private readonly siteConfig: SiteConfigService,
    siteVersion: SiteVersion,
    caches: CacheRegistry,
  ) {
    this.days = new VersionedCache(siteVersion, caches, 'config', 1);
  }

  async view(manager?: EntityManager): Promise<ExpiryView> {
    const today = siteDayOf(await this.siteConfig.timeZone(manager))(unixNow());
    const read = async () => dayCount(await this.siteConfig.get('expiry_warning_days', manager)) ?? DEFAULT_EXPIRY_WARNING_DAYS;
    const warningDays = manager ? await read() : await this.days.get('expiry_warning_days', read);
    return { today, warningDays, warnUntil: addDays(today, warningDays) };
  }
}
