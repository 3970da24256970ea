import { OutboundRefusedError, PROVIDER_CALLS } from '../../../../shared/outbound/outbound-guard';
import { OutboundAnswer, OutboundRequest, outboundRequest } from '../../../../shared/outbound/outbound-request';

/** One text message to send: the rendered text, and what template-based providers need instead of it. */
export interface SmsMessage {
  mobile: string;
  /** The event (`user_register`, …). */
  event: string;
  /** The full text (what the development driver records). */
  content: string;
  /** The provider's template code (Alibaba Cloud `SMS_…`, Tencent Cloud's TemplateId). */
  templateCode: string;
  /** The variables the template uses, by name (Alibaba Cloud's TemplateParam). */
  params: Record<string, string>;
  /** The same values in order of first appearance (Tencent Cloud's TemplateParamSet). */
  orderedParams: string[];
}

/** The SMS settings of the site (config group `sms`), with the secret. Never logged, never answered. */
export interface SmsSettings {
  accessKeyId: string;
  accessKeySecret: string;
  signName: string;
  region: string;
  /** Tencent Cloud's SmsSdkAppId. */
  sdkAppId: string;
  /**
   * Overrides the provider's address; '' for the provider's own. Like every provider call it must be https on
   * a public address (the outbound guard), unless OUTBOUND_ALLOW_PRIVATE=1 (the specs' loopback stand-ins).
   */
  endpoint: string;
}

/** Where text messages go: the development driver records them; the provider drivers call the provider. */
export interface SmsDriver {
  readonly name: string;
  /** Why the settings cannot work with this driver (an i18n key), or null when they can. */
  missingSetting(settings: SmsSettings): string | null;
  /** Sends one message; rejects with an SmsProviderError when the provider refuses it. */
  send(message: SmsMessage, settings: SmsSettings): Promise<void>;
}

/** The provider answered with an error (its code and message are logged, never answered to a member). */
export class SmsProviderError extends Error {
  constructor(
    readonly provider: string,
    readonly providerCode: string,
    readonly providerMessage: string,
    readonly requestId = '',
  ) {
    super(`${provider} refused the message: ${providerCode} ${providerMessage}`.trim());
  }
}

/** Seconds a provider may take to answer. */
export const SMS_TIMEOUT_MS = 10_000;

/**
 * Calls a provider through the outbound guard (https, public addresses, no redirects); a refusal or a network
 * failure becomes the provider's error (logged, never answered).
 */
export async function callProvider(provider: string, url: string | URL, request: Omit<OutboundRequest, 'timeoutMs'>): Promise<OutboundAnswer> {
  try {
    return await outboundRequest(url, { ...request, timeoutMs: SMS_TIMEOUT_MS }, PROVIDER_CALLS);
  } catch (error) {
    if (error instanceof OutboundRefusedError) throw new SmsProviderError(provider, 'OutboundRefused', error.message);
    throw new SmsProviderError(provider, 'Network', (error as Error).message);
  }
}
