import { WEBHOOK_EVENTS, WebhookEventType } from '../../../contract/integration';

/** A webhook's `events` column (`'inbound.audited,stock.changed'`) → the types, in catalogue order. */
export function subscribedEvents(stored: string | null | undefined): WebhookEventType[] {
  const named = new Set(String(stored ?? '').split(','));
  return WEBHOOK_EVENTS.filter((type) => named.has(type));
}
