import { Injectable, Logger } from '@nestjs/common';
import { SiteConfigService } from '../../config/site-config.service';
import { AliyunSmsDriver } from './aliyun-sms.driver';
import { DatabaseSmsDriver } from './database-sms.driver';
import { SmsDriver, SmsMessage, SmsProviderError, SmsSettings } from './sms-driver';
import { TencentSmsDriver } from './tencent-sms.driver';

/** The setting names of the config group `sms`. */
export const SMS_SETTING_NAMES = ['sms_driver', 'sms_access_key_id', 'sms_access_key_secret', 'sms_sign_name', 'sms_region', 'sms_sdk_app_id', 'sms_endpoint'] as const;

export type SmsDriverName = 'none' | 'database' | 'aliyun' | 'tencent';

function text(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}

/**
 * The SMS driver in use:
 * - the SMS_DRIVER environment variable when set (`database`: the development driver, which records
 *   messages in `sms_message`; `none`: off; `aliyun` / `tencent`: that provider with the site settings);
 * - else the site setting `sms_driver` (Routine → Site settings → SMS): none, aliyun or tencent, with the
 *   provider's keys (the secret is a `password` item), sign name, region and SDK app id.
 * A provider whose settings are incomplete counts as off. Read on every send: an edit applies at once.
 */
@Injectable()
export class SmsService {
  private readonly logger = new Logger('Sms');
  private readonly drivers: ReadonlyMap<string, SmsDriver>;

  constructor(
    database: DatabaseSmsDriver,
    aliyun: AliyunSmsDriver,
    tencent: TencentSmsDriver,
    private readonly siteConfig: SiteConfigService,
  ) {
    this.drivers = new Map<string, SmsDriver>([database, aliyun, tencent].map((d) => [d.name, d]));
  }

  async driver(env: NodeJS.ProcessEnv = process.env): Promise<{ driver: SmsDriver; settings: SmsSettings } | null> {
    const values = await this.siteConfig.values([...SMS_SETTING_NAMES]);
    const name = (text(env.SMS_DRIVER) || text(values.sms_driver)).toLowerCase();
    const driver = this.drivers.get(name);
    if (!driver) return null;
    const settings: SmsSettings = {
      accessKeyId: text(values.sms_access_key_id),
      accessKeySecret: typeof values.sms_access_key_secret === 'string' ? values.sms_access_key_secret : '',
      signName: text(values.sms_sign_name),
      region: text(values.sms_region),
      sdkAppId: text(values.sms_sdk_app_id),
      endpoint: text(values.sms_endpoint),
    };
    return driver.missingSetting(settings) ? null : { driver, settings };
  }

  async isEnabled(): Promise<boolean> {
    return (await this.driver()) !== null;
  }

  /** Sends one message; rejects when SMS is off or the provider refuses (the reason is logged, never the keys). */
  async send(message: SmsMessage): Promise<void> {
    const chosen = await this.driver();
    if (!chosen) throw new Error('SMS is not enabled');
    try {
      await chosen.driver.send(message, chosen.settings);
    } catch (error) {
      if (error instanceof SmsProviderError) {
        this.logger.warn(`${error.provider} did not send the ${message.event} message: ${error.providerCode} ${error.providerMessage}${error.requestId ? ` (request ${error.requestId})` : ''}`);
      } else {
        this.logger.warn(`Sending the ${message.event} message failed: ${(error as Error).message}`);
      }
      throw error;
    }
  }
}
