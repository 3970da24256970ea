import { Injectable } from '@nestjs/common';
import { callProvider, SmsDriver, SmsMessage, SmsProviderError, SmsSettings } from './sms-driver';
import { tc3Authorization } from './tencent-signature';

export const TENCENT_SMS_ENDPOINT = 'https://sms.tencentcloudapi.com/';
const SERVICE = 'sms';
const CONTENT_TYPE = 'application/json; charset=utf-8';

interface TencentAnswer {
  Response?: {
    Error?: { Code?: string; Message?: string };
    SendStatusSet?: Array<{ Code?: string; Message?: string }>;
    RequestId?: string;
  };
}

/**
 * Tencent Cloud SMS: the `SendSms` action of API version 2021-01-11, a JSON POST signed with TC3-HMAC-SHA256
 * (tencent-signature.ts). The template id and the variables in order of appearance (TemplateParamSet) come
 * from the message template of the event; mainland numbers are sent with +86.
 */
@Injectable()
export class TencentSmsDriver implements SmsDriver {
  readonly name = 'tencent';

  missingSetting(settings: SmsSettings): string | null {
    if (!settings.accessKeyId) return 'platform.config.title.sms_access_key_id';
    if (!settings.accessKeySecret) return 'platform.config.title.sms_access_key_secret';
    if (!settings.signName) return 'platform.config.title.sms_sign_name';
    if (!settings.sdkAppId) return 'platform.config.title.sms_sdk_app_id';
    return null;
  }

  async send(message: SmsMessage, settings: SmsSettings, now = new Date()): Promise<void> {
    if (!message.templateCode) throw new SmsProviderError(this.name, 'NoTemplateCode', `the ${message.event} template has no provider template code`);
    const endpoint = new URL(settings.endpoint || TENCENT_SMS_ENDPOINT);
    const payload = JSON.stringify({
      PhoneNumberSet: [message.mobile.startsWith('+') ? message.mobile : `+86${message.mobile}`],
      SmsSdkAppId: settings.sdkAppId,
      SignName: settings.signName,
      TemplateId: message.templateCode,
      TemplateParamSet: message.orderedParams,
    });
    const timestamp = Math.floor(now.getTime() / 1000);
    const authorization = tc3Authorization({ secretId: settings.accessKeyId, secretKey: settings.accessKeySecret, service: SERVICE, host: endpoint.host, contentType: CONTENT_TYPE, payload, timestamp });
    const response = await callProvider(this.name, endpoint, {
      method: 'POST',
      headers: {
        authorization,
        'content-type': CONTENT_TYPE,
        'x-tc-action': 'SendSms',
        'x-tc-timestamp': String(timestamp),
        'x-tc-version': '2021-01-11',
        'x-tc-region': settings.region || 'ap-guangzhou',
      },
      body: payload,
    });
    const answer = response.json<TencentAnswer>() ?? {};
    const body = answer.Response;
    if (!response.ok || !body) throw new SmsProviderError(this.name, `HTTP ${response.status}`, '');
    if (body.Error) throw new SmsProviderError(this.name, body.Error.Code ?? '', body.Error.Message ?? '', body.RequestId ?? '');
    const status = body.SendStatusSet?.[0];
    if (status?.Code !== 'Ok') throw new SmsProviderError(this.name, status?.Code ?? 'NoStatus', status?.Message ?? '', body.RequestId ?? '');
  }
}
