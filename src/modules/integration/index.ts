/** The integration context's public surface. */
export { IntegrationModule } from './integration.module';
export { WebhookWorker } from './delivery/webhook-worker';
export type { PassReport } from './delivery/webhook-worker';
export { WebhookFailingEvent } from './events/webhook-failing.event';
