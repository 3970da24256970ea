import { EntityManager } from 'typeorm';
import type { SiteConfigForClient } from '../../../../contract/config';
import { Injectable } from '@nestjs/common';
import { I18nContext } from 'nestjs-i18n';
import { CacheRegistry } from '../../../shared/cache/cache-registry';
import { SiteVersion, VersionedCache } from '../../../shared/cache/site-version';
import { translate } from '../../../shared/http/translate';
import { ConfigValue, decodeConfigValue, validTimeZone } from './domain/config-value';
import { parseFileSize } from '../upload/domain/file-size';
import { ConfigEntity } from './persistence/config.entity';
import { ConfigRepository } from './persistence/config.repository';
import { DEFAULT_UPLOAD } from './seed/config-rows';
import { cloudNotConfiguredError, messageOf } from '../upload/cloud/cloud-errors';
import { CLOUD_SETTING_NAMES, cloudUploadParams, CloudUploadParams, readCloudSettings } from '../upload/cloud/cloud-settings';
import { seededText } from '../../../shared/http/seeded-text';

export const DEFAULT_TIME_ZONE = 'Asia/Shanghai';

/** The site settings the front ends receive in their bootstrap (`siteConfig`, contract/config.ts). Never holds secrets. */
export type { SiteConfigForClient };

const CLIENT_NAMES = ['site_name', 'time_zone', 'record_number', 'version', 'upload_mode', 'upload_maxsize', 'upload_savename', 'upload_mimetype', ...Object.values(CLOUD_SETTING_NAMES)];
const DEFAULT_MAXSIZE = parseFileSize(DEFAULT_UPLOAD.maxsize)!;

/** Config texts seeded as i18n keys (titles, tips, group and option labels); anything else is shown as typed. */
const CONFIG_TEXT_KEY = /^platform\.config\.[a-z0-9_]+\.[a-z0-9_]+$/;

export function translateConfigText(text: string, i18n: I18nContext | undefined = I18nContext.current()): string {
  if (!CONFIG_TEXT_KEY.test(text) || !i18n) return text;
  return translate(text, {}, i18n);
}

/**
 * Reads the site configuration. Every call reads the database (one indexed query) except the time zone,
 * which every list and the dashboard need: it is kept per process while the site version stays the same (an
 * edit of any setting, through any app process or by SQL, raises it; see SiteVersion).
 */
@Injectable()
export class SiteConfigService {
  private readonly zone: VersionedCache<'time_zone', string>;

  constructor(
    private readonly rows: ConfigRepository,
    siteVersion: SiteVersion,
    caches: CacheRegistry,
  ) {
    this.zone = new VersionedCache(siteVersion, caches, 'config', 1);
  }

  /** The value of one setting, decoded by its type; null when there is no such setting. */
  async get(name: string, manager?: EntityManager): Promise<ConfigValue | null> {
    const row = await this.rows.findByName(name, manager);
    return row ? decode(row) : null;
  }

  /** Every setting of a group, by name. */
  async group(group: string): Promise<Record<string, ConfigValue>> {
    return toRecord(await this.rows.findByGroup(group));
  }

  /** Several settings at once, by name (missing names are absent). */
  async values(names: string[]): Promise<Record<string, ConfigValue>> {
    return toRecord(await this.rows.findByNames(names));
  }

  /**
   * The site time zone used for "today" and months; Asia/Shanghai when unset or unknown. Inside a
   * transaction pass its manager: the value kept for this request's site version, else read on the
   * transaction's own connection.
   */
  async timeZone(manager?: EntityManager): Promise<string> {
    // never a second pooled connection while the transaction holds one (a full pool would wait on itself)
    if (manager) return this.zone.peek('time_zone') ?? this.readTimeZone(manager);
    return this.zone.get('time_zone', () => this.readTimeZone());
  }

  private async readTimeZone(manager?: EntityManager): Promise<string> {
    return validTimeZone(text(await this.get('time_zone', manager))) ?? DEFAULT_TIME_ZONE;
  }

  /**
   * The site's name as the current reader sees it (printed documents, messages): the seeded name in the
   * reader's language until the site names itself, then as typed; "WMS" when it is empty.
   */
  async siteName(): Promise<string> {
    return seededText(text(await this.get('site_name'))).trim() || 'WMS';
  }

  async forClient(): Promise<SiteConfigForClient> {
    const values = await this.values(CLIENT_NAMES);
    const mode = text(values.upload_mode) || DEFAULT_UPLOAD.mode;
    return {
      // the seeded name in the reader's language until the site names itself
      siteName: seededText(text(values.site_name)),
      recordNumber: text(values.record_number),
      version: text(values.version),
      cdnUrl: '',
      apiUrl: '',
      timeZone: validTimeZone(text(values.time_zone)) ?? DEFAULT_TIME_ZONE,
      headNav: [],
      upload: {
        mode,
        maxsize: parseFileSize(text(values.upload_maxsize)) ?? DEFAULT_MAXSIZE,
        savename: text(values.upload_savename) || DEFAULT_UPLOAD.savename,
        mimetype: text(values.upload_mimetype),
        params: uploadParams(mode, values),
      },
    };
  }
}

/** The cloud upload params (never a secret: the settings are read, only bucket, region and endpoint sent). */
function uploadParams(mode: string, values: Record<string, ConfigValue>): CloudUploadParams | Record<string, never> {
  const { params, invalid } = cloudUploadParams(mode, readCloudSettings(values));
  if ('errno' in params && params.errno) params.errmsg = messageOf(cloudNotConfiguredError(invalid));
  return params;
}

function decode(row: ConfigEntity): ConfigValue {
  return decodeConfigValue(row.type, row.value);
}

function toRecord(rows: ConfigEntity[]): Record<string, ConfigValue> {
  return Object.fromEntries(rows.map((row) => [row.name, decode(row)]));
}

function text(value: ConfigValue | null | undefined): string {
  return typeof value === 'string' ? value : '';
}
