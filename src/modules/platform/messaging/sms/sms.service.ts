import { Injectable } from '@nestjs/common';
import { DatabaseSmsDriver } from './database-sms.driver';
import { SmsDriver, SmsMessage } from './sms-driver';

/**
 * The SMS driver chosen by the SMS_DRIVER environment variable:
 * - unset or `none`: SMS is off (members verify by e-mail only; `Sms/send` is refused);
 * - `database`: the development driver, which records messages in the `sms_message` table.
 * A real provider: write a class implementing SmsDriver, provide it in platform.module.ts, and return it
 * here for its name (e.g. `aliyun`), reading its keys from the environment.
 */
@Injectable()
export class SmsService {
  constructor(private readonly database: DatabaseSmsDriver) {}

  driver(env: NodeJS.ProcessEnv = process.env): SmsDriver | null {
    const name = (env.SMS_DRIVER ?? '').trim().toLowerCase();
    if (name === 'database') return this.database;
    return null;
  }

  isEnabled(): boolean {
    return this.driver() !== null;
  }

  async send(message: SmsMessage): Promise<void> {
    const driver = this.driver();
    if (!driver) throw new Error('SMS is not enabled');
    await driver.send(message);
  }
}
