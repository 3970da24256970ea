import { CrudDefinition } from '../../../shared/crud';
import { WebhookDeliveryEntity, WebhookEntity } from '../persistence/webhook.entities';

/** The webhooks; their secret and the lease bookkeeping are never answered. */
export const WEBHOOK_LIST: CrudDefinition<WebhookEntity> = {
  entity: WebhookEntity,
  alias: 'hook',
  writable: [],
  hidden: ['secret', 'lease_owner', 'lease_until'],
  quickSearchFields: ['id', 'url'],
  searchFields: ['id', 'url', 'status', 'failing', 'createtime'],
  defaultOrder: [{ field: 'id', direction: 'DESC' as const }],
};

/** The deliveries, newest first, with their webhook's URL. */
export const DELIVERY_LIST: CrudDefinition<WebhookDeliveryEntity> = {
  entity: WebhookDeliveryEntity,
  alias: 'delivery',
  writable: [],
  joins: { webhook: { entity: WebhookEntity, on: 'webhook_id', columns: ['url'] } },
  quickSearchFields: ['id', 'event_id', 'type'],
  searchFields: ['id', 'webhook_id', 'event_id', 'type', 'status', 'attempts', 'last_status', 'next_attempt_time', 'delivered_time', 'createtime', 'webhook.url'],
  filterParams: ['webhook_id', 'status'],
  defaultOrder: [{ field: 'id', direction: 'DESC' as const }],
};
