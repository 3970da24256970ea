import { isWebhookEvent, WEBHOOK_EVENTS } from '../../../../contract/integration';

/** The column's format is the outbox's too (it writes only what an enabled webhook subscribes to). */
export { subscribedEvents } from '../../../shared/outbox/subscriptions';

/** The types a form sent, checked against the catalogue; answers the column value, or the first unknown type. */
export function eventsColumn(requested: readonly string[]): { value: string } | { unknown: string } {
  const unknown = requested.find((type) => !isWebhookEvent(type));
  if (unknown !== undefined) return { unknown };
  return { value: WEBHOOK_EVENTS.filter((type) => requested.includes(type)).join(',') };
}
