/**
 * Integration (API tokens, webhooks): the event catalogue, the states of a delivery and the shapes the back
 * office reads. The server writes and the web app shows exactly these.
 */

/** Every event type a webhook may subscribe to (`routine.Webhook` `events[]`). */
export const WEBHOOK_EVENTS = [
  'inbound.audited',
  'outbound.reserved',
  'outbound.shipped',
  'wave.released',
  'task.done',
  'stocktake.posted',
  'adjustment.audited',
  'return.audited',
  'lot.blocked',
  'stock.changed',
] as const;

export type WebhookEventType = (typeof WEBHOOK_EVENTS)[number];

/** The event "send test event" delivers to one webhook (never subscribed to, never sent to another). */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

export function isWebhookEvent(value: unknown): value is WebhookEventType {
  return typeof value === 'string' && (WEBHOOK_EVENTS as readonly string[]).includes(value);
}

/** A ledger event an outbox event stems from: its id, its stream, its place in the stream and its chain hash. */
export interface LedgerReference {
  event_id: number;
  stream: string;
  version: number;
  hash: string;
}

/** The JSON body of every delivery (signed as `<timestamp>.<body>`). */
export interface WebhookBody<Data = unknown> {
  id: string;
  type: WebhookEventType | typeof WEBHOOK_TEST_EVENT;
  occurred_at: number;
  data: Data;
  ledger: LedgerReference[];
}

/** `webhook_delivery.status`. */
export const DELIVERY_STATUS = { pending: 0, delivered: 1, failed: 2 } as const;

/** The prefix of an API token (`wms_` + 40 letters and digits). */
export const API_TOKEN_PREFIX = 'wms_';

/** `POST auth.ApiToken/add` answers the row and, this once, the token itself. */
export interface ApiTokenCreated {
  row: Record<string, unknown>;
  token: string;
}

/** `POST routine.Webhook/add` answers the row and, this once, its signing secret. */
export interface WebhookCreated {
  row: Record<string, unknown>;
  secret: string;
}
