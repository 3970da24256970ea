import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { OutboundAnswer } from '../../../../shared/outbound/outbound-request';
import { aliyunSignature, aliyunTimestamp } from './aliyun-signature';
import { callProvider, SmsDriver, SmsMessage, SmsProviderError, SmsSettings } from './sms-driver';

export const ALIYUN_SMS_ENDPOINT = 'https://dysmsapi.aliyuncs.com/';

/**
 * Alibaba Cloud SMS: the `SendSms` action of dysmsapi (version 2017-05-25), an RPC-style call signed with
 * HMAC-SHA1 (aliyun-signature.ts), sent as a form POST. The template code and the variables the template
 * uses (TemplateParam, by name) come from the message template of the event.
 */
@Injectable()
export class AliyunSmsDriver implements SmsDriver {
  readonly name = 'aliyun';

  missingSetting(settings: SmsSettings): string | null {
    if (!settings.accessKeyId) return 'platform.config.title.sms_access_key_id';
    if (!settings.accessKeySecret) return 'platform.config.title.sms_access_key_secret';
    if (!settings.signName) return 'platform.config.title.sms_sign_name';
    return null;
  }

  async send(message: SmsMessage, settings: SmsSettings, now = new Date(), nonce = randomUUID()): Promise<void> {
    if (!message.templateCode) throw new SmsProviderError(this.name, 'NoTemplateCode', `the ${message.event} template has no provider template code`);
    const params: Record<string, string> = {
      AccessKeyId: settings.accessKeyId,
      Action: 'SendSms',
      Format: 'JSON',
      PhoneNumbers: message.mobile,
      RegionId: settings.region || 'cn-hangzhou',
      SignName: settings.signName,
      SignatureMethod: 'HMAC-SHA1',
      SignatureNonce: nonce,
      SignatureVersion: '1.0',
      TemplateCode: message.templateCode,
      TemplateParam: JSON.stringify(message.params),
      Timestamp: aliyunTimestamp(now),
      Version: '2017-05-25',
    };
    params.Signature = aliyunSignature('POST', params, settings.accessKeySecret);
    const response: OutboundAnswer = await callProvider(this.name, settings.endpoint || ALIYUN_SMS_ENDPOINT, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(params).toString(),
    });
    const answer = response.json<{ Code?: string; Message?: string; RequestId?: string }>();
    if (!response.ok || answer?.Code !== 'OK') {
      throw new SmsProviderError(this.name, answer?.Code ?? `HTTP ${response.status}`, answer?.Message ?? '', answer?.RequestId ?? '');
    }
  }
}
