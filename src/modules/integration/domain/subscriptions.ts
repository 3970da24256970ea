import { isWebhookEvent, WEBHOOK_EVENTS, WebhookEventType } from '../../../../contract/integration';

/** A webhook's `events` column (`'inbound.audited,stock.changed'`) → the types, in catalogue order. */
export function subscribedEvents(stored: string | null | undefined): WebhookEventType[] {
  const named = new Set(String(stored ?? '').split(','));
  return WEBHOOK_EVENTS.filter((type) => named.has(type));
}

/** The types a form sent, checked against the catalogue; answers the column value, or the first unknown type. */
export function eventsColumn(requested: readonly string[]): { value: string } | { unknown: string } {
  const unknown = requested.find((type) => !isWebhookEvent(type));
  if (unknown !== undefined) return { unknown };
  return { value: WEBHOOK_EVENTS.filter((type) => requested.includes(type)).join(',') };
}
