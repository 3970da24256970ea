import { checkOutboundHost, checkOutboundUrl, OutboundPolicy, OutboundRefusedError } from '../../../shared/outbound/outbound-guard';
import { outboundRequest } from '../../../shared/outbound/outbound-request';
import { AppError } from '../../../shared/http/app-error';
import { signatureOf } from '../domain/signature';

/**
 * Webhook deliveries go through the outbound guard: https only, every address the host resolves to public,
 * redirects refused. `WEBHOOK_ALLOW_PRIVATE=1` lifts the address and https rules (a receiver on this machine
 * or the local network: development and the specs).
 */
export const WEBHOOK_CALLS: OutboundPolicy = { allowPrivateVariable: 'WEBHOOK_ALLOW_PRIVATE' };

/** A receiver gets this long to answer. */
const TIMEOUT_MS = 10_000;

/** Checks a webhook URL when it is saved (the address is checked again at every delivery). */
export async function checkWebhookUrl(url: string): Promise<void> {
  try {
    const target = checkOutboundUrl(url, WEBHOOK_CALLS);
    await checkOutboundHost(target.hostname, WEBHOOK_CALLS);
  } catch (error) {
    if (error instanceof OutboundRefusedError) throw new AppError(`integration.url_refused_${error.reason.replace('-', '_')}`, { detail: error.detail });
    throw error;
  }
}

/** What an attempt got: the receiver's HTTP status (0 when there was none) and, on failure, why. */
export interface AttemptResult {
  ok: boolean;
  status: number;
  error: string;
}

/** Posts one event: the body as stored, signed with the secret and the sending time. */
export async function postEvent(url: string, secret: string, eventId: string, body: string, timestamp: number): Promise<AttemptResult> {
  try {
    const answer = await outboundRequest(
      url,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'user-agent': 'wms-webhooks/1',
          'x-wms-event-id': eventId,
          'x-wms-timestamp': String(timestamp),
          'x-wms-signature': signatureOf(secret, timestamp, body),
        },
        body,
        timeoutMs: TIMEOUT_MS,
        maxBytes: 64 * 1024,
      },
      WEBHOOK_CALLS,
    );
    return { ok: answer.ok, status: answer.status, error: answer.ok ? '' : `HTTP ${answer.status}` };
  } catch (error) {
    return { ok: false, status: 0, error: String((error as Error).message ?? error).slice(0, 255) };
  }
}
