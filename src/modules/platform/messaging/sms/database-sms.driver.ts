import { Injectable } from '@nestjs/common';
import { TransactionRunner } from '../../../../shared/database/transaction-runner';
import { unixNow } from '../../../../shared/http/envelope';
import { SmsMessageEntity } from '../persistence/sms-message.entity';
import { SmsDriver, SmsMessage } from './sms-driver';

/** Development and test driver (SMS_DRIVER=database): "sends" by recording the message in `sms_message`. */
@Injectable()
export class DatabaseSmsDriver implements SmsDriver {
  readonly name = 'database';

  constructor(private readonly transactions: TransactionRunner) {}

  missingSetting(): string | null {
    return null;
  }

  async send(message: SmsMessage): Promise<void> {
    await this.transactions.run((manager) =>
      manager.insert(SmsMessageEntity, { mobile: message.mobile, template: message.event, content: message.content.slice(0, 500), createtime: unixNow() }),
    );
  }
}
